// The ordered list of dataset build steps: the single source of what an ingest does.
// Order matters: reference data (tickers) first, then facts, prices, and derived records last.
import type { BuildStep } from './build-step.js';
import { recordsStep } from './records-step.js';
import { marketStep } from './market-step.js';
import { companyfactsStep } from './companyfacts-step.js';
import { referenceStep } from '../reference/reference-step.js';

export const BUILD_STEPS: readonly BuildStep[] = [
  // reference (tickers, identifiers) -> companyfacts -> prices/splits -> records
  referenceStep,
  companyfactsStep,
  marketStep,
  recordsStep,
];
