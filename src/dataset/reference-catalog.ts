// The reference catalog, computed once per dataset handle from the ticker, company and reference
// queries: ticker rows by symbol and CIK, each listed ticker's sector/industry/country
// (profiles.csv first, else the CIK's SEC SIC code and business address), the v2 list catalogs
// with ticker counts, and the v3 exchange and market resources.
// Invariant: a profile's sector/industry/country and the list endpoints come from the same function.
import crypto from 'node:crypto';
import type { CompanyRow } from './queries/company-queries.js';
import type { DatasetQueries } from './queries/read-queries.js';
import type { ProfileSourceRow } from './queries/reference-queries.js';
import type { TickerRow } from './queries/ticker-queries.js';
import { venue } from '../reference/exchanges.js';
import { industryFromSicDescription, normalizeSector, sectorFromSic } from '../reference/sectors.js';

export interface Classification { sector: string | null; industry: string | null; country: string | null }

export interface ExchangeResource {
  id: string; object: 'v3.reference.exchange'; code: string; exchange_name: string | null; exchange_local_name: string | null;
  mics: string[]; markets: string[]; symbol_count: number;
}

export interface MarketResource {
  id: string; object: 'v3.reference.market'; code: string; country_code: string; exchanges: string[]; symbol_count: number;
}

export interface ReferenceCatalog {
  /** Ascending by symbol. */
  tickers: readonly TickerRow[];
  bySymbol: Map<string, TickerRow>;
  byCik: Map<string, TickerRow[]>;
  companies: Map<string, CompanyRow>;
  profiles: Map<string, ProfileSourceRow>;
  classify(t: TickerRow): Classification;
  exchangeList: Array<{ exchange: string; exchange_name: string | null; ticker_count: number }>;
  sectorList: Array<{ sector: string; ticker_count: number }>;
  industryList: Array<{ industry: string; sector: string | null; ticker_count: number }>;
  countryList: Array<{ country: string; ticker_count: number }>;
  v3Exchanges: ExchangeResource[];
  v3Markets: MarketResource[];
}

const US_STATES = new Set(('AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK '
  + 'OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR').split(' '));
const COUNTRY_ALIASES: Record<string, string> = { 'Taiwan, Province of China': 'Taiwan', 'Korea, Republic of': 'South Korea' };

/** Deterministic public id: prefix + the first 16 hex digits of SHA-256 over (kind, code). */
export function publicId(prefix: 'exc' | 'mkt' | 'tkr', code: string): string {
  return `${prefix}_${crypto.createHash('sha256').update(`${prefix}:${code}`).digest('hex').slice(0, 16)}`;
}

/** Headquarters country from SEC's business address: a US state code means the United States. */
function countryFromAddress(json: string | null): string | null {
  if (!json) return null;
  try {
    const a = JSON.parse(json) as { stateOrCountry?: string | null; country?: string | null };
    const soc = (a.stateOrCountry ?? '').toUpperCase();
    if (US_STATES.has(soc)) return 'United States';
    const c = a.country?.trim();
    if (c && !US_STATES.has(c.toUpperCase())) return COUNTRY_ALIASES[c] ?? c;
  } catch { /* unreadable address: no country */ }
  return null;
}

