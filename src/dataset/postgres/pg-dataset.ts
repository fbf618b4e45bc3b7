// The read side of one dataset version in PostgreSQL (a `tenk_ds_…` schema, pg-dataset-versions.ts):
// every named query of read-queries.ts over a pool with short timeouts. Per-request queries are
// async (pg-<subject>.ts, one per subject as sqlite/); the row sets the catalogs read once per
// handle are read when the handle opens (pg-catalog-rows.ts), as read-queries.ts prescribes.
// Invariants: every query of one handle reads the one schema it was opened on, so a response
// never mixes versions; a connection failure is a DependencyUnavailableError (503).
import pg from 'pg';
import type { ServableDataset } from '../queries/read-queries.js';
import type { RecordQueries } from '../queries/record-queries.js';
import type { SplitQueries } from '../queries/split-queries.js';
import type { PriceQueries } from '../queries/price-queries.js';
import type { FxQueries } from '../queries/fx-queries.js';
import type { CompanyQueries } from '../queries/company-queries.js';
import type { LogoQueries } from '../queries/logo-queries.js';
import type { ExchangeCalendarQueries } from '../queries/exchange-calendar-queries.js';
import type { EarningsCallQueries } from '../queries/earnings-call-queries.js';
import type { TickerQueries } from '../queries/ticker-queries.js';
import type { IdentifierQueries } from '../queries/identifier-queries.js';
import type { ReferenceQueries } from '../queries/reference-queries.js';
import { PgVersion } from './pg-version.js';
import { PgRecords } from './pg-records.js';
import { PgSplits } from './pg-splits.js';
import { PgPrices } from './pg-prices.js';
import { PgFx } from './pg-fx.js';
import { PgCompanies } from './pg-companies.js';
import { PgLogos } from './pg-logos.js';
import { PgExchangeCalendars } from './pg-exchange-calendars.js';
import { PgEarningsCalls } from './pg-earnings-calls.js';
import { PgFactStore } from './pg-fact-store.js';
import { datasetFormatProblem } from '../dataset-format.js';
import { isVersionSchema } from './pg-dataset-versions.js';
import { PgScreen } from './pg-screen.js';
import type { ScreenQueries } from '../queries/screen-queries.js';
import type { FactStoreQueries } from '../queries/fact-store-queries.js';
import { readCatalogRows, type CatalogRows } from './pg-catalog-rows.js';

// BIGINT (int8) as a JS number, as better-sqlite3 returns SQLite integers.
const types = { getTypeParser: ((oid: number, format?: string) => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser };

/**
 * The planner settings of every dataset connection (startup options, so no extra round trip). A
 * version schema is written once by the load and then only read, and what a request reads is
 * small and cached, so:
 * - jit=off: PostgreSQL compiles a plan costed above jit_above_cost (100,000, the default) to
 *   machine code, ~40 ms for a screen over the wide screen rows (a fiscal-year screen at 16× the
 *   corpus), many times the query itself;
 * - random_page_cost=1.1 (default 4, a disk seek): a page read through an index costs about what a
 *   sequential one does when cached. With 4 the latest screen scanned every kind's rows of
 *   screen_latest and decoded each wide row (13 ms at 16× the corpus) instead of the kind's range of
 *   the primary key (kind, cik, date) and the rows in the stale cutoff (1.3 ms): docs/benchmarks.md.
 * A connection URL's own `options` parameter replaces these.
 */
export const DATASET_SESSION_OPTIONS = '-c jit=off -c random_page_cost=1.1';

export function openDatasetPool(databaseUrl: string, max = 8): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: 2000, query_timeout: 10_000, types, options: DATASET_SESSION_OPTIONS });
  pool.on('error', () => { /* the next query reports it */ });
  return pool;
}

export class PgDataset implements ServableDataset {
  readonly records: RecordQueries;
  readonly splits: SplitQueries;
  readonly prices: PriceQueries;
  readonly fx: FxQueries;
  readonly companies: CompanyQueries & { all(): CatalogRows['companies'] };
  readonly logos: LogoQueries;
  readonly exchangeCalendars: ExchangeCalendarQueries;
  readonly earningsCalls: EarningsCallQueries;
  readonly factStore: FactStoreQueries;
  readonly screens: ScreenQueries;
  readonly tickers: TickerQueries;
  readonly identifiers: IdentifierQueries;
  readonly reference: ReferenceQueries;

  private constructor(readonly version: PgVersion, rows: CatalogRows, private readonly metaRows: ReadonlyMap<string, string>) {
    this.records = new PgRecords(version);
    this.splits = new PgSplits(version);
    this.prices = new PgPrices(version);
    this.fx = new PgFx(version);
    const companies = new PgCompanies(version);
    this.companies = { all: () => rows.companies, latestMarketCap: (cik) => companies.latestMarketCap(cik) };
    this.logos = new PgLogos(version);
    this.exchangeCalendars = new PgExchangeCalendars(version);
    this.earningsCalls = new PgEarningsCalls(version);
    this.factStore = new PgFactStore(version);
    this.screens = new PgScreen(version);
    this.tickers = { all: () => rows.tickers, searchEntries: () => rows.searchEntries() };
    this.identifiers = {
      companiesWithFacts: () => rows.companiesWithFacts, companyTickers: () => rows.companyTickers,
      tickerLinks: () => rows.tickerLinks, cusipLinks: () => rows.cusipLinks, issuerLinks: () => rows.issuerLinks,
    };
    this.reference = { profileSources: () => rows.profileSources, mics: () => rows.mics };
  }

  /** Opens a version schema: its tables, the build's meta and the catalogs' row sets. */
  static async open(pool: pg.Pool, schema: string): Promise<PgDataset> {
    if (!isVersionSchema(schema)) throw new Error(`not a dataset version schema: ${schema}`);
    const probe = new PgVersion(pool, schema, new Map());
    const cols = await probe.rows<{ table_name: string; column_name: string }>(
      'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1', [schema]);
    if (cols.length === 0) throw new Error(`dataset version ${schema} does not exist`);
    const columns = new Map<string, Set<string>>();
    for (const c of cols) (columns.get(c.table_name) ?? columns.set(c.table_name, new Set()).get(c.table_name)!).add(c.column_name);
    const version = new PgVersion(pool, schema, columns);
    if (!version.has('meta')) throw new Error(`dataset version ${schema} is not a tenk build (no meta table)`);
    const meta = new Map((await version.rows<{ key: string; value: string }>(`SELECT key, value FROM ${version.t('meta')}`)).map((r) => [r.key, r.value]));
    // a version loaded by other code (schema 1's object bodies, other record columns) is not served as this one's
    const problem = datasetFormatProblem((k) => meta.get(k));
    if (problem !== null) throw new Error(`dataset version ${schema} ${problem}`);
    return new PgDataset(version, await readCatalogRows(version), meta);
  }

  meta(key: string): string | null { return this.metaRows.get(key) ?? null; }
  hasTable(name: string): boolean { return this.version.has(name); }
  /** The pool belongs to whoever opened it (several versions share one): nothing to close here. */
  close(): void { /* the pool outlives a version */ }
}
