// Rendering of period records into the rows of the records and provenance tables: each record as
// the exact JSON object the API returns (columns in registry order; renderRecord), stored as its
// values alone (renderStoredBody; record-body-codec.ts puts the keys back when it is read), and each record's provenance
// as one JSON map field key (provenance-field-ids.ts) -> [concept id, filing id, derivation id]
// (provenance-encoder.ts). Pure,
// so it runs in the worker threads that derived the records.
import { provenanceFieldKey } from './provenance-field-ids.js';
import { DERIVED_TYPES, type PeriodRecord, type Provenance, type RecordType } from '../../model/record-types.js';
import { fieldNames, metadataColumns } from '../../model/record-fields.js';
import { bodyTemplate } from './record-body-codec.js';
import { FILING_COLS, ProvenanceEncoder, TEXT_COLS, type ProvenanceDictionaries } from './provenance-encoder.js';

/**
 * Per record type (bodyTemplate's columns): the metadata columns, the fields, and the body's text
 * as parts to join: each column's `"name":` key followed by a slot for its value, then the closing
 * brace; `values` the same slots alone (the stored form, record-body-codec.ts). Both are filled in
 * place per record (rendering is synchronous, so one array per type serves).
 */
interface Template { meta: readonly string[]; fields: readonly string[]; parts: Array<string | number>; values: Array<string | number> }
const templates = new Map<string, Template | null>();
function templateOf(recordType: PeriodRecord['recordType']): Template | null {
  let t = templates.get(recordType);
  if (t === undefined) {
    const b = bodyTemplate(recordType);
    t = b ? { meta: b.meta, fields: b.fields, parts: [...b.keys.flatMap((k) => [k, 'null']), '}'], values: b.keys.map(() => 'null') } : null;
    templates.set(recordType, t);
  }
  return t;
}

function metaValue(col: string, record: PeriodRecord, ticker: string, currency: string): string | null | undefined {
  switch (col) {
    case 'ticker': return ticker;
    case 'date': return record.date;
    case 'period': return record.period;
    case 'period_label': return record.periodLabel;
    case 'fiscal_year': return String(record.fiscalYear);
    case 'currency': return currency;
    default: return undefined;
  }
}

/** Render one record as the API's JSON object: metadata, then every field (null where absent). */
export function renderRecord(record: PeriodRecord, ticker: string, currency: string): string {
  const t = templateOf(record.recordType);
  return t ? renderBody(record, t, JSON.stringify(ticker), JSON.stringify(currency)) : renderRecordAsObject(record, ticker, currency);
}

/** A record's body as the records and record_versions tables store it (record-body-codec.ts): decodeBody of it is renderRecord's text. */
export function renderStoredBody(record: PeriodRecord, ticker: string, currency: string): string {
  const t = templateOf(record.recordType);
  return t ? renderValues(record, t, JSON.stringify(ticker), JSON.stringify(currency)) : renderRecordAsObject(record, ticker, currency);
}

/** JSON text of a string: quoted as is when nothing in it needs an escape (the common case), else JSON.stringify's. */
function jsonString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/**
 * Text in the order JSON.stringify of the object would give (same bytes, ~3x faster): the
 * template's parts with the values in their slots, joined once (one flat string, not a rope of
 * ~100 concatenations that postMessage then flattens).
 */
function renderBody(record: PeriodRecord, t: Template, tickerJson: string, currencyJson: string): string {
  fillSlots(record, t, t.parts, 1, 2, tickerJson, currencyJson);
  return t.parts.join('');
}

/** The stored form of a templated record's body (record-body-codec.ts): its value texts as one JSON array. */
function renderValues(record: PeriodRecord, t: Template, tickerJson: string, currencyJson: string): string {
  fillSlots(record, t, t.values, 0, 1, tickerJson, currencyJson);
  return `[${t.values.join(',')}]`;
}

