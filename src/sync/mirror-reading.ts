// What sync reads back from its mirror: the ticker file's rows, a company's ticker symbols
// (submissions `tickers` first, then the ticker file's rows) and the newest date of a price set.
import fs from 'node:fs';
import path from 'node:path';
import { readCompanyTickersExchange, type SecTickerRow } from '../sources/sec-company-tickers-exchange.js';
import { parseSubmission, readSubmissionJson } from '../sources/sec-submissions.js';

/** Symbols a price file may be named after (SEC spells class shares with '-', e.g. BRK-B). */
const SYMBOL = /^[A-Z0-9][A-Z0-9.-]{0,14}$/;

export function tickerRowsOf(mirror: string): SecTickerRow[] {
  try {
    return readCompanyTickersExchange(path.join(mirror, 'sec', 'company_tickers_exchange.json')) ?? [];
  } catch {
    return [];
  }
}

/** The company's ticker symbols in the mirror, primary first; empty when nothing is known yet. */
export function symbolsOfCompany(mirror: string, cik: string, tickerRows: readonly SecTickerRow[]): string[] {
  const out: string[] = [];
  const file = path.join(mirror, 'sec', 'submissions', `CIK${cik}.json`);
  if (fs.existsSync(file)) {
    const json = readSubmissionJson(fs.readFileSync(file));
    if (json) out.push(...parseSubmission(json, cik).tickers);
  }
  for (const r of tickerRows) if (r.cik === cik) out.push(r.ticker);
  return [...new Set(out.map((s) => s.toUpperCase()).filter((s) => SYMBOL.test(s)))];
}

/** The newest row date over a price set's CSV files (their last lines); null when none has rows. */
export function latestPriceDate(setDir: string): string | null {
  let best: string | null = null;
  for (const name of fs.readdirSync(setDir)) {
    if (!name.toLowerCase().endsWith('.csv')) continue;
    const text = fs.readFileSync(path.join(setDir, name), 'utf8').trimEnd();
    const date = text.slice(text.lastIndexOf('\n') + 1).slice(0, 10);
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && (best === null || date > best)) best = date;
  }
  return best;
}
