// Reader for the ISO 10383 market identifier code list (reference/ISO10383_MIC.csv): one row per
// MIC with its operating MIC, segment flag, names and country. Column names are matched exactly.
import fs from 'node:fs';
import path from 'node:path';
import { cell, columnsOf, csvRecords, nonBlank } from './csv-table.js';

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

export function parseMicCsv(text: string): MicRow[] {
  const records = csvRecords(text, { trim: true, bom: true });
  const c = columnsOf(records[0] ?? [], ['MIC', 'OPERATING MIC', 'OPRT/SGMT', 'MARKET NAME-INSTITUTION DESCRIPTION', 'ACRONYM',
    'ISO COUNTRY CODE (ISO 3166)', 'CITY', 'WEBSITE', 'STATUS']);
  const out: MicRow[] = [];
  for (let i = 1; i < records.length; i += 1) {
    const r = records[i] as string[];
    const mic = (cell(r, c.MIC) ?? '').trim();
    if (!mic) continue;
    out.push({
      mic,
      operatingMic: (cell(r, c['OPERATING MIC']) ?? mic).trim(),
      kind: (cell(r, c['OPRT/SGMT']) ?? '').trim(),
      name: (cell(r, c['MARKET NAME-INSTITUTION DESCRIPTION']) ?? '').replace(/\s+/g, ' ').trim(),
      acronym: nonBlank(cell(r, c.ACRONYM)),
      countryCode: (cell(r, c['ISO COUNTRY CODE (ISO 3166)']) ?? '').trim(),
      city: nonBlank(cell(r, c.CITY)),
      website: nonBlank(cell(r, c.WEBSITE)),
      status: (cell(r, c.STATUS) ?? '').trim(),
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
