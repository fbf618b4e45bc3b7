// Short provenance keys: every registry field has one, distinct, and it names the field back; an
// aux field keeps its name; JSON.parse keeps the fields in their stored order (no integer-like keys).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROVENANCE_FIELD_NAMES, provenanceFieldKey, provenanceFieldName } from './provenance-field-ids.js';

test('provenance field keys: distinct, short, and each names its field back', () => {
  assert.ok(PROVENANCE_FIELD_NAMES.length > 100);
  const keys = PROVENANCE_FIELD_NAMES.map(provenanceFieldKey);
  assert.equal(new Set(keys).size, keys.length);
  for (let i = 0; i < keys.length; i++) {
    assert.ok(keys[i]!.length <= 4, keys[i]);
    assert.equal(provenanceFieldName(keys[i]!), PROVENANCE_FIELD_NAMES[i]);
  }
  assert.equal(provenanceFieldKey('aux_lease_liabilities'), 'aux_lease_liabilities');
  assert.equal(provenanceFieldName('aux_lease_liabilities'), 'aux_lease_liabilities');
  assert.equal(provenanceFieldName('is_net_income'), 'is_net_income', 'an older key form reads as itself');
  assert.equal(provenanceFieldName('#99999'), '#99999', 'an unknown number is left as it is');
});

test('provenance field keys: a stored map parses back in its order', () => {
  const order = ['is_net_income', 'aux_x', 'is_sales_revenue_turnover', 'bs_tot_asset'];
  const text = `{${order.map((f, i) => `${JSON.stringify(provenanceFieldKey(f))}:${i}`).join(',')}}`;
  assert.deepEqual(Object.keys(JSON.parse(text) as object).map(provenanceFieldName), order);
});
