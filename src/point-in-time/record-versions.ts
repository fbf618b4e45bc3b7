// Every version of every record of one company (stored vintages, issue 27): for each record
// (record type, period, date) the bodies it had and the filing dates between which each was the
// latest known. A company's records change only on the days it files (docs/api.md, Point in
// time), so its state is computed at each of its filing dates (standardized and derived as an
// `as_of` of that day is) and consecutive states are compared record by record: a record whose
// body is the same keeps its version. Measured on the corpus, nearly every filing date changes
// some already known record (Apple: 53 of its 67 filing dates, mostly a recast comparative of the
// 10-Q a year later), so no state is skipped: the versions are exact by construction.
// This is the plain reference: the versions step runs computeRecordVersionsFast
// (record-versions-fast.ts), which a case test requires to give the same versions. Pure and
// synchronous.
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import type { MarketData } from '../market/market-data.js';
import { recordKey, type PeriodRecord } from '../model/record-types.js';
import { filingDates } from '../xbrl/point-in-time-view.js';
import { storedProvenance } from '../dataset/codecs/record-render.js';
import { companyRecordsAt, type RecordsAt } from './records-at.js';

/** One version of a record: the latest known from `knownFrom` (a filing date) until `knownTo` (exclusive; null = still). */
export interface RecordVersion { knownFrom: string; knownTo: string | null; record: PeriodRecord }

export interface CompanyVersions {
  /** The reporting currency of the computed states (null when nothing could be standardized). */
  currency: string | null;
  /** Per record key (`recordKey`), its versions oldest first; only the last may be open. */
  versions: Map<string, RecordVersion[]>;
  /** How many distinct filing dates the company's facts have, and at how many its records were computed (the same). */
  filingDates: number;
  states: number;
}


/** Two numbers (or nulls) equal, NaN equal to NaN. */
function same(x: unknown, y: unknown): boolean {
  return x === y || (x !== x && y !== y);
}

/**
 * Whether two computed records of one key are the same version: what their bodies are made of
 * (fiscal year, label, start, every value; the ticker and currency do not change with the filing).
 * Field by field (a JSON text per record was ~15 % of the versions' time).
 */
export function sameRecord(a: PeriodRecord, b: PeriodRecord): boolean {
  if (a.fiscalYear !== b.fiscalYear || a.periodLabel !== b.periodLabel || (a.start ?? null) !== (b.start ?? null)) return false;
  const av = a.values, bv = b.values;
  const keys = Object.keys(av);
  if (keys.length !== Object.keys(bv).length) return false;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (!(k in bv) || !same(av[k], bv[k])) return false;
  }
  return true;
}

/**
 * Whether two computed records of one key name the same sources: their provenance as stored
 * (storedProvenance), so `include=provenance` with `as_of` names what the computation of that day
 * named (a later filing that repeats a value unchanged becomes its provenance from its filing date).
 */
export function sameProvenance(a: PeriodRecord, b: PeriodRecord): boolean {
  return JSON.stringify(storedProvenance(a)) === JSON.stringify(storedProvenance(b));
}

/** A company's state on one day: its reporting currency (null: nothing standardized) and records by key. */
export interface DayState { currency: string | null; byKey: Map<string, PeriodRecord> }

/** The records of the state at `day` by key (the last derived of a repeated key, as the records table keeps it). */
function stateAt(view: CompanyFactsView, fiscalYearEnd: string | null, market: MarketData | null, day: string): DayState {
  return dayState(companyRecordsAt(view, fiscalYearEnd, market, { asOf: day, firstFiled: false }));
}

/** A day's computed records as a state (the last derived of a repeated key, as the records table keeps it). */
export function dayState(res: RecordsAt | null): DayState {
  const byKey = new Map<string, PeriodRecord>();
  if (!res) return { currency: null, byKey };
  for (const r of res.records) byKey.set(recordKey(r), r);
  return { currency: res.currency, byKey };
}

/**
 * The versions of a company's records from its state at each of its filing dates (ascending):
 * a record keeps its open version while `sameVersion(open, new)` holds. Shared by the reference
 * and record-versions-fast.ts (which differ in how they compute a state and compare two records).
 */
export function versionsOverStates(days: readonly string[], stateOn: (day: string) => DayState, sameVersion: (a: PeriodRecord, b: PeriodRecord) => boolean): CompanyVersions {
  const versions = new Map<string, RecordVersion[]>();
  const out: CompanyVersions = { currency: null, versions, filingDates: days.length, states: 0 };
  const open = new Map<string, RecordVersion>();
  for (const day of days) {
    const state = stateOn(day);
    out.states++;
    if (state.currency !== null) out.currency = state.currency;
    for (const [key, record] of state.byKey) {
      const cur = open.get(key);
      if (cur) {
        if (sameVersion(cur.record, record)) continue;
        cur.knownTo = day;
      }
      const version: RecordVersion = { knownFrom: day, knownTo: null, record };
      let list = versions.get(key);
      if (!list) versions.set(key, (list = []));
      list.push(version);
      open.set(key, version);
    }
    for (const [key, cur] of open) {
      if (state.byKey.has(key)) continue;
      cur.knownTo = day; // no longer derived (e.g. its period was recalendared)
      open.delete(key);
    }
  }
  return out;
}

/**
 * The versions of a company's records as of every filing date of its facts. The open versions are
 * the state of its newest filing date (market data cut there, as an `as_of` of that day computes it).
 */
export function computeRecordVersions(view: CompanyFactsView, fiscalYearEnd: string | null, market: MarketData | null): CompanyVersions {
  return versionsOverStates(filingDates(view), (day) => stateAt(view, fiscalYearEnd, market, day),
    (a, b) => sameRecord(a, b) && sameProvenance(a, b));
}
