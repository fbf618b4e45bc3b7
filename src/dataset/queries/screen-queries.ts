// Named query of the screener: one row per company from the screen tables (tables/screen-table.ts),
// the period each company is screened at (its latest, or its latest of a fiscal year or up to a
// date), filtered by a validated filter tree compiled to SQL with bound values, sorted with nulls
// last and ties broken by symbol then CIK, and paged by offset.
import type { ScreenFilter } from '../../model/screen-filter.js';
import type { ScreenKind } from '../../metrics/screen-fields.js';
import type { Awaitable } from './awaitable.js';

/** A cross-company read of stored record versions (an as_of screen on a dataset built with versions). */
export interface KnownBodiesQuery {
  recordTypes: readonly string[];
  period: string;
  /** The day the versions were known (known_from <= as_of < known_to); null: the current records. */
  asOf: string | null;
  /** Bounds on the records' period end and fiscal year (null: none). */
  dateFrom: string | null;
  dateTo: string | null;
  fiscalYear: number | null;
}

/** A record body of a cross-company versions read (its object text: decoded from the stored form). */
export interface KnownBody { cik: string; record_type: string; body: string }

/** Which period of each company a screen reads. */
export type ScreenPeriod = { at: 'latest' } | { at: 'fiscal_year'; fiscalYear: number } | { at: 'date_end'; dateEnd: string };

/** A sort key: a screen field (numeric or text) or one of the row's own columns. */
export interface ScreenSortKey { field: string; desc: boolean }
export const SCREEN_ROW_SORT_KEYS = ['symbol', 'name', 'date', 'fiscal_year', 'cik'] as const;

export interface ScreenRequest {
  kind: ScreenKind;
  period: ScreenPeriod;
  filter: ScreenFilter | null;
  /** Rows whose period ends before this day are left out (the stale rule, the plan's history); null: none. */
  minDate: string | null;
  sort: readonly ScreenSortKey[];
  /** Numeric fields whose values the rows carry (text fields are always there). */
  columns: readonly string[];
  limit: number;
  offset: number;
}

export interface ScreenRow {
  cik: string; symbol: string | null; name: string | null; exchange: string | null; sector: string | null; industry: string | null;
  country: string | null; currency: string | null; date: string; fiscal_year: number; period_label: string;
  /** The requested numeric columns. */
  values: Record<string, number | null>;
}

/** A company of the screen tables with its symbol, name and the profile's text fields. */
export type ScreenCompany = Omit<ScreenRow, 'date' | 'fiscal_year' | 'period_label' | 'values'>;

export interface ScreenQueries {
  /** The page of matching rows, in the request's order. */
  screen(req: ScreenRequest): Awaitable<ScreenRow[]>;
  /** Whether the dataset stores screen versions (built with record versions): as_of latest screens in SQL. */
  hasVersions(): Awaitable<boolean>;
  /**
   * The page of matching rows of a latest-period screen as the screen read them on `asOf` (the
   * stored screen versions known that day, tables/screen-versions-table.ts), in the request's
   * order; [] on a dataset without them.
   */
  screenAt(req: ScreenRequest, asOf: string): Awaitable<ScreenRow[]>;
  /** Every company of the screen tables, by CIK. */
  companies(): Awaitable<ScreenCompany[]>;
  /** Every company's record bodies known on a day (stored versions; empty when the dataset has none). */
  knownBodies(q: KnownBodiesQuery): Awaitable<KnownBody[]>;
}
