// The screener's answer rows: symbol, name, cik, exchange, sector, date, fiscal_year,
// period_label, then the requested fields; with include=provenance, each numeric field's source
// (the filing and XBRL concept of a reported value, the formula of a computed one) from the record
// the column reads (metrics/screen-fields.ts), stored or computed as of the screen's day.
import type { ScreenRow } from '../../dataset/queries/screen-queries.js';
import { SCREEN_NUMERIC_FIELDS, SCREEN_SOURCES, type ScreenKind } from '../../metrics/screen-fields.js';
import { seriesAt } from '../../point-in-time/series-at.js';
import { decodeProvenance } from '../../dataset/codecs/provenance-decoder.js';
import type { ProvenanceDictionaryRows } from '../../dataset/queries/record-queries.js';
import type { Provenance, RecordType } from '../../model/record-types.js';
import type { ApiDeps } from '../endpoint-types.js';
import { withProvenance, type ServedProvenance } from '../provenance-include.js';

export type ScreenAnswerRow = Record<string, string | number | null | Record<string, ServedProvenance>>;

export const SCREEN_ROW_COLUMNS = ['symbol', 'name', 'cik', 'exchange', 'sector', 'date', 'fiscal_year', 'period_label'] as const;

/** The columns of a screen's rows: the row's own, then the requested fields (the TSV header,
 *  also of a screen without rows). */
export function answerColumns(fields: readonly string[]): string[] {
  const out: string[] = [...SCREEN_ROW_COLUMNS];
  for (const f of fields) if (!out.includes(f)) out.push(f);
  return out;
}

export function answerRow(r: ScreenRow, fields: readonly string[]): ScreenAnswerRow {
  const out: ScreenAnswerRow = {
    symbol: r.symbol, name: r.name, cik: r.cik, exchange: r.exchange, sector: r.sector, date: r.date, fiscal_year: r.fiscal_year, period_label: r.period_label,
  };
  for (const f of fields) {
    if (f in out) continue;
    out[f] = SCREEN_NUMERIC_FIELDS.has(f) ? (r.values[f] ?? null) : ((r as unknown as Record<string, string | null>)[f] ?? null);
  }
  return out;
}

/** The provenance of a row's numeric fields, read from the records their columns come from. */
export async function rowProvenance(deps: ApiDeps, r: ScreenRow, kind: ScreenKind, fields: readonly string[], asOf: string | null): Promise<Record<string, ServedProvenance>> {
  const period = SCREEN_SOURCES[kind][0]!.period;
  const byType = new Map<RecordType, string[]>();
  for (const f of fields) {
    const rt = SCREEN_NUMERIC_FIELDS.get(f)?.source[kind];
    if (rt !== undefined) byType.set(rt, [...(byType.get(rt) ?? []), f]);
  }
  const out: Record<string, ServedProvenance> = {};
  // today's records: the company's provenance dictionaries are read once for all record types
  // (each provenance read of its own loaded them again: 23 s for a page of 349 rows, 5 types)
  let dictionaries: ProvenanceDictionaryRows | null = null;
  for (const [recordType, names] of byType) {
    const q = { cik: r.cik, recordType, period, dateStart: r.date, dateEnd: r.date, order: 'DESC' as const, limit: 1 };
    let rows: readonly string[];
    let decoded: ReadonlyMap<string, Record<string, Provenance>> | null;
    if (asOf === null) {
      rows = await deps.dataset.records.series(q);
      const stored = rows.length === 0 ? null : await deps.dataset.records.provenance(r.cik, recordType, period, [r.date], false);
      if (stored && stored.rows.length > 0) dictionaries ??= await deps.dataset.records.provenanceDictionaries(r.cik);
      decoded = stored ? decodeProvenance({ rows: stored.rows, ...(dictionaries ?? { texts: [], filings: [] }) }) : null;
    } else {
      // a version served as of a day names its own filing (stored or computed)
      const at = await seriesAt(deps.dataset, { cik: r.cik, ticker: r.symbol }, q, { asOf, firstFiled: false });
      rows = at.rows;
      decoded = at.provenance && await at.provenance();
    }
    const [body] = await withProvenance(deps, rows, r.cik, recordType, period, decoded);
    if (body === undefined) continue;
    const p = (JSON.parse(body) as { provenance?: Record<string, ServedProvenance> }).provenance ?? {};
    for (const n of names) if (p[n] !== undefined) out[n] = p[n]!;
  }
  return out;
}
