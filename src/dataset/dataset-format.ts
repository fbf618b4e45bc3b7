// The form of a dataset this code reads, stated in its meta rows: the schema version
// (SUPPORTED_DATASET_SCHEMA) and the record columns its stored bodies are arrays of (a hash of every
// record type's body template, record-body-codec.ts). A stored body is an array read by position,
// so a build made with other field lists (a field added, removed or moved without a schema bump)
// would be served under the wrong keys: every place that serves, loads or carries over a dataset
// asks datasetFormatProblem first (SQLite start-up check, PostgreSQL version open and load,
// incremental carry-over).
import crypto from 'node:crypto';
import { RECORD_TYPES } from '../model/record-types.js';
import { bodyTemplate } from './codecs/record-body-codec.js';

/**
 * The dataset schema this code reads and `tenk ingest` writes (meta.schema_version). 2: record
 * bodies stored as their values alone (record-body-codec.ts). 3: stored provenance keyed by short
 * field keys (provenance-field-ids.ts). An earlier build is refused: rebuilt, a dataset holds one form.
 */
export const SUPPORTED_DATASET_SCHEMA = 3;

let columnsHash: string | undefined;

/** meta.record_columns of a build of this code: a hash of each record type's stored columns, in order. */
export function recordColumnsHash(): string {
  return (columnsHash ??= crypto.createHash('sha256')
    .update(JSON.stringify(RECORD_TYPES.map((t) => [t, bodyTemplate(t)?.columns ?? null])))
    .digest('hex').slice(0, 16));
}

/** The meta rows a build of this code writes about its form. */
export function datasetFormatMeta(): Array<[string, string]> {
  return [['schema_version', String(SUPPORTED_DATASET_SCHEMA)], ['record_columns', recordColumnsHash()]];
}

/**
 * Why a dataset with these meta values cannot be read by this code (words an operator acts on:
 * rebuild it), or null when it can.
 */
export function datasetFormatProblem(meta: (key: string) => string | null | undefined): string | null {
  const schema = meta('schema_version');
  if (schema === null || schema === undefined) return 'is not a complete tenk build (no meta.schema_version)';
  if (Number(schema) !== SUPPORTED_DATASET_SCHEMA) return `has dataset schema ${schema}; this tenk reads schema ${SUPPORTED_DATASET_SCHEMA}: rebuild it with \`tenk ingest\``;
  const columns = meta('record_columns');
  if (columns !== recordColumnsHash()) {
    return `was built with other record fields (meta.record_columns ${columns ?? 'missing'}; this tenk stores ${recordColumnsHash()}): rebuild it with \`tenk ingest\``;
  }
  return null;
}
