// The ordered list of dataset build steps: the single source of what an ingest does.
// Order matters: reference data (tickers) first, then prices, facts, and derived records last.
import type { BuildStep } from './build-step.js';
import { recordsStep } from './records-step.js';
import { marketStep } from './market-step.js';
import { companyfactsStep } from './companyfacts-step.js';
import { referenceStep } from './reference-step.js';
import { logoStep } from './logo-step.js';
import { exchangeCalendarStep } from './exchange-calendar-step.js';
import { fxStep } from './fx-step.js';
import { transcriptStep } from './transcript-step.js';
import { versionsStep } from './versions-step.js';
import { screenStep } from './screen-step.js';

export const BUILD_STEPS: readonly BuildStep[] = [
  // reference (tickers, identifiers) -> prices/splits -> companyfacts -> records. Market data
  // comes before the facts so each company's records can be derived as soon as it is standardized.
  referenceStep,
  marketStep,
  companyfactsStep,
  recordsStep,
  // every version of every record (as_of, first_filed): compares with the records just written
  versionsStep,
  // Small steps last, so they hold up none of the above: logos need only the tickers; the
  // exchange calendars and forex rates read no other step's output.
  logoStep,
  exchangeCalendarStep,
  fxStep,
  // Transcripts need the companies, their quarterly records (the fiscal calendar) and submissions.
  transcriptStep,
  // The screener's tables read the finished records and reference tables: last, after the versions
  // step, so they are written from the same finished records an as_of screen's versions come from.
  screenStep,
];
