// Reader for SEC's ticker files: the current sec/company_tickers_exchange.json (or, when absent,
// sec/company_tickers.json) and the older snapshots in sec/history/. Both SEC shapes are read:
// {fields, data: [[cik, name, ticker, exchange]]} and {"0": {cik_str, ticker, title}}.
import fs from 'node:fs';
import path from 'node:path';

export interface SecTickerRow {
  /** Zero-padded 10-digit CIK. */
  cik: string;
  name: string;
  /** Ticker as SEC writes it (share class with '-', e.g. BRK-B), uppercase. */
  ticker: string;
  /** SEC exchange label (Nasdaq, NYSE, OTC, CBOE...) or null when the file has none. */
  exchange: string | null;
}

export interface SecTickerSnapshot {
  /** File name inside sec/ (e.g. history/company_tickers_exchange.2023-05.json). */
  file: string;
  /** YYYY-MM when the file name carries it, else null. */
  month: string | null;
  rows: SecTickerRow[];
}

function cikOf(v: unknown): string | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,10}$/.test(s) ? s.padStart(10, '0') : null;
}

/** Parses either SEC ticker-file shape; unknown shapes yield []. */
export function parseSecTickers(json: unknown): SecTickerRow[] {
  const out: SecTickerRow[] = [];
  if (json && typeof json === 'object' && Array.isArray((json as { data?: unknown }).data)) {
    const { fields, data } = json as { fields?: unknown; data: unknown[] };
    const names = Array.isArray(fields) ? fields.map(String) : ['cik', 'name', 'ticker', 'exchange'];
    const iCik = names.indexOf('cik');
    const iName = names.indexOf('name');
    const iTicker = names.indexOf('ticker');
    const iEx = names.indexOf('exchange');
    for (const row of data) {
      if (!Array.isArray(row)) continue;
      const cik = cikOf(row[iCik]);
      const ticker = typeof row[iTicker] === 'string' ? (row[iTicker] as string).trim().toUpperCase() : '';
      if (!cik || !ticker) continue;
      const ex = iEx >= 0 && typeof row[iEx] === 'string' && (row[iEx] as string).trim() ? (row[iEx] as string).trim() : null;
      out.push({ cik, name: String(row[iName] ?? '').trim(), ticker, exchange: ex });
    }
    return out;
  }
  if (json && typeof json === 'object') {
    for (const v of Object.values(json as Record<string, unknown>)) {
      if (!v || typeof v !== 'object') continue;
      const r = v as { cik_str?: unknown; ticker?: unknown; title?: unknown };
      const cik = cikOf(r.cik_str);
      const ticker = typeof r.ticker === 'string' ? r.ticker.trim().toUpperCase() : '';
      if (!cik || !ticker) continue;
      out.push({ cik, name: String(r.title ?? '').trim(), ticker, exchange: null });
    }
  }
  return out;
}

function readSnapshot(sourceDir: string, rel: string): SecTickerSnapshot | null {
  const file = path.join(sourceDir, 'sec', rel);
  if (!fs.existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const m = /(\d{4}-\d{2})/.exec(path.basename(rel));
  return { file: rel, month: m ? (m[1] as string) : null, rows: parseSecTickers(json) };
}

/** The current SEC ticker file (exchange shape preferred), or null. */
export function readCurrentSecTickers(sourceDir: string): SecTickerSnapshot | null {
  return readSnapshot(sourceDir, 'company_tickers_exchange.json') ?? readSnapshot(sourceDir, 'company_tickers.json');
}

/** Older SEC ticker snapshots in sec/history/, dated ones newest first, undated last. */
export function readSecTickerHistory(sourceDir: string): SecTickerSnapshot[] {
  const dir = path.join(sourceDir, 'sec', 'history');
  if (!fs.existsSync(dir)) return [];
  const snaps = fs.readdirSync(dir).filter((n) => n.endsWith('.json'))
    .map((n) => readSnapshot(sourceDir, path.join('history', n)))
    .filter((s): s is SecTickerSnapshot => s !== null);
  return snaps.sort((a, b) => (b.month ?? '').localeCompare(a.month ?? ''));
}
