// The forex pair catalog of a dataset (ECB currencies plus EUR, every ordered pair with a common
// date, by symbol), computed once per dataset handle, and its v3 list pages. Invariant: a pair is
// listed exactly when /v3.0.0/forex-prices/{pair} has at least one row for an all-history plan.
import { ApiError } from '../errors.js';
import type { ApiDeps, HandlerContext } from '../endpoint-types.js';
import type { PageBinding } from '../page-token.js';
import type { DatasetQueries } from '../../dataset/queries/read-queries.js';
import { EUR, listPairs, parsePair, type DateSpan, type FxPair, type FxPairSpan } from '../../market/fx-pairs.js';
import { signedKeysetPage, type KeysetSequence } from '../keyset-page.js';

const V3_FOREX_PAIR_RESOURCE = 'v3.forex.pair';
const PAIR_KEY = /^[A-Z]{6}$/;

export interface FxCatalog {
  /** ECB currency codes (EUR not included). */
  currencies: ReadonlySet<string>;
  /** Ascending by symbol. */
  pairs: readonly FxPairSpan[];
}

const catalogs = new WeakMap<DatasetQueries, Promise<FxCatalog>>();

async function buildCatalog(dataset: DatasetQueries): Promise<FxCatalog> {
  const rows = await dataset.fx.currencies();
  const runs = new Map<string, readonly DateSpan[]>(rows.map((r) => [r.currency, r.runs]));
  return { currencies: new Set(runs.keys()), pairs: listPairs(runs) };
}

export function fxCatalog(dataset: DatasetQueries): Promise<FxCatalog> {
  let c = catalogs.get(dataset);
  if (!c) {
    c = buildCatalog(dataset);
    catalogs.set(dataset, c);
    c.catch(() => catalogs.delete(dataset));
  }
  return c;
}

/** The pair an identifier names, or 404 resource_missing saying why there is none. */
export async function resolvePair(deps: ApiDeps, identifier: string): Promise<FxPair> {
  const parsed = parsePair(identifier, (await fxCatalog(deps.dataset)).currencies);
  if (!parsed.ok) throw new ApiError('resource_missing', parsed.message, 'identifier');
  return parsed.pair;
}

/** Index of the first pair whose symbol is > s (after) or >= s. */
function bound(pairs: readonly FxPairSpan[], s: string, after: boolean): number {
  let lo = 0;
  let hi = pairs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = (pairs[mid] as FxPairSpan).symbol;
    if (m < s || (after && m === s)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface ForexPairList {
  data: FxPairSpan[];
  next_page_url: string | null;
  previous_page_url: string | null;
}

/** The validated params of /v3.0.0/forex-pairs (endpoints/forex.ts). */
export interface ForexPairsParams {
  readonly currency: string | undefined;
  readonly limit: number;
  readonly page: string | undefined;
}

/** The pairs of the catalog with the currency (all without one), or 400 for a currency the ECB has no rates of. */
async function selectPairs(deps: ApiDeps, currency: string | undefined): Promise<readonly FxPairSpan[]> {
  const catalog = await fxCatalog(deps.dataset);
  if (currency !== undefined && currency !== EUR && !catalog.currencies.has(currency)) {
    throw new ApiError('parameter_invalid', `${currency} is not a currency of the ECB reference rates (EUR or one of ${[...catalog.currencies].sort().join(', ') || 'none in this dataset'}).`, 'currency');
  }
  return currency === undefined ? catalog.pairs : catalog.pairs.filter((x) => x.base === currency || x.quote === currency);
}

/** How many pairs the pages of /v3.0.0/forex-pairs hold in all for these params. */
export async function forexPairCount(deps: ApiDeps, p: Pick<ForexPairsParams, 'currency'>): Promise<number> {
  return (await selectPairs(deps, p.currency?.toUpperCase())).length;
}

export async function forexPairsPage(deps: ApiDeps, p: ForexPairsParams, ctx: HandlerContext): Promise<ForexPairList> {
  const limit = p.limit;
  const currency = p.currency === undefined ? undefined : p.currency.toUpperCase();
  const pairs = await selectPairs(deps, currency);
  const seq: KeysetSequence<FxPairSpan> = {
    key: (x) => x.symbol,
    forward: (after, n) => {
      const i = after === null ? 0 : bound(pairs, after, true);
      return pairs.slice(i, i + n);
    },
    backward: (before, n) => {
      const i = bound(pairs, before, false);
      return pairs.slice(Math.max(0, i - n), i).reverse();
    },
  };
  const binding: PageBinding = { resource: V3_FOREX_PAIR_RESOURCE, path: ctx.path.replace(/\/+$/, ''), filters: { currency }, order: 'ASC', limit };
  const page = await signedKeysetPage(seq, PAIR_KEY, binding, p.page === undefined ? undefined : p.page, deps.secret, ctx);
  return { data: page.rows, next_page_url: page.next_page_url, previous_page_url: page.previous_page_url };
}
