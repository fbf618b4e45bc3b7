// The company type of an SEC SIC code (the Division of Corporation Finance's ranges): the grouping
// the coverage report and the accuracy scorecard break their figures down by. One definition for both.

export type CompanyType = 'bank' | 'insurer' | 'reit' | 'utility' | 'other_financial' | 'industrial';
export const COMPANY_TYPES: readonly CompanyType[] = ['bank', 'insurer', 'reit', 'utility', 'other_financial', 'industrial'];

/** The company type of a SIC code; no or an unreadable code is 'industrial'. */
export function companyTypeOfSic(sic: string | null | undefined): CompanyType {
  const n = Number(sic);
  if (!sic || !Number.isFinite(n)) return 'industrial';
  if (n >= 6020 && n <= 6099) return 'bank';               // depository institutions
  if (n >= 6300 && n <= 6411) return 'insurer';            // insurance carriers, agents and brokers
  if (n === 6798 || (n >= 6500 && n <= 6599)) return 'reit'; // REITs and real-estate operators
  if (n >= 4900 && n <= 4999) return 'utility';
  if (n >= 6000 && n <= 6799) return 'other_financial';    // credit, brokers, exchanges, asset managers
  return 'industrial';
}
