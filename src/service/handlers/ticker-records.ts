// Ticker records for the v2/v1 ticker endpoints: search (ranked), look-ups by CIK, CUSIP and ISIN
// (each record carries the identifier looked up), per-exchange and full lists. Transport-agnostic.
import { ApiError } from '../errors.js';
import type { ApiDeps } from '../endpoint-types.js';
import { cusipFromIsin, isValidCusip, isValidIsin } from '../../reference/check-digits.js';
import { padCik } from '../../model/cik.js';
import { venue } from '../../reference/exchanges.js';
import { tickerIndexFor } from '../../dataset/load-ticker-index.js';
import { searchTickers } from '../../search/ticker-search.js';
import { companyTickerOrder, isShareLine, referenceCatalog } from '../../dataset/reference-catalog.js';
import type { TickerRow } from '../../dataset/queries/ticker-queries.js';

export interface TickerRecord {
  symbol: string;
  name: string;
  exchange_name: string | null;
  exchange: string | null;
  type: string;
  cik?: string | null;
  cusip?: string;
  isin?: string;
  listed?: boolean;
}

export const TICKER_COLUMNS = ['symbol', 'name', 'exchange_name', 'exchange', 'type'] as const;

function tickerRecord(t: Pick<TickerRow, 'symbol' | 'name' | 'exchange_name' | 'exchange' | 'type'>): TickerRecord {
  return { symbol: t.symbol, name: t.name, exchange_name: t.exchange_name, exchange: t.exchange, type: t.type };
}

export function searchRecords(deps: ApiDeps, query: string, limit: number, exchange: string | null, mode: 'all' | 'name'): TickerRecord[] {
  const hits = searchTickers(tickerIndexFor(deps.dataset), query, { limit, exchange, mode });
  return hits.map((h) => ({ symbol: h.entry.symbol, name: h.entry.name, exchange_name: h.entry.exchangeName, exchange: h.entry.exchange, type: h.entry.type }));
}

export function byCikRecords(deps: ApiDeps, rawCik: string): TickerRecord[] {
  const cik = padCik(rawCik);
  if (cik === null) return []; // the route's pattern admits only 1-10 digits
  const rows = [...(referenceCatalog(deps.dataset).byCik.get(cik) ?? [])].sort(companyTickerOrder);
  return rows.map((t) => ({ ...tickerRecord(t), cik }));
}

/** Tickers a CUSIP denotes: the ticker carrying it, else the share lines of the CIK it resolves to. */
function tickersForCusip(deps: ApiDeps, cusip: string): TickerRow[] {
  const cat = referenceCatalog(deps.dataset);
  const direct = cat.tickers.filter((t) => t.cusip === cusip);
  if (direct.length > 0) return direct.sort(companyTickerOrder);
  const cik = deps.resolver.cikForCusip(cusip);
  const rows = cik ? cat.byCik.get(cik) ?? [] : [];
  const shares = rows.filter(isShareLine);
  return [...(shares.length > 0 ? shares : rows)].sort(companyTickerOrder);
}

export function byCusipRecords(deps: ApiDeps, raw: string): TickerRecord[] {
  const cusip = raw.toUpperCase();
  if (!isValidCusip(cusip)) throw new ApiError('parameter_invalid', `'${cusip.slice(0, 12)}' is not a valid CUSIP (9 characters with a matching check digit)`, 'cusip');
  return tickersForCusip(deps, cusip).map((t) => ({ ...tickerRecord(t), cusip }));
}

export function byIsinRecords(deps: ApiDeps, raw: string): TickerRecord[] {
  const isin = raw.toUpperCase();
  if (!isValidIsin(isin)) throw new ApiError('parameter_invalid', `'${isin.slice(0, 14)}' is not a valid ISIN (12 characters with a matching check digit)`, 'isin');
  const cat = referenceCatalog(deps.dataset);
  const direct = cat.tickers.filter((t) => t.isin === isin);
  const cusip = cusipFromIsin(isin);
  const rows = direct.length > 0 ? direct.sort(companyTickerOrder) : cusip ? tickersForCusip(deps, cusip) : [];
  return rows.map((t) => ({ ...tickerRecord(t), isin }));
}

export function byExchangeRecords(deps: ApiDeps, raw: string): TickerRecord[] {
  const code = raw.toUpperCase();
  const cat = referenceCatalog(deps.dataset);
  if (!cat.v3Exchanges.some((e) => e.code === code) && venue(code) === null) {
    throw new ApiError('resource_missing', `unknown exchange '${code.slice(0, 16)}': see /v2/exchanges/list`, 'exchange');
  }
  // every ticker on the exchange, delisted ones too (the spec: "every ticker on that exchange"),
  // each with its listing status
  return cat.tickers.filter((t) => t.exchange === code).map((t) => ({ ...tickerRecord(t), listed: t.listed === 1 }));
}

export function listRecords(deps: ApiDeps, listed: boolean | undefined): TickerRecord[] {
  return referenceCatalog(deps.dataset).tickers
    .filter((t) => listed === undefined || (t.listed === 1) === listed)
    .map((t) => ({ ...tickerRecord(t), listed: t.listed === 1 }));
}
