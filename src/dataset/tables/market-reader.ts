// Read side of the market tables for the records build: one symbol's as-traded closes and split
// history, in the shape metrics/ consumes (MarketData). Statements are prepared once per db. The
// market step also leaves symbols' closes in memory (the `closes` hand-off, up to a byte budget so
// the build's memory does not grow with the universe): read from there, a company's market data
// costs no query of the prices table (~1 s of the main thread per corpus build); a symbol the
// hand-off does not hold is read from the table, with the same result.
import { SHARE_COUNT_SOURCE } from '../../model/record-types.js';
import type { Database } from 'better-sqlite3';
import { companyMarketData, type MarketData } from '../../market/market-data.js';
import { sharesAroundSplit } from '../../market/stock-splits.js';

export interface MarketReader {
  /**
   * The first of `symbols` that has prices or splits, with the other symbols that have prices as
   * `alternatives` (metrics/ picks the share class matching the reported share counts).
   */
  read(symbols: readonly string[]): MarketData | null;
}

/**
 * One symbol's rows of the prices table, date order: dates concatenated (10 Latin-1 bytes each)
 * and closes as unboxed doubles, both outside the JS heap (18 bytes a bar; a number[] cloned from a
 * worker or read from SQLite holds each close as a 16-byte heap number behind an 8-byte slot, and
 * the build thread's heap grows a multiple of what it holds).
 */
export interface SymbolCloses {
  dates: Buffer;
  closes: Float64Array;
}
export type ClosesBySymbol = ReadonlyMap<string, SymbolCloses>;

/**
 * `inMemory`: the closes of symbols of the prices table (what the market step wrote), read instead
 * of the table; other symbols are queried. Splits are read from the db either way.
 */
export function createMarketReader(db: Database, inMemory?: ClosesBySymbol): MarketReader {
  const hasPrices = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'prices'").get() !== undefined;
  if (!hasPrices) return { read: () => null };
  const closes = db.prepare('SELECT date, close FROM prices WHERE symbol = ? ORDER BY date');
  // splits found in the share counts are calendar only (market/found-splits.ts)
  const splits = db.prepare(`SELECT date, from_shares AS "from", to_shares AS "to" FROM splits WHERE symbol = ? AND source NOT LIKE ? ORDER BY date`);
  const foundSplits = `${SHARE_COUNT_SOURCE}%`;
  const closesOf = (symbol: string): { dates: string[]; closes: number[] } => {
    const held = inMemory?.get(symbol);
    if (!held) {
      const rows = closes.raw(true).all(symbol) as Array<[string, number]>;
      return { dates: rows.map((r) => r[0]), closes: rows.map((r) => r[1]) };
    }
    const text = held.dates.toString('latin1');
    const dates = new Array<string>(held.closes.length);
    for (let i = 0; i < dates.length; i++) dates[i] = text.slice(i * 10, i * 10 + 10);
    return { dates, closes: Array.from(held.closes) };
  };
  return {
    read(symbols) {
      return companyMarketData(symbols.map((symbol) => {
        const rows = closesOf(symbol);
        return { ticker: symbol, dates: rows.dates, closes: rows.closes, splits: splits.all(symbol, foundSplits) as Array<{ date: string; from: number; to: number }> };
      }));
    },
  };
}

/**
 * Other symbols of a company from the ticker universe (`tickers` table of the reference step,
 * when present), so a company whose prices are filed under a former or second-class symbol
 * still gets them. The primary ticker is always tried first by the caller.
 */
export function tickerSymbolsOf(db: Database): (cik: string) => string[] {
  const cols = db.prepare("SELECT name FROM pragma_table_info('tickers')").all() as Array<{ name: string }>;
  const names = new Set(cols.map((c) => c.name));
  if (!names.has('cik') || !(names.has('symbol') || names.has('ticker'))) return () => [];
  const symbolCol = names.has('symbol') ? 'symbol' : 'ticker';
  const st = db.prepare(`SELECT ${symbolCol} AS s FROM tickers WHERE cik = ? ORDER BY ${symbolCol}`);
  return (cik) => (st.all(cik) as Array<{ s: string }>).map((r) => r.s);
}

/** Fills the company link and pre/post split shares of the splits of a company's symbols. */
export function createSplitSharesWriter(db: Database): { write(cik: string, symbols: readonly string[], shares: ReadonlyArray<{ date: string; value: number }>): void } {
  const hasSplits = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'splits'").get() !== undefined;
  if (!hasSplits) return { write: () => undefined };
  const list = db.prepare('SELECT symbol, date FROM splits WHERE symbol = ? AND cik IS NULL');
  const put = db.prepare('UPDATE splits SET cik = ?, pre_split_shares = ?, post_split_shares = ? WHERE symbol = ? AND date = ?');
  return {
    write(cik, symbols, shares) {
      for (const symbol of symbols) {
        for (const s of list.all(symbol) as Array<{ symbol: string; date: string }>) {
          const around = sharesAroundSplit(shares, s.date);
          put.run(cik, around.pre, around.post, s.symbol, s.date);
        }
      }
    },
  };
}
