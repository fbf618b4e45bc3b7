// The metric registry and docs/metrics.md agree: under each record type's heading, the table of
// computed fields is exactly the registry's computed entries of that type (name, unit,
// definition), in column order, so the page names no field the registry lacks and misses none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { RECORD_TYPES, type RecordType } from '../src/model/record-types.js';
import { fieldEntries } from '../src/metrics/registry.js';
import { METRIC_ENDPOINTS, METRICS_MAX_LIMIT } from '../src/service/endpoints/metrics.js';

const doc = fs.readFileSync(path.join(import.meta.dirname, '..', 'docs', 'metrics.md'), 'utf8');

function section(recordType: string): string {
  const start = doc.indexOf(`### ${recordType}\n`);
  if (start < 0) return '';
  const next = doc.indexOf('\n### ', start + 4);
  return doc.slice(start, next < 0 ? undefined : next);
}

/** The field rows of a record type's table in the docs. */
function documentedRows(recordType: RecordType): string[] {
  return section(recordType).split('\n').filter((line) => line.startsWith('| `'));
}

/** The rows the registry's computed entries of a record type give (a `|` in a definition escaped). */
function registryRows(recordType: RecordType): string[] {
  const rows: string[] = [];
  for (const e of fieldEntries(recordType)) {
    if (e.kind !== 'reported') rows.push(`| \`${e.name}\` | ${e.unit} | ${e.definition.replaceAll('|', '\\|')} |`);
  }
  return rows;
}

test('each record type\'s table in docs/metrics.md is its computed registry entries, in column order', () => {
  for (const rt of RECORD_TYPES) assert.deepEqual(documentedRows(rt), registryRows(rt), `docs/metrics.md ### ${rt}`);
});

test('the comparison sees a changed definition and an undocumented field', () => {
  const rows = registryRows('credit');
  assert.ok(rows.length > 10);
  assert.notDeepEqual(documentedRows('credit'), rows.slice(1));
  assert.notDeepEqual(documentedRows('credit'), [rows[0]!.replace('currency', 'ratio'), ...rows.slice(1)]);
});

test('derived record types have no reported fields; pr_to_tang_bv_per_sh is a ratio', () => {
  for (const rt of RECORD_TYPES) {
    if (['income_statement', 'balance_sheet', 'cash_flow'].includes(rt)) continue;
    for (const e of fieldEntries(rt)) assert.notEqual(e.kind, 'reported', `${rt}.${e.name}`);
  }
  assert.equal(fieldEntries('multiples').find((f) => f.name === 'pr_to_tang_bv_per_sh')!.unit, 'ratio');
});

test('metric endpoints: one per derived record type, each capped at 250 periods', () => {
  assert.equal(METRIC_ENDPOINTS.length, 8);
  for (const e of METRIC_ENDPOINTS) assert.equal(e.maxLimit, METRICS_MAX_LIMIT);
  assert.equal(METRICS_MAX_LIMIT, 250);
});
