// The shapes every stage agrees on: period records flow from xbrl/ and metrics/ into the
// dataset and out of the API. A value that cannot be derived is null, never 0.

export const STATEMENT_TYPES = ['income_statement', 'balance_sheet', 'cash_flow'] as const;
export const DERIVED_TYPES = [
  'credit', 'liquidity', 'profitability', 'working_capital', 'yield_analysis',
  'enterprise_value', 'multiples', 'per_share',
] as const;
export const RECORD_TYPES = [...STATEMENT_TYPES, ...DERIVED_TYPES] as const;

export type StatementType = (typeof STATEMENT_TYPES)[number];
export type RecordType = (typeof RECORD_TYPES)[number];
export type PeriodType = 'annual' | 'quarterly';

/** Where a stored value came from: a reported fact, or the derivation that produced it. */
export interface Provenance {
  /** e.g. "us-gaap:Revenues" */
  concept?: string;
  accn?: string;
  filed?: string;
  form?: string;
  /** Set when the value is computed, e.g. "Q4 = FY - 9M" or "total_liabilities = L&E - equity". */
  derivation?: string;
  /** Set on a null value's provenance: `derivation` says why the value is null (it is stored and served). */
  nullReason?: true;
  /** The fact's unit, e.g. "USD", "shares", "USD/shares". */
  unit?: string;
  /** The fact's period: start (null for an instant) and end, YYYY-MM-DD. */
  start?: string | null;
  end?: string;
  /** Facts a derived value was computed from besides its own fact (a derived quarter: the
   *  subtracted year-to-date fact). Compositions name sibling fields in `derivation` instead. */
  inputs?: Provenance[];
}

export interface PeriodRecord {
  recordType: RecordType;
  period: PeriodType;
  /** Period end, YYYY-MM-DD. */
  date: string;
  /** Period start for duration periods (YYYY-MM-DD), absent for balance-only records. */
  start?: string;
  /** The company's own fiscal-year label. */
  fiscalYear: number;
  /** Fiscal year ("2024") for annual records, "Q1".."Q4" for quarterly ones. */
  periodLabel: string;
  /** Field name -> value; every field of the record type's registry entry, null where not derivable. */
  values: Record<string, number | null>;
  /** Field name -> provenance, for values that are not null. */
  provenance: Record<string, Provenance>;
}

/** The standardized statements of one company, as produced by xbrl/ for one ingest. */
export interface CompanyStatements {
  /** 10-digit zero-padded CIK. */
  cik: string;
  name: string;
  /** ISO 4217 reporting currency from the facts' units. */
  currency: string;
  /** 'us-gaap' | 'ifrs-full' */
  taxonomy: string;
  /** Statement records (income_statement, balance_sheet, cash_flow), annual and quarterly. */
  records: PeriodRecord[];
  /** Concepts present in the facts but used by no mapping. */
  unmapped: UnmappedConcept[];
  /** Latest dei:EntityCommonStockSharesOutstanding values (end date, value), for market cap. */
  sharesOutstanding: Array<{ date: string; value: number }>;
  /**
   * The filer's own closing rates of USD in its reporting currency (ifrs-full:ClosingForeignExchangeRate),
   * at its balance-sheet record dates only (docs/metrics.md, Market values of foreign issuers).
   */
  filerRates?: FilerRate[];
  /** Share splits found in the restated share counts (xbrl/share-count-splits.ts); absent when none. */
  shareCountSplits?: ShareCountSplit[];
}

/** How the calendar `source` of a split found in the share counts starts (splits table). */
export const SHARE_COUNT_SOURCE = 'share counts:';

/** A split found in the share counts: took effect after `after`, on or before `date` (its calendar date). */
export interface ShareCountSplit {
  date: string; after: string; from: number; to: number; evidence: string;
  /** The filings between which the counts were restated (the window before cover-page counts narrowed it). */
  filedAfter: string; filedBy: string;
}

/** One tagged closing rate: reporting currency per USD at `date`, from the fact of accession `accn`. */
export interface FilerRate { date: string; rate: number; concept: string; accn: string; filed: string }

export interface UnmappedConcept {
  taxonomy: string;
  concept: string;
  factCount: number;
}

/** A record's key among a company's records: record type, period type and date (the records table's key after the CIK). */
export function recordKey(r: Pick<PeriodRecord, 'recordType' | 'period' | 'date'>): string {
  return `${r.recordType}|${r.period}|${r.date}`;
}
