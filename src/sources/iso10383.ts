// Reader for the ISO 10383 market identifier code list (reference/ISO10383_MIC.csv): one row per
// MIC with its operating MIC, segment flag, names and country. Column names are matched exactly.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';

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
  const records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, relax_column_count: true, bom: true }) as Record<string, string>[];
  const out: MicRow[] = [];
  for (const r of records) {
    const mic = (r.MIC ?? '').trim();
    if (!mic) continue;
    const orNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
    out.push({
      mic,
      operatingMic: (r['OPERATING MIC'] ?? mic).trim(),
      kind: (r['OPRT/SGMT'] ?? '').trim(),
      name: (r['MARKET NAME-INSTITUTION DESCRIPTION'] ?? '').replace(/\s+/g, ' ').trim(),
      acronym: orNull(r.ACRONYM),
      countryCode: (r['ISO COUNTRY CODE (ISO 3166)'] ?? '').trim(),
      city: orNull(r.CITY),
      website: orNull(r.WEBSITE),
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
