// A company's market data read through the named queries (either backend), as the records build
// reads it from its own tables (market-reader.ts): the first of the symbols with prices or splits,
// the other symbols with prices as alternatives. For records computed on request (point in time),
// in the company's reporting currency per ordinary share as the build's records are
// (market/listing-conversion.ts, with the stored adr_ratios and the ECB rates of fx_rates).
import { companyMarketData, type MarketData } from '../market/market-data.js';
import { marketInReportingTerms, type AdrRatio } from '../market/listing-conversion.js';
import type { DatasetQueries } from './queries/read-queries.js';
import { adrRatioOfRow } from './tables/adr-ratios-table.js';
import { isShareCountSplit } from '../market/found-splits.js';

/** The currency every price set quotes in (docs/metrics.md, Market values of foreign issuers). */
const LISTING_CURRENCY = 'USD';

/** Bars of one symbol are read whole: every close since listing. */
const ALL_BARS = 1_000_000;

export async function readCompanyMarketData(dataset: Pick<DatasetQueries, 'prices' | 'splits'>, cik: string, symbols: readonly string[]): Promise<MarketData | null> {
  const splitRows = await dataset.splits.forCompany(cik, symbols);
  const series: MarketData[] = [];
  for (const symbol of symbols) {
    const bars = await dataset.prices.bars({ symbol, order: 'ASC', limit: ALL_BARS });
    // splits found in the share counts are calendar only (market/found-splits.ts)
    const splits = splitRows.filter((r) => r.symbol === symbol && !isShareCountSplit(r.source)).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
      .map((r) => ({ date: r.date, from: r.from_shares, to: r.to_shares }));
    series.push({ ticker: symbol, dates: bars.map((b) => b.date), closes: bars.map((b) => b.close), splits });
  }
  return companyMarketData(series);
}

/**
 * readCompanyMarketData in the reporting terms of `currency` (the company's reporting currency):
 * unchanged for a USD reporter whose symbols have no ADR ratio other than 1.
 */
export async function readCompanyMarketDataIn(
  dataset: Pick<DatasetQueries, 'prices' | 'splits' | 'fx'>, cik: string, symbols: readonly string[], currency: string | null,
): Promise<MarketData | null> {
  const market = await readCompanyMarketData(dataset, cik, symbols);
  if (market === null || currency === null) return market;
  const ratios = new Map<string, AdrRatio>();
  for (const s of [market, ...(market.alternatives ?? [])]) {
    const row = await dataset.prices.adrRatio(s.ticker);
    if (row) ratios.set(s.ticker, adrRatioOfRow(row));
  }
  if (currency === LISTING_CURRENCY && [...ratios.values()].every((r) => r.ratio === 1)) return market;
  const legs = new Map<string, { base: number; quote: number }>();
  if (currency !== LISTING_CURRENCY) {
    for (const r of await dataset.fx.pairRates({ base: LISTING_CURRENCY, quote: currency, order: 'ASC', limit: ALL_BARS })) {
      legs.set(r.date, { base: r.base_rate, quote: r.quote_rate });
    }
  }
  const perEur = (c: string, date: string): number | null => {
    const l = legs.get(date);
    if (!l) return null;
    return c === LISTING_CURRENCY ? l.base : c === currency ? l.quote : null;
  };
  return marketInReportingTerms(market, currency, LISTING_CURRENCY, ratios, perEur);
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
