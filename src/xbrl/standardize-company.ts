// Entry point of standardization: one company's SEC companyfacts JSON in, its standardized
// statements out. Pure and synchronous (it runs inside ingest worker threads); a company that
// cannot be standardized is a result with a reason, never an exception that stops the ingest.
import type { CompanyStatements } from '../dataset/record-types.js';

export interface StandardizeHints {
  /** Fiscal year end as MMDD from the SEC submissions file (e.g. "0928"), when known. */
  fiscalYearEnd: string | null;
}

export type StandardizeResult =
  | { ok: true; statements: CompanyStatements }
  | { ok: false; reason: string };

export function standardizeCompany(_facts: unknown, _hints: StandardizeHints): StandardizeResult {
  return { ok: false, reason: 'standardization not available in this build' };
}
