// Where one number comes from (GET /v2/fundamental/provenance/{identifier}): the served value of
// one statement field for one period, its stored provenance, every fact of the company's fact
// store the resolver could have taken for it (the field's concept-map concepts, every filing's
// version for the chosen fact's period and, for a derived quarter, its input's period), and the
// rule by which the chosen one won. docs/api.md, Provenance.
import { STATEMENT_TYPES, type Provenance, type StatementType } from '../../model/record-types.js';
import { fieldEntries, fieldNames } from '../../metrics/registry.js';
import type { CandidateFact, FactPeriod } from '../../model/fact-candidate.js';
import { fieldFacts } from '../../point-in-time/field-facts.js';
import { decodeProvenance } from '../../dataset/codecs/provenance-decoder.js';
import { ApiError } from '../errors.js';
import type { ApiDeps } from '../endpoint-types.js';
import { edgarFolderUrl, inputFields, servedProvenance, type ServedProvenance } from '../provenance-include.js';
import { resolveOr404 } from '../time-series.js';
import { requireStatements } from '../statement-coverage.js';

/** Every statement field, and the statement it is a field of (first statement wins). */
export const STATEMENT_FIELD_TYPES: ReadonlyMap<string, StatementType> = (() => {
  const out = new Map<string, StatementType>();
  for (const rt of STATEMENT_TYPES) for (const f of fieldNames(rt)) if (!out.has(f)) out.set(f, rt);
  return out;
})();

/** A candidate fact as served: the fact (without the index of the period it matched), its filing's URL and its role. */
export interface Candidate extends Omit<CandidateFact, 'period'> {
  url: string;
  /** The fact the served value was taken from (`chosen`), or the other input of its derivation (`input`). */
  role: 'chosen' | 'input' | null;
}

/** Why the chosen value won, in the resolver's terms (docs/xbrl.md). */
function ruleOf(p: Provenance | undefined, kind: string | null, concepts: readonly string[]): string {
  if (!p) return 'no value: no concept of the map has a usable fact for this period and no composition applies';
  if (p.concept === undefined) return `composition of other fields of the record (${p.derivation ?? 'derived'})`;
  const filing = kind === 'flow' || kind === 'instant'
    ? 'among its facts for the period, the latest periodic filing\'s (a restatement replaces the original)'
    : 'among its facts for the period, the first filing\'s (counts and per-share values as originally reported)';
  const at = concepts.indexOf(p.concept);
  const first = at >= 0 ? `the first concept in the map's order (${at + 1} of ${concepts.length}) with a usable value` : 'a concept the map names';
  if (p.derivation?.startsWith('Q')) {
    return `derived quarter ${p.derivation}: no 3-month value is reported, so the difference of two year-to-date values of the same concept and fiscal-year start; the concept is ${first}, ${filing}`;
  }
  return `${first}; ${filing}${p.derivation ? `; then ${p.derivation}` : ''}`;
}

export async function provenanceLookup(deps: ApiDeps, identifier: string, field: string, period: string, date: string): Promise<Record<string, unknown>> {
  const company = resolveOr404(deps, identifier);
  const recordType = STATEMENT_FIELD_TYPES.get(field)!;
  const [body] = await deps.dataset.records.series({ cik: company.cik, recordType, period, dateStart: date, dateEnd: date, order: 'DESC', limit: 1 });
  if (body === undefined) {
    await requireStatements(deps, company);
    throw new ApiError('resource_missing', `no ${period} ${recordType.replace('_', ' ')} of ${identifier} ends on ${date}`, 'date');
  }
  const record = JSON.parse(body) as Record<string, unknown>;
  const stored = decodeProvenance(await deps.dataset.records.provenance(company.cik, recordType, period, [date])).get(date);
  const value = record[field] ?? null;
  const p = value === null ? undefined : stored?.[field];

  const periods: Array<FactPeriod & { role: Candidate['role'] }> = [];
  if (p?.end !== undefined) periods.push({ start: p.start, end: p.end, role: 'chosen' });
  for (const i of p?.inputs ?? []) if (i.end !== undefined) periods.push({ start: i.start, end: i.end, role: 'input' });
  if (periods.length === 0) periods.push({ start: undefined, end: date, role: null });

  const { concepts, kind, candidates: found } = await fieldFacts(deps.dataset, company.cik, field, periods);
  const candidates: Candidate[] | null = found === null ? null : found.map((c) => {
    const mine = (q: Provenance | undefined) => q !== undefined && q.concept === c.concept && q.accn === c.accession && q.unit === c.unit && q.end === c.end && (q.start ?? null) === c.start;
    const role = mine(p) ? 'chosen' : (p?.inputs ?? []).some(mine) ? 'input' : null;
    return { concept: c.concept, order: c.order, unit: c.unit, value: c.value, start: c.start, end: c.end, accession: c.accession, form: c.form, filed: c.filed, url: edgarFolderUrl(company.cik, c.accession), role };
  });
  const provenance: ServedProvenance | null = p ? servedProvenance(p, company.cik) : null;
  // a composition or formula: the fields it reads, and their own provenance in this record
  let inputs: Record<string, ServedProvenance> | undefined;
  if (p && provenance && p.concept === undefined && p.derivation !== undefined) {
    const entry = fieldEntries(recordType).find((e) => e.name === field)!;
    const fields = inputFields(entry, p.derivation, new Set(fieldNames(recordType)));
    if (fields.length > 0) provenance.input_fields = fields;
    inputs = {};
    for (const f of fields) if (stored?.[f] && record[f] != null) inputs[f] = servedProvenance(stored[f], company.cik);
  }
  return {
    ticker: record.ticker ?? null,
    cik: company.cik,
    record_type: recordType,
    field,
    period,
    date,
    fiscal_year: record.fiscal_year ?? null,
    period_label: record.period_label ?? null,
    value,
    provenance,
    ...(inputs ? { inputs } : {}),
    rule: ruleOf(p, kind, concepts),
    concepts,
    candidates,
  };
}
