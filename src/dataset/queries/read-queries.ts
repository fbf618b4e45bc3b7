// The dataset's read side as named queries, one interface per subject: everything the API reads
// goes through these (no SQL outside src/dataset). SQLite implements them in sqlite/, PostgreSQL in postgres/.
//
// Queries answered per request return Awaitable<T>: callers await them, so an asynchronous
// implementation (PostgreSQL) can return Promises without changing a handler. Row sets read
// once per handle to build in-memory catalogs are synchronous; such an implementation would
// read them when it opens.
import type { CompanyQueries } from './company-queries.js';
import type { EarningsCallQueries } from './earnings-call-queries.js';
import type { ExchangeCalendarQueries } from './exchange-calendar-queries.js';
import type { FactStoreQueries } from './fact-store-queries.js';
import type { FxQueries } from './fx-queries.js';
import type { IdentifierQueries } from './identifier-queries.js';
import type { PriceQueries } from './price-queries.js';
import type { LogoQueries } from './logo-queries.js';
import type { RecordQueries } from './record-queries.js';
import type { ScreenQueries } from './screen-queries.js';
import type { ReferenceQueries } from './reference-queries.js';
import type { SplitQueries } from './split-queries.js';
import type { TickerQueries } from './ticker-queries.js';

export interface DatasetQueries {
  readonly records: RecordQueries;
  readonly splits: SplitQueries;
  readonly prices: PriceQueries;
  readonly tickers: TickerQueries;
  readonly companies: CompanyQueries;
  readonly identifiers: IdentifierQueries;
  readonly reference: ReferenceQueries;
  readonly logos: LogoQueries;
  readonly exchangeCalendars: ExchangeCalendarQueries;
  readonly fx: FxQueries;
  readonly earningsCalls: EarningsCallQueries;
  readonly factStore: FactStoreQueries;
  readonly screens: ScreenQueries;
}

/** A dataset a server can serve: the named queries, the build's meta, and close (SQLite's
 *  Dataset, PostgreSQL's PgDataset). */
export interface ServableDataset extends DatasetQueries {
  meta(key: string): string | null;
  close(): void;
}