function countBy<T>(items: Iterable<T>, key: (t: T) => string | null): Map<string, number> {
  const m = new Map<string, number>();
  for (const it of items) {
    const k = key(it);
    if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

const byCountDesc = <T extends { ticker_count: number }>(name: (t: T) => string) => (a: T, b: T) => b.ticker_count - a.ticker_count || name(a).localeCompare(name(b));

function build(dataset: DatasetQueries): ReferenceCatalog {
  const tickers = dataset.tickers.all();
  const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
  const byCik = new Map<string, TickerRow[]>();
  for (const t of tickers) {
    if (!t.cik) continue;
    const l = byCik.get(t.cik) ?? [];
    l.push(t);
    byCik.set(t.cik, l);
  }
  const companies = new Map<string, CompanyRow>();
  for (const c of dataset.companies.all()) companies.set(c.cik, c);
  const profiles = new Map<string, ProfileSourceRow>();
  for (const p of dataset.reference.profileSources()) profiles.set(p.symbol, p);
  const classify = (t: TickerRow): Classification => {
    const p = profiles.get(t.symbol);
    const c = t.cik ? companies.get(t.cik) : undefined;
    const sicSector = sectorFromSic(c?.sic);
    const profileSector = normalizeSector(p?.sector ?? null);
    return {
      sector: profileSector ?? sicSector,
      industry: profileSector ? (p?.industry ?? null) : sicSector ? industryFromSicDescription(c?.sic_description) : null,
      country: p?.country ?? countryFromAddress(c?.business_address ?? null),
    };
  };
  const listed = tickers.filter((t) => t.listed === 1);
  const classes = listed.map((t) => ({ t, c: classify(t) }));

  const exchangeList = [...countBy(listed, (t) => t.exchange)].map(([exchange, n]) => ({
    exchange, exchange_name: venue(exchange)?.name ?? null, ticker_count: n,
  })).sort(byCountDesc((x) => x.exchange));
  const sectorList = [...countBy(classes, (x) => x.c.sector)].map(([sector, n]) => ({ sector, ticker_count: n })).sort(byCountDesc((x) => x.sector));
  const industrySector = new Map<string, Map<string, number>>();
  for (const { c } of classes) {
    if (!c.industry) continue;
    const m = industrySector.get(c.industry) ?? new Map<string, number>();
    if (c.sector) m.set(c.sector, (m.get(c.sector) ?? 0) + 1);
    industrySector.set(c.industry, m);
  }
  const industryList = [...countBy(classes, (x) => x.c.industry)].map(([industry, n]) => {
    const sectors = [...(industrySector.get(industry) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    return { industry, sector: sectors[0]?.[0] ?? null, ticker_count: n };
  }).sort(byCountDesc((x) => x.industry));
  const countryList = [...countBy(classes, (x) => x.c.country)].map(([country, n]) => ({ country, ticker_count: n })).sort(byCountDesc((x) => x.country));

  // v3 catalogs. Exchange symbol counts include delisted tickers; market counts are listed symbols.
  const micNames = new Map<string, string>();
  for (const m of dataset.reference.mics()) micNames.set(m.mic, m.name);
  const v3Exchanges: ExchangeResource[] = [];
  const exchangeCodes = [...new Set(tickers.map((t) => t.exchange).filter((x): x is string => x !== null))].sort();
  for (const code of exchangeCodes) {
    const rows = tickers.filter((t) => t.exchange === code);
    const mics = [...countBy(rows, (t) => (t.mic && micNames.has(t.mic) ? t.mic : null))].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const markets = [...countBy(rows, (t) => t.market)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const largest = mics[0]?.[0];
    v3Exchanges.push({
      id: publicId('exc', code),
      object: 'v3.reference.exchange',
      code,
      exchange_name: venue(code)?.name ?? null,
      exchange_local_name: largest ? micNames.get(largest) ?? null : null,
      mics: mics.map(([m]) => m),
      markets: markets.map(([m]) => m),
      symbol_count: rows.length,
    });
  }
  const v3Markets: MarketResource[] = [];
  const marketCodes = [...new Set(tickers.map((t) => t.market).filter((x): x is string => x !== null))].sort();
  for (const code of marketCodes) {
    const rows = tickers.filter((t) => t.market === code);
    const exchanges = [...countBy(rows.filter((t) => t.listed === 1), (t) => t.exchange)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const country = rows.find((t) => t.listing_country_code)?.listing_country_code ?? code;
    v3Markets.push({
      id: publicId('mkt', code),
      object: 'v3.reference.market',
      code,
      country_code: country,
      exchanges: exchanges.map(([e]) => e),
      symbol_count: rows.filter((t) => t.listed === 1).length,
    });
  }
  return { tickers, bySymbol, byCik, companies, profiles, classify, exchangeList, sectorList, industryList, countryList, v3Exchanges, v3Markets };
}

const cache = new WeakMap<DatasetQueries, ReferenceCatalog>();

/** The dataset's reference catalog, built on first use and kept for the handle's lifetime. */
export function referenceCatalog(dataset: DatasetQueries): ReferenceCatalog {
  let c = cache.get(dataset);
  if (!c) {
    c = build(dataset);
    cache.set(dataset, c);
  }
  return c;
}

const SHARE_TYPES = new Set(['common stock', 'ADR', 'limited partnership']);

/** Order of several tickers of one company: listed first, shares before derivatives, SEC size rank, symbol. */
export function companyTickerOrder(a: TickerRow, b: TickerRow): number {
  return b.listed - a.listed
    || Number(SHARE_TYPES.has(b.type)) - Number(SHARE_TYPES.has(a.type))
    || (a.sec_rank ?? 1e9) - (b.sec_rank ?? 1e9)
    || (a.symbol < b.symbol ? -1 : 1);
}

export function isShareLine(t: TickerRow): boolean {
  return SHARE_TYPES.has(t.type);
}
