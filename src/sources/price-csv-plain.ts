// The plain reference path of parsePriceColumns (prices-set.ts, which reads fields in place with
// csv-number.ts for speed): each row split on ',' and each number read by Number(). Invariant: the
// same columns for every text (prices-set.test.ts compares the two over the corpus's price files).
import { sortedByDate, type PriceColumns, type PriceSetManifest } from './prices-set.js';

/** A field's number as Number() reads it; NaN when the field is absent, empty or not a finite number. */
function numberOrNaN(field: string | undefined): number {
  if (field === undefined || field === '') return NaN;
  const n = Number(field);
  return Number.isFinite(n) ? n : NaN;
}

/** parsePriceColumns, written plainly: rows without a date or a positive close, or dated before fromDate, dropped; sorted by date. */
export function parsePriceColumnsPlain(
  text: string, columns: PriceSetManifest['columns'], fromDate?: string,
): PriceColumns {
  const out: PriceColumns = { dates: [], open: [], high: [], low: [], close: [], volume: [] };
  const events = (columns.dividends ?? -1) >= 0 && (columns.splitRatio ?? -1) >= 0;
  if (events) { out.dividends = []; out.splitRatio = []; }
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.length < 12) continue;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const f = line.split(',');
    const date = f[columns.date];
    if (date === undefined) throw new TypeError('price row without a date column');
    if (date.length !== 10 || date[4] !== '-' || date[7] !== '-') continue;
    if (fromDate !== undefined && date < fromDate) continue;
    const close = numberOrNaN(f[columns.close]);
    if (!(close > 0)) continue; // also drops NaN (no close)
    out.dates.push(date);
    out.open.push(numberOrNaN(f[columns.open]));
    out.high.push(numberOrNaN(f[columns.high]));
    out.low.push(numberOrNaN(f[columns.low]));
    out.close.push(close);
    out.volume.push(numberOrNaN(f[columns.volume]));
    if (events) {
      out.dividends!.push(numberOrNaN(f[columns.dividends!]));
      out.splitRatio!.push(numberOrNaN(f[columns.splitRatio!]));
    }
  }
  return sortedByDate(out);
}
