// Reader for the ISO 10383 market identifier code list (reference/ISO10383_MIC.csv): one row per
// MIC with its operating MIC, segment flag, names and country. Column names are matched exactly.
import fs from 'node:fs';
import path from 'node:path';
import { csvRows, nonBlank } from './csv-table.js';

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

function parseMicCsv(text: string): MicRow[] {
  const out: MicRow[] = [];
  for (const r of csvRows(text, { trim: true, bom: true })) {
    const mic = (r.MIC ?? '').trim();
    if (!mic) continue;
    out.push({
      mic,
      operatingMic: (r['OPERATING MIC'] ?? mic).trim(),
      kind: (r['OPRT/SGMT'] ?? '').trim(),
      name: (r['MARKET NAME-INSTITUTION DESCRIPTION'] ?? '').replace(/\s+/g, ' ').trim(),
      acronym: nonBlank(r.ACRONYM),
      countryCode: (r['ISO COUNTRY CODE (ISO 3166)'] ?? '').trim(),
      city: nonBlank(r.CITY),
      website: nonBlank(r.WEBSITE),
      status: (r.STATUS ?? '').trim(),
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