/** Puts a record's value texts in `parts`, the first at `slot`, then every `step`. */
function fillSlots(record: PeriodRecord, t: Template, parts: Array<string | number>, first: number, step: number, tickerJson: string, currencyJson: string): void {
  const meta = t.meta;
  let slot = first;
  for (let i = 0; i < meta.length; i++, slot += step) {
    switch (meta[i]) {
      case 'ticker': parts[slot] = tickerJson; break;
      case 'date': parts[slot] = jsonString(record.date); break;
      case 'period': parts[slot] = jsonString(record.period); break;
      case 'period_label': parts[slot] = jsonString(record.periodLabel); break;
      case 'fiscal_year': parts[slot] = jsonString(String(record.fiscalYear)); break;
      case 'currency': parts[slot] = currencyJson; break;
    }
  }
  const values = record.values;
  const fields = t.fields;
  for (let i = 0; i < fields.length; i++, slot += step) {
    const v = values[fields[i]!];
    // join gives a finite number's String(v), which is its JSON text (-0 included: "0")
    parts[slot] = typeof v === 'number' && Number.isFinite(v) ? v : 'null';
  }
}

/** The reference rendering (an object in column order, JSON.stringify'd); renderRecord gives the same text. */
export function renderRecordAsObject(record: PeriodRecord, ticker: string, currency: string): string {
  const out: Record<string, string | number | null> = {};
  for (const col of metadataColumns(record.recordType)) {
    const v = metaValue(col, record, ticker, currency);
    if (v !== undefined) out[col] = v;
  }
  for (const name of fieldNames(record.recordType)) {
    const v = record.values[name];
    out[name] = typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  return JSON.stringify(out);
}

/**
 * One company's rows, ready to bind (cik first), in primary-key order: flat arrays of
 * RECORD_COLS / PROVENANCE_COLS / TEXT_COLS / FILING_COLS values per row. Plain strings and
 * numbers, so a worker thread can render them and post them back cheaply (a structured clone of
 * record objects costs about as much as parsing the company's JSON).
 */
export interface RecordRows extends ProvenanceDictionaries {
  count: number;
  records: Array<string | number>;
  provenance: string[];
}
export const RECORD_COLS = 7;
export const PROVENANCE_COLS = 5;
export { TEXT_COLS, FILING_COLS };

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byKey(a: PeriodRecord, b: PeriodRecord): number {
  return cmp(a.recordType, b.recordType) || cmp(a.period, b.period) || cmp(a.date, b.date);
}

/** `"key":` of a field's stored provenance (provenance-field-ids.ts; field names are few: memoized). */
const fieldKeys = new Map<string, string>();
function fieldKey(name: string): string {
  let k = fieldKeys.get(name);
  if (k === undefined) {
    k = `${JSON.stringify(provenanceFieldKey(name))}:`;
    fieldKeys.set(name, k);
  }
  return k;
}

/**
 * The provenance row of a key: its fields' encoded provenance as one JSON map. A record without
 * provenance (e.g. a derived record of formulas only) gets no row. (A module-level function, not
 * a closure: V8 drops a per-call closure's optimized code at every major GC.)
 */
function pushProvenanceRow(rows: RecordRows, cik: string, record: PeriodRecord | null, names: readonly string[], entries: readonly string[]): void {
  if (record === null || names.length === 0) return;
  let json = '{';
  for (let i = 0; i < names.length; i++) json += `${i === 0 ? '' : ','}${fieldKey(names[i]!)}${entries[i]!}`;
  rows.provenance.push(cik, record.recordType, record.period, record.date, `${json}}`);
}

/** The record types whose values keep their provenance only when it has a concept: the derived
 *  ones (their formulas are explained from the metric registry, not stored per value). */
export const CONCEPT_ONLY_PROVENANCE: ReadonlySet<RecordType> = new Set(DERIVED_TYPES);

/** A record's per-field provenance as renderRecordRows stores it (values without a concept are
 *  left out in the `conceptOnly` record types; null values have none). */
export function storedProvenance(r: PeriodRecord, conceptOnly: ReadonlySet<RecordType> = CONCEPT_ONLY_PROVENANCE): Record<string, Provenance> {
  const withConcept = conceptOnly.has(r.recordType);
  const kept: Record<string, Provenance> = {};
  for (const [field, p] of Object.entries(r.provenance)) {
    const v = r.values[field];
    if (v === null || v === undefined ? p.nullReason !== true : withConcept && p.concept === undefined) continue;
    kept[field] = p;
  }
  return kept;
}

/**
 * Renders a company's records (all of them, in one call: provenance ids are per company). A key
 * repeated in `records` keeps the last record's body and, per field, the last non-null value's
 * provenance (what row-by-row INSERT OR REPLACE gave). Every non-null value's provenance is kept,
 * except in records of the types in `conceptOnly`: there only values with a concept keep theirs.
 */
export function renderRecordRows(
  cik: string, ticker: string, currency: string, records: readonly PeriodRecord[],
  conceptOnly: ReadonlySet<RecordType> = new Set(),
): RecordRows {
  // Inserting in primary-key order appends to the B-trees instead of splitting pages all over
  // them (measured 15-25 % faster). The sort is stable, so a repeated key still ends with the last.
  const ordered = [...records].sort(byKey);
  const encoder = new ProvenanceEncoder(cik);
  const rows: RecordRows = { count: records.length, records: [], provenance: [], ...encoder.rows };
  const tickerJson = JSON.stringify(ticker);
  const currencyJson = JSON.stringify(currency);
  let prev: PeriodRecord | null = null;
  // the current key's provenance: field names and their encoded [concept, filing, derivation]
  let names: string[] = [];
  let entries: string[] = [];
  for (const r of ordered) {
    const same = prev !== null && prev.recordType === r.recordType && prev.period === r.period && prev.date === r.date;
    if (same) {
      rows.records.length -= RECORD_COLS;
    } else {
      pushProvenanceRow(rows, cik, prev, names, entries);
      names = [];
      entries = [];
    }
    const t = templateOf(r.recordType);
    const body = t ? renderValues(r, t, tickerJson, currencyJson) : renderRecordAsObject(r, ticker, currency);
    rows.records.push(cik, r.recordType, r.period, r.date, r.fiscalYear, r.periodLabel, body);
    const values = r.values;
    const withConcept = conceptOnly.has(r.recordType);
    // Object.keys (for-in's order: these are plain objects) rather than for-in: a statement
    // record's provenance map is often in dictionary mode, where for-in re-checks every key; a null
    // value keeps its provenance only when that says why it is null (nullReason).
    const provenance = r.provenance;
    const fields = Object.keys(provenance);
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      const v = values[field];
      const p = provenance[field]!;
      if (v === null || v === undefined) {
        if (p.nullReason !== true) continue;
      } else if (withConcept && p.concept === undefined) continue;
      const entry = encoder.encode(p);
      const at = same ? names.indexOf(field) : -1;
      if (at >= 0) {
        entries[at] = entry;
      } else {
        names.push(field);
        entries.push(entry);
      }
    }
    prev = r;
  }
  pushProvenanceRow(rows, cik, prev, names, entries);
  return rows;
}

