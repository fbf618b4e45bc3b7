// A company of a built dataset as the scorecard audits it: its served statement records (bodies
// and decoded provenance, through the dataset's named queries, so SQLite and PostgreSQL alike) and
// the few facts of its fact store the identities need (mezzanine equity, the cash-flow statement's
// ending cash). Invariant: it reads what the API serves; nothing is standardized again.
import type { PeriodRecord, Provenance, StatementType } from '../model/record-types.js';
import { RECORD_FIELDS } from '../model/record-fields.js';
import type { DatasetQueries } from '../dataset/queries/read-queries.js';
import type { CompanyRow } from '../dataset/queries/company-queries.js';
import { decodeProvenance } from '../dataset/codecs/provenance-decoder.js';
import { loadCompanyFactsView } from '../dataset/queries/fact-store-queries.js';
import { candidateFacts } from '../xbrl/field-candidates.js';
import { isPeriodicForm } from '../xbrl/fact-index.js';
import { MEZZANINE_CONCEPTS } from '../xbrl/concept-map/balance-sheet.js';
import { RESTRICTED_CASH_CONCEPTS } from '../xbrl/concept-map/audit-concepts.js';
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import { companyTypeOfSic } from '../reference/company-type.js';
import type { AuditCompany } from './identities.js';

const STATEMENTS: readonly StatementType[] = ['income_statement', 'balance_sheet', 'cash_flow'];
const PERIODS = ['annual', 'quarterly'] as const;
/** More records than any company has of one type and period. */
const ALL = 100_000;
const ENDING_CASH = 'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents';

interface Body { date: string; period: 'annual' | 'quarterly'; period_label: string; fiscal_year: number; currency?: string | null; [field: string]: unknown }

/** A record of the API's JSON body and its decoded provenance. */
export function recordOfBody(recordType: StatementType, body: Body, provenance: Record<string, Provenance> | undefined): PeriodRecord {
  const values: Record<string, number | null> = {};
  for (const f of RECORD_FIELDS[recordType]) {
    const v = body[f];
    values[f] = typeof v === 'number' ? v : null;
  }
  return { recordType, period: body.period, date: body.date, fiscalYear: body.fiscal_year, periodLabel: body.period_label, values, provenance: provenance ?? {} };
}

/** The latest periodic filing's value of the first of `concepts` with a fact for the period (start null: an instant), or null. */
export function latestValue(view: CompanyFactsView, concepts: readonly string[], unit: string, start: string | null, end: string): number | null {
  for (const concept of concepts) {
    let best: { value: number; filed: string } | null = null;
    for (const f of candidateFacts(view, [concept], [{ start, end }])) {
      if (f.unit !== unit || !isPeriodicForm(f.form)) continue;
      if (!best || f.filed >= best.filed) best = { value: f.value, filed: f.filed };
    }
    if (best) return best.value;
  }
  return null;
}

/** Each tagged value of `concepts` at an instant, and their sum when several. */
function taggedAt(view: CompanyFactsView, concepts: readonly string[], unit: string, date: string): number[] {
  const out: number[] = [];
  for (const c of concepts) {
    const v = latestValue(view, [c], unit, null, date);
    if (v != null && v !== 0) out.push(v);
  }
  if (out.length > 1) out.push(out.reduce((a, b) => a + b, 0));
  return out;
}

/**
 * A flow tagged beside a record's field, over that field's period: the fact's period less the
 * periods its derivation subtracted (a quarter derived from year-to-date facts); null when a
 * period has no tagged value.
 */
export function flowOf(view: CompanyFactsView, concepts: readonly string[], unit: string, p: Provenance | undefined): number | null {
  if (!p?.end || p.start == null) return null;
  let v = latestValue(view, concepts, unit, p.start, p.end);
  for (const input of p.inputs ?? []) {
    if (v == null || !input.end || input.start == null) return null;
    const sub = latestValue(view, concepts, unit, input.start, input.end);
    v = sub == null ? null : v - sub;
  }
  return v;
}

/** One company's audit input; null when the dataset holds no statement of it. */
export async function loadAuditCompany(dataset: DatasetQueries, company: CompanyRow): Promise<AuditCompany | null> {
  const records: PeriodRecord[] = [];
  let currency: string | null = null;
  for (const recordType of STATEMENTS) {
    for (const period of PERIODS) {
      const bodies = await dataset.records.series({ cik: company.cik, recordType, period, order: 'ASC', limit: ALL });
      if (bodies.length === 0) continue;
      const parsed = bodies.map((b) => JSON.parse(b) as Body);
      const prov = decodeProvenance(await dataset.records.provenance(company.cik, recordType, period, parsed.map((b) => b.date)));
      for (const b of parsed) {
        currency ??= b.currency ?? null;
        records.push(recordOfBody(recordType, b, prov.get(b.date)));
      }
    }
  }
  if (records.length === 0) return null;
  const stored = await loadCompanyFactsView(dataset, company.cik);
  const unit = currency ?? 'USD';
  const view = stored?.view ?? null;
  return {
    cik: company.cik,
    name: company.name ?? company.cik,
    ticker: company.ticker,
    type: companyTypeOfSic(company.sic),
    records,
    mezzanine: (date) => (view ? taggedAt(view, MEZZANINE_CONCEPTS, unit, date) : []),
    restrictedCash: (date) => (view ? taggedAt(view, RESTRICTED_CASH_CONCEPTS, unit, date) : []),
    endingCash: (date) => (view ? latestValue(view, [ENDING_CASH], unit, null, date) : null),
    flowBeside: (r, field, concepts) => (view ? flowOf(view, concepts, unit, r.provenance[field]) : null),
  };
}
