// The company profile: the ticker universe, SEC submissions (companies table), profiles.csv and
// the metrics' latest market cap, merged field by field. A field no source gives is null; ipo_date
// is the first trading day when it falls in profiles.csv's IPO year.
import { ApiError } from '../errors.js';
import type { ApiDeps } from '../endpoint-types.js';
import { normalizeSymbol } from '../../model/symbols.js';
import { companyTickerOrder, referenceCatalog } from '../../dataset/reference-catalog.js';
import type { TickerRow } from '../../dataset/queries/ticker-queries.js';
import { ipoDate } from '../../reference/ipo-date.js';

export interface CompanyProfile {
  symbol: string | null;
  name: string | null;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  market_cap: number | null;
  description: string | null;
  ceo: string | null;
  employees: number | null;
  ipo_date: string | null;
  website: string | null;
  country: string | null;
  currency: string | null;
}

export const PROFILE_COLUMNS = ['symbol', 'name', 'exchange', 'sector', 'industry', 'market_cap', 'description', 'ceo',
  'employees', 'ipo_date', 'website', 'country', 'currency'] as const;

/** SEC's website field with a scheme: "www.x.com" -> "https://www.x.com"; anything not URL-like -> null. */
function websiteUrl(raw: string | null | undefined): string | null {
  const s = raw?.trim();
  if (!s) return null;
  if (/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(s)) return s;
  if (/^[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(s)) return `https://${s}`;
  return null;
}

function findTicker(deps: ApiDeps, identifier: string): { ticker: TickerRow | null; cik: string | null } {
  const cat = referenceCatalog(deps.dataset);
  if (!/^\d+$/.test(identifier.trim())) {
    const t = cat.bySymbol.get(normalizeSymbol(identifier));
    if (t) return { ticker: t, cik: t.cik };
  }
  const r = deps.resolver.resolve(identifier);
  if ('error' in r) throw new ApiError('resource_missing', r.error, 'identifier');
  const primary = r.ticker ? cat.bySymbol.get(normalizeSymbol(r.ticker)) : undefined;
  const ticker = primary ?? [...(cat.byCik.get(r.cik) ?? [])].sort(companyTickerOrder)[0] ?? null;
  return { ticker, cik: r.cik };
}

/** The symbol's first trading day when it falls in its IPO year (reference/ipo-date.ts), else null. */
async function firstDayInIpoYear(deps: ApiDeps, symbol: string, ipoYear: number): Promise<string | null> {
  const [first] = await deps.dataset.prices.bars({ symbol, order: 'ASC', limit: 1 });
  return ipoDate(first?.date, ipoYear);
}

/**
 * The profile of the company an identifier names. market_cap is that of the latest period that
 * has one in the company's enterprise-value records (the as-traded close on or just before the
 * period end x shares outstanding at that date, as the metrics engine computes it); null when no
 * period has a price (no price data covers the company).
 */
export async function companyProfile(deps: ApiDeps, identifier: string): Promise<CompanyProfile> {
  const cat = referenceCatalog(deps.dataset);
  const { ticker, cik } = findTicker(deps, identifier);
  const company = cik ? cat.companies.get(cik) : undefined;
  const source = ticker ? cat.profiles.get(ticker.symbol) : undefined;
  const cls = ticker ? cat.classify(ticker) : { sector: null, industry: null, country: null };
  return {
    symbol: ticker?.symbol ?? company?.ticker ?? null,
    name: company?.name ?? ticker?.sec_name ?? ticker?.issuer_name ?? null,
    exchange: ticker?.exchange ?? null,
    sector: cls.sector,
    industry: cls.industry,
    market_cap: cik ? await deps.dataset.companies.latestMarketCap(cik) : null,
    description: source?.description ?? (company?.description?.trim() || null),
    ceo: null,
    employees: source?.employees ?? null,
    ipo_date: ticker && source?.ipo_year != null ? await firstDayInIpoYear(deps, ticker.symbol, source.ipo_year) : null,
    website: websiteUrl(company?.website) ?? websiteUrl(company?.investor_website),
    country: cls.country,
    currency: company?.currency ?? null,
  };
}
