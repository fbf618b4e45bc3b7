// Reader for the ISO 10383 market identifier code list (reference/ISO10383_MIC.csv): one row per
// MIC with its operating MIC, segment flag, names and country. Column names are matched exactly.
import fs from 'node:fs';
import path from 'node:path';
import { cell, columnPositions, csvRecords } from './csv-table.js';

export interface MicRow {
  mic: string;
  operatingMic: string;
  /** 'OPRT' (operating MIC) or 'SGMT' (market segment). */
  kind: string;
  name: string;
  acronym: string | null;
  countryCode: string;
  city: string | null;
  website: string | null;
  status: string;
}

function orNull(v: string | undefined): string | null {
  return v && v.trim() ? v.trim() : null;
}

export function parseMicCsv(text: string): MicRow[] {
  const records = csvRecords(text, { trim: true, bom: true });
  const header = records[0] ?? [];
  const at = (name: string) => columnPositions(header, name);
  const micAt = at('MIC');
  const operatingAt = at('OPERATING MIC');
  const kindAt = at('OPRT/SGMT');
  const nameAt = at('MARKET NAME-INSTITUTION DESCRIPTION');
  const acronymAt = at('ACRONYM');
  const countryAt = at('ISO COUNTRY CODE (ISO 3166)');
  const cityAt = at('CITY');
  const websiteAt = at('WEBSITE');
  const statusAt = at('STATUS');
  const out: MicRow[] = [];
  for (let i = 1; i < records.length; i += 1) {
    const r = records[i] as string[];
    const mic = (cell(r, micAt) ?? '').trim();
    if (!mic) continue;
    out.push({
      mic,
      operatingMic: (cell(r, operatingAt) ?? mic).trim(),
      kind: (cell(r, kindAt) ?? '').trim(),
      name: (cell(r, nameAt) ?? '').replace(/\s+/g, ' ').trim(),
      acronym: orNull(cell(r, acronymAt)),
      countryCode: (cell(r, countryAt) ?? '').trim(),
      city: orNull(cell(r, cityAt)),
      website: orNull(cell(r, websiteAt)),
      status: (cell(r, statusAt) ?? '').trim(),
    });
  }
  return out;
}

/** reference/ISO10383_MIC.csv, or [] when absent. */
export function readMics(sourceDir: string): MicRow[] {
  const file = path.join(sourceDir, 'reference', 'ISO10383_MIC.csv');
  if (!fs.existsSync(file)) return [];
  return parseMicCsv(fs.readFileSync(file, 'utf8'));
}
