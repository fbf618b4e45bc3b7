// A company's market data read through the named queries (either backend), as the records build
// reads it from its own tables (market-reader.ts): the first of the symbols with prices or splits,
// the other symbols with prices as alternatives. For records computed on request (point in time).
import { companyMarketData, type MarketData } from '../market/market-data.js';
import type { DatasetQueries } from './queries/read-queries.js';

/** Bars of one symbol are read whole: every close since listing. */
const ALL_BARS = 1_000_000;

export async function readCompanyMarketData(dataset: Pick<DatasetQueries, 'prices' | 'splits'>, cik: string, symbols: readonly string[]): Promise<MarketData | null> {
  const splitRows = await dataset.splits.forCompany(cik, symbols);
  const series: MarketData[] = [];
  for (const symbol of symbols) {
    const bars = await dataset.prices.bars({ symbol, order: 'ASC', limit: ALL_BARS });
    const splits = splitRows.filter((r) => r.symbol === symbol).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .map((r) => ({ date: r.date, from: r.from_shares, to: r.to_shares }));
    series.push({ ticker: symbol, dates: bars.map((b) => b.date), closes: bars.map((b) => b.close), splits });
  }
  return companyMarketData(series);
}

const linksByDataset = new WeakMap<object, Map<string, string[]>>();

/** The symbols the build read a company's market data under: its primary ticker (or CIK), then its other tickers by name. */
export function companySymbols(dataset: Pick<DatasetQueries, 'identifiers'>, cik: string, ticker: string): string[] {
  let links = linksByDataset.get(dataset);
  if (!links) {
    links = new Map();
    for (const l of dataset.identifiers.tickerLinks()) {
      const c = String(l.cik).padStart(10, '0');
      const list = links.get(c);
      if (list) list.push(l.symbol); else links.set(c, [l.symbol]);
    }
    for (const list of links.values()) list.sort();
    linksByDataset.set(dataset, links);
  }
  return [ticker, ...(links.get(cik) ?? []).filter((s) => s !== ticker)];
}
