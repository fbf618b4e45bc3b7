// Reader for identifiers/cik_cusip.csv (cik, cusip6, cusip8): CIK-to-CUSIP links mined from
// 13D/13G filings. Rows are returned as found (noise included); CIKs come back zero-padded.
import fs from 'node:fs';
import path from 'node:path';
import { csvRows } from './csv-table.js';
import { padCik } from '../model/cik.js';

export interface CikCusipRow {
  /** Zero-padded 10-digit CIK. */
  cik: string;
  cusip6: string;
  /** First 8 characters of the CUSIP (no check digit), uppercase; may be malformed in the source. */
  cusip8: string;
}

function parseCikCusip(text: string): CikCusipRow[] {
  const out: CikCusipRow[] = [];
  for (const r of csvRows(text, { trim: true })) {
    const cik = padCik((r.cik ?? '').trim());
    if (cik === null) continue;
    out.push({ cik, cusip6: (r.cusip6 ?? '').toUpperCase(), cusip8: (r.cusip8 ?? '').toUpperCase() });
  }
  return out;
}

/** identifiers/cik_cusip.csv, or [] when the mirror has none. */
export function readCikCusip(sourceDir: string): CikCusipRow[] {
  const file = path.join(sourceDir, 'identifiers', 'cik_cusip.csv');
  if (!fs.existsSync(file)) return [];
  return parseCikCusip(fs.readFileSync(file, 'utf8'));
}
