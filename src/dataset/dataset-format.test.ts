// The dataset form check: a build of this code passes; another schema, missing or other record
// columns are named; the columns hash follows the record types' stored columns.
import assert from 'node:assert/strict';
import test from 'node:test';
import { datasetFormatMeta, datasetFormatProblem, recordColumnsHash, SUPPORTED_DATASET_SCHEMA } from './dataset-format.js';
import { bodyTemplate } from './codecs/record-body-codec.js';

const metaOf = (rows: Array<[string, string]>) => { const m = new Map(rows); return (k: string) => m.get(k); };

test('a build of this code is readable; other forms are named', () => {
  assert.equal(datasetFormatProblem(metaOf(datasetFormatMeta())), null);
  assert.match(datasetFormatProblem(metaOf([])) ?? '', /no meta.schema_version/);
  assert.match(datasetFormatProblem(metaOf([['schema_version', '1'], ['record_columns', recordColumnsHash()]])) ?? '', new RegExp(`schema 1; this tenk reads schema ${SUPPORTED_DATASET_SCHEMA}`));
  assert.match(datasetFormatProblem(metaOf([['schema_version', String(SUPPORTED_DATASET_SCHEMA)]])) ?? '', /record_columns missing/);
  assert.match(datasetFormatProblem(metaOf([['schema_version', String(SUPPORTED_DATASET_SCHEMA)], ['record_columns', 'x']])) ?? '', /other record fields/);
});

test('the record columns hash is of every record type\'s stored columns', () => {
  assert.match(recordColumnsHash(), /^[0-9a-f]{16}$/);
  assert.ok(bodyTemplate('income_statement')?.columns.includes('ticker'));
  // stable within a process (memoized) and equal to the meta a build writes
  assert.equal(recordColumnsHash(), recordColumnsHash());
  assert.deepEqual(datasetFormatMeta().find(([k]) => k === 'record_columns'), ['record_columns', recordColumnsHash()]);
});
