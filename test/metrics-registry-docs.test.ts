// The metric registry and docs/metrics.md agree both ways: every derived field of every record
// type is documented under its record's heading, and the docs list no field the registry lacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { RECORD_TYPES } from '../src/model/record-types.js';
import { allFieldDefs, fieldDefs } from '../src/metrics/registry.js';
import { METRIC_ENDPOINTS, METRICS_MAX_LIMIT } from '../src/api/endpoints/metrics.js';

const doc = fs.readFileSync(path.join(import.meta.dirname, '..', 'docs', 'metrics.md'), 'utf8');

function section(recordType: string): string {
  const start = doc.indexOf(`### ${recordType}\n`);
  if (start < 0) return '';
  const next = doc.indexOf('\n### ', start + 4);
  return doc.slice(start, next < 0 ? undefined : next);
}

test('every derived registry field is documented under its record type', () => {
  for (const rt of RECORD_TYPES) {
    const s = section(rt);
    for (const d of fieldDefs(rt).filter((f) => f.derived)) {
      assert.ok(s.includes(`| \`${d.name}\` | ${d.unit} |`), `${rt}.${d.name} missing from docs/metrics.md`);
    }
  }
});

test('the docs name no field the registry does not have', () => {
  for (const rt of RECORD_TYPES) {
    const names = new Set(fieldDefs(rt).map((f) => f.name));
    for (const m of section(rt).matchAll(/^\| `(\w+)` \|/gm)) assert.ok(names.has(m[1]!), `${rt}.${m[1]} is not in the registry`);
  }
});

test('every registry entry has a unit, description, definition and inputs; derived types are fully defined', () => {
  for (const d of allFieldDefs()) {
    assert.ok(d.unit && d.description && d.definition && d.inputs.length > 0, `${d.record}.${d.name}`);
    if (!['income_statement', 'balance_sheet', 'cash_flow'].includes(d.record)) assert.ok(d.derived, `${d.record}.${d.name}`);
  }
  assert.equal(fieldDefs('multiples').find((f) => f.name === 'pr_to_tang_bv_per_sh')!.unit, 'ratio');
});

test('metric endpoints: one per derived record type, each capped at 250 periods', () => {
  assert.equal(METRIC_ENDPOINTS.length, 8);
  for (const e of METRIC_ENDPOINTS) assert.equal(e.maxLimit, METRICS_MAX_LIMIT);
  assert.equal(METRICS_MAX_LIMIT, 250);
});