/** A record's provenance as one record_provenance `fields` text (storedProvenance's fields), null when it keeps none. */
export function encodedFields(r: PeriodRecord, encoder: ProvenanceEncoder): string | null {
  const kept = storedProvenance(r);
  const names = Object.keys(kept);
  if (names.length === 0) return null;
  let fields = '{';
  for (let i = 0; i < names.length; i++) fields += `${i === 0 ? '' : ','}${fieldKey(names[i]!)}${encoder.encode(kept[names[i]!]!)}`;
  return `${fields}}`;
}

/** One stored version of a record (record_versions; issue 27): its body and provenance as of `knownFrom`, latest known until `knownTo`. */
export interface VersionToRender { record: PeriodRecord; knownFrom: string; knownTo: string }
export const VERSION_COLS = 10;

/**
 * Flat record_versions rows (cik, record_type, period, date, known_from, known_to, fiscal_year,
 * period_label, body, fields) of a company's superseded versions: bodies in their stored form
 * (renderStoredBody), provenance as storedProvenance keeps it, encoded with `encoder` (seeded with the company's
 * stored dictionaries, so the ids are those of record_provenance; its new entries are in encoder.rows).
 */
export function renderVersionRows(cik: string, ticker: string, currency: string, versions: readonly VersionToRender[], encoder: ProvenanceEncoder): Array<string | number | null> {
  const out: Array<string | number | null> = [];
  for (const { record: r, knownFrom, knownTo } of versions) {
    const fields = encodedFields(r, encoder);
    out.push(cik, r.recordType, r.period, r.date, knownFrom, knownTo, r.fiscalYear, r.periodLabel, renderStoredBody(r, ticker, currency), fields);
  }
  return out;
}
