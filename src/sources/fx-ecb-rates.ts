// Reader of the ECB euro reference rates file (fx/eurofxref-hist.csv[.gz]): a Date column, then one
// column per currency in units per EUR, `N/A` where none. Format only: a value is a finite positive
// number or null; the trailing empty column of the ECB file is dropped; rows keep the file's order.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';

export interface EcbRateRow {
  /** YYYY-MM-DD. */
  date: string;
  /** One per currency of EcbRates.currencies, same order; null where the file has N/A or blank. */
  rates: Array<number | null>;
}

export interface EcbRates {
  /** ISO 4217 codes of the currency columns, in file order. */
  currencies: string[];
  rows: EcbRateRow[];
  /** Lines left out (no valid date), shortened for a report. */
  rejected: string[];
  /** Fields that were neither N/A, blank nor a positive number (read as null). */
  badValues: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

function rateOf(field: string | undefined): { value: number | null; bad: boolean } {
  const t = (field ?? '').trim();
  if (t === '' || t.toUpperCase() === 'N/A') return { value: null, bad: false };
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? { value: n, bad: false } : { value: null, bad: true };
}

/** Parse the CSV text of the ECB history file. */
export function parseEcbRates(text: string): EcbRates {
  const records = parse(text, { relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  const header = records[0] ?? [];
  if ((header[0] ?? '').trim().toLowerCase() !== 'date') throw new Error('ECB rates file: the first column is not Date');
  // Columns with a currency code; the empty name after the trailing comma is no column.
  const columns: Array<{ index: number; code: string }> = [];
  for (let i = 1; i < header.length; i++) {
    const code = (header[i] ?? '').trim().toUpperCase();
    if (code === '') continue;
    if (!CURRENCY.test(code)) throw new Error(`ECB rates file: column ${i + 1} is not a currency code`);
    columns.push({ index: i, code });
  }
  const rows: EcbRateRow[] = [];
  const rejected: string[] = [];
  let badValues = 0;
  for (let r = 1; r < records.length; r++) {
    const f = records[r] as string[];
    const date = (f[0] ?? '').trim();
    if (!DATE.test(date)) {
      rejected.push(f.join(',').slice(0, 60));
      continue;
    }
    const rates: Array<number | null> = [];
    for (const c of columns) {
      const { value, bad } = rateOf(f[c.index]);
      if (bad) badValues++;
      rates.push(value);
    }
    rows.push({ date, rates });
  }
  return { currencies: columns.map((c) => c.code), rows, rejected, badValues };
}

/** Read the file; gzip by content (its magic bytes), so .csv and .csv.gz both work. */
export function readEcbRates(file: string): EcbRates {
  const bytes = fs.readFileSync(file);
  const plain = bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes;
  return parseEcbRates(plain.toString('utf8'));
}
