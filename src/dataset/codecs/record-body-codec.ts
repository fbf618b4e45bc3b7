// The stored form of a record body (records.body, record_versions.body; issue 31): a record type
// with a body template (its columns: metadata, then fields, in registry order) stores only its
// values' JSON texts, in template order, as one JSON array (`["BRK-B","2023-12-31",...,null,12.5]`);
// the keys are put back when it is read. A type without a template keeps its full JSON object.
// The first character tells the forms apart ('[' or '{'). decodeBody gives back exactly the bytes
// of the object text (renderRecord's): served bytes, ETags and cached responses do not change.
// decodeBody is the fast decoder (splices the template's keys with the raw value texts);
// decodeBodyReference the plain one (JSON.parse); record-body-codec.test.ts runs both.
import { fieldNames, metadataColumns } from '../../model/record-fields.js';
import type { RecordType } from '../../model/record-types.js';

/** The metadata columns a body holds (metadataColumns may name others, which bodies leave out). */
const META_COLUMNS: ReadonlySet<string> = new Set(['ticker', 'date', 'period', 'period_label', 'fiscal_year', 'currency']);

/**
 * A record type's body template: its metadata columns, its fields, and per column the text before
 * its value in the object text (`{"ticker":`, then `,"name":`); the object text ends with `}`.
 */
export interface BodyTemplate { meta: readonly string[]; fields: readonly string[]; columns: readonly string[]; keys: readonly string[] }

const templates = new Map<string, BodyTemplate | null>();

/** The body template of a record type, or null when its bodies are stored as the full JSON object. */
export function bodyTemplate(recordType: string): BodyTemplate | null {
  let t = templates.get(recordType);
  if (t === undefined) {
    const meta = metadataColumns(recordType as RecordType).filter((c) => META_COLUMNS.has(c));
    const fields: readonly string[] | undefined = fieldNames(recordType as RecordType); // undefined: not a record type
    const columns = [...meta, ...(fields ?? [])];
    // an object would keep a repeated key at its first place, and put integer-like keys first
    const plain = new Set(columns).size === columns.length && !columns.some((k) => /^\d+$/.test(k));
    t = fields !== undefined && plain && meta.length > 0 && meta[0] === 'ticker'
      ? { meta, fields, columns, keys: columns.map((c, i) => `${i === 0 ? '{' : ','}${JSON.stringify(c)}:`) }
      : null;
    templates.set(recordType, t);
  }
  return t;
}

/** The position of `column` in the stored array of `recordType` (for SQL: `json_extract(body, '$[i]')`). */
export function bodyValueIndex(recordType: RecordType, column: string): number {
  const i = bodyTemplate(recordType)?.columns.indexOf(column) ?? -1;
  if (i < 0) throw new Error(`record type ${recordType} stores no ${column} in a body array`);
  return i;
}

/**
 * The stored form of a body given as its object text (renderRecord's): the values' texts in
 * template order. The value texts are JSON.stringify's, the same texts the object holds.
 */
export function encodeBody(recordType: string, objectText: string): string {
  const t = bodyTemplate(recordType);
  if (t === null) return objectText;
  const o = JSON.parse(objectText) as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== t.columns.length || keys.some((k, i) => k !== t.columns[i])) throw new Error(`a ${recordType} body not in its template's columns`);
  return JSON.stringify(t.columns.map((c) => o[c]));
}

/**
 * An SQL expression of a value in the stored `body` column of `recordType` records (SQLite's
 * json_extract; PostgreSQL's jsonb `->`, a jsonb there): its place in the array, or its key in an
 * object-form body. A read of any record type's ticker: recordType null (the ticker is every
 * template's first column; an object-form body names it).
 */
export function bodyValueSql(dialect: 'sqlite' | 'pg', recordType: RecordType | null, column: string): string {
  if (recordType === null) {
    if (column !== 'ticker') throw new Error('only the ticker is read from any record type');
    return dialect === 'sqlite'
      ? "CASE WHEN substr(body, 1, 1) = '[' THEN json_extract(body, '$[0]') ELSE json_extract(body, '$.ticker') END"
      : "(CASE WHEN left(body, 1) = '[' THEN body::jsonb -> 0 ELSE body::jsonb -> 'ticker' END)";
  }
  const index = bodyTemplate(recordType) === null ? null : bodyValueIndex(recordType, column);
  if (dialect === 'sqlite') return `json_extract(body, '${index === null ? `$.${column}` : `$[${index}]`}')`;
  return `(body::jsonb -> ${index === null ? `'${column}'` : index})`;
}

function malformed(recordType: string, stored: string): Error {
  return new Error(`malformed stored ${recordType} body: ${stored.slice(0, 80)}`);
}

/**
 * The object text of a stored body: the template's keys spliced with the value texts as stored
 * (a string value is scanned to its closing quote, skipping escapes; any other value runs to the
 * next comma). An object-form body is returned as it is.
 */
export function decodeBody(recordType: string, stored: string): string {
  if (stored.charCodeAt(0) !== 0x5b /* [ */) return stored;
  const t = bodyTemplate(recordType);
  if (t === null) throw malformed(recordType, stored);
  const keys = t.keys;
  const end = stored.length - 1; // the closing ]
  let out = '';
  let i = 1;
  for (let k = 0; k < keys.length; k++) {
    if (k > 0) {
      if (stored.charCodeAt(i) !== 0x2c /* , */) throw malformed(recordType, stored);
      i++;
    }
    const start = i;
    if (stored.charCodeAt(i) === 0x22 /* " */) {
      i++;
      for (;;) {
        if (i >= end) throw malformed(recordType, stored);
        const c = stored.charCodeAt(i);
        if (c === 0x5c /* \ */) i += 2;
        else { i++; if (c === 0x22) break; }
      }
    } else {
      while (i < end && stored.charCodeAt(i) !== 0x2c) i++;
    }
    if (i === start) throw malformed(recordType, stored);
    out += keys[k]! + stored.slice(start, i);
  }
  if (i !== end || stored.charCodeAt(end) !== 0x5d /* ] */) throw malformed(recordType, stored);
  return `${out}}`;
}

/** A stored body parsed to its object (for readers that want the values, not the served text). */
export function parseBody(recordType: string, stored: string): Record<string, unknown> {
  if (stored.startsWith('{')) return JSON.parse(stored) as Record<string, unknown>;
  const t = bodyTemplate(recordType);
  const values = JSON.parse(stored) as unknown[];
  if (t === null || !Array.isArray(values) || values.length !== t.columns.length) throw malformed(recordType, stored);
  const o: Record<string, unknown> = {};
  const columns = t.columns;
  for (let i = 0; i < columns.length; i++) o[columns[i]!] = values[i];
  return o;
}

/** The reference decoder: the stored array parsed, set on an object in template order (parseBody), JSON.stringify'd. */
export function decodeBodyReference(recordType: string, stored: string): string {
  return stored.startsWith('{') ? stored : JSON.stringify(parseBody(recordType, stored));
}
