// Reader for SEC's company_tickers_exchange.json ({fields: [cik, name, ticker, exchange], data}):
// rows in file order (SEC lists a company's primary listing first). Columns found by name.
import fs from 'node:fs';
import { padCikValue } from './sec-submissions.js';

export interface SecTickerRow {
  cik: string;
  name: string | null;
  ticker: string;
  exchange: string | null;
}

/** Parses the file's JSON; throws when it does not have the SEC shape. */
function parseCompanyTickersExchange(json: unknown): SecTickerRow[] {
  const j = json as { fields?: unknown; data?: unknown } | null;
  if (!j || !Array.isArray(j.fields) || !Array.isArray(j.data)) throw new Error('expected {fields, data}');
  const col = (name: string) => (j.fields as unknown[]).indexOf(name);
  const iCik = col('cik');
  const iName = col('name');
  const iTicker = col('ticker');
  const iExchange = col('exchange');
  if (iCik < 0 || iTicker < 0) throw new Error('fields must include cik and ticker');
  const rows: SecTickerRow[] = [];
  for (const r of j.data as unknown[]) {
    if (!Array.isArray(r)) continue;
    const cik = padCikValue(r[iCik]);
    const ticker = typeof r[iTicker] === 'string' ? (r[iTicker] as string).trim() : '';
    if (!cik || ticker.length === 0) continue;
    const name = iName >= 0 && typeof r[iName] === 'string' ? (r[iName] as string) : null;
    const exchange = iExchange >= 0 && typeof r[iExchange] === 'string' && r[iExchange] !== '' ? (r[iExchange] as string) : null;
    rows.push({ cik, name, ticker, exchange });
  }
  return rows;
}

/** Reads the file; null when it is absent. Throws when it is present but unreadable. */
export function readCompanyTickersExchange(file: string): SecTickerRow[] | null {
  if (!fs.existsSync(file)) return null;
  return parseCompanyTickersExchange(JSON.parse(fs.readFileSync(file, 'utf8')));
}
