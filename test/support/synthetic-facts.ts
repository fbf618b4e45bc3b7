// Tiny synthetic companyfacts built inside a test: facts grouped by the filing that carries them,
// a companyfacts document of named us-gaap concepts, and its standardized statements.
import assert from 'node:assert/strict';
import { standardizeCompany } from '../../src/xbrl/standardize-company.js';
import type { CompanyStatements } from '../../src/model/record-types.js';

/** One fact as companyfacts lists it. */
export interface SyntheticFact { start?: string; end: string; val: number; accn: string; fy: number; fp: string; form: string; filed: string }

/** A filing: every fact it carries shares accn, fy, fp, form and filed. */
export function filing(accn: string, form: string, filed: string, fy: number, fp: string) {
  return (start: string | null, end: string, val: number): SyntheticFact => ({ ...(start ? { start } : {}), end, val, accn, fy, fp, form, filed });
}

/** A companyfacts document of us-gaap concepts (`Name` in `unit`, or `Name@unit`) and `extra` taxonomies. */
export function companyFacts(concepts: Record<string, SyntheticFact[]>, extra: Record<string, unknown> = {}, unit = 'USD') {
  const usGaap: Record<string, unknown> = {};
  for (const [name, facts] of Object.entries(concepts)) {
    const [concept, u] = name.split('@') as [string, string | undefined];
    const entry = (usGaap[concept] ??= { label: concept, units: {} }) as { units: Record<string, SyntheticFact[]> };
    entry.units[u ?? unit] = facts;
  }
  return { cik: 1234, entityName: 'Synthetic Co', facts: { 'us-gaap': usGaap, ...extra } };
}

/** The standardized statements of a companyfacts document; fails the test when it cannot be standardized. */
export function standardized(facts: unknown, fiscalYearEnd: string | null = null): CompanyStatements {
  const r = standardizeCompany(facts, { fiscalYearEnd });
  assert.ok(r.ok, r.ok ? '' : r.reason);
  return r.statements;
}
