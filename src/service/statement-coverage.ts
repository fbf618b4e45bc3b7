// Why a company's statement answer is empty when the dataset knows the company (its submissions or
// ticker files) but holds none of its statements: the dataset's coverage, told as a 404 of its own
// code (statements_not_covered), apart from an unknown identifier (resource_missing) and from a
// range that holds no period of a covered company (200 []). Asked only once an answer is empty.
import type { ResolvedCompany } from '../reference/resolve-identifier.js';
import type { ApiDeps } from './endpoint-types.js';
import { ApiError } from './errors.js';

/** The message every transport gives: "no financial statements for KO (CIK 0000021344) in this dataset: ...". */
export function noStatementsMessage(company: ResolvedCompany): string {
  const name = company.ticker ? `${company.ticker} (CIK ${company.cik})` : `CIK ${company.cik}`;
  return `no financial statements for ${name} in this dataset: it holds none of this company's SEC XBRL filings (the dataset's coverage, not a server fault)`;
}

/** Whether the dataset holds any statement of the company (the records' named query). */
export async function hasStatements(deps: ApiDeps, company: ResolvedCompany): Promise<boolean> {
  return deps.dataset.records.hasStatements(company.cik);
}

/** Throws statements_not_covered when the dataset holds no statement of the company; returns otherwise. */
export async function requireStatements(deps: ApiDeps, company: ResolvedCompany): Promise<void> {
  if (!(await hasStatements(deps, company))) throw new ApiError('statements_not_covered', noStatementsMessage(company), 'identifier');
}
