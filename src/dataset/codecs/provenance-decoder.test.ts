// The decoder is the encoder's inverse: provenance encoded by ProvenanceEncoder (with units, fact
// periods, nested inputs and missing parts) and decoded from the dictionaries equals what was encoded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Provenance } from '../../model/record-types.js';
import { ProvenanceEncoder, TEXT_COLS, FILING_COLS } from './provenance-encoder.js';
import { decodeProvenance } from './provenance-decoder.js';
import type { StoredProvenance } from '../queries/record-queries.js';

test('decode(encode(p)) is p for tagged, instant, derived-quarter and formula provenance', () => {
  const fy = { concept: 'us-gaap:Revenues', accn: '0000000001-24-000010', filed: '2024-11-01', form: '10-K', unit: 'USD', start: '2023-10-01', end: '2024-09-28' };
  const nine = { concept: 'us-gaap:Revenues', accn: '0000000001-24-000007', filed: '2024-08-02', form: '10-Q', unit: 'USD', start: '2023-10-01', end: '2024-06-29' };
  const fields: Record<string, Provenance> = {
    revenue: fy,
    cash: { concept: 'us-gaap:Cash', accn: fy.accn, filed: fy.filed, form: fy.form, unit: 'USD', start: null, end: '2024-09-28' },
    q4: { ...fy, derivation: 'Q4 = FY - 9M (us-gaap:Revenues)', inputs: [nine] },
    net_debt: { derivation: 'net_debt = debt - cash' },
    bare: { concept: 'us-gaap:Old' },
  };
  const enc = new ProvenanceEncoder('0000000001');
  const json = `{${Object.entries(fields).map(([k, p]) => `${JSON.stringify(k)}:${enc.encode(p)}`).join(',')}}`;
  const texts: Array<{ id: number; text: string }> = [];
  for (let i = 0; i < enc.rows.texts.length; i += TEXT_COLS) texts.push({ id: enc.rows.texts[i + 1] as number, text: enc.rows.texts[i + 2] as string });
  const filings: StoredProvenance['filings'][number][] = [];
  for (let i = 0; i < enc.rows.filings.length; i += FILING_COLS) {
    const [, id, accn, filed, form] = enc.rows.filings.slice(i, i + FILING_COLS) as [string, number, string | null, string | null, string | null];
    filings.push({ id, accn, filed, form });
  }
  const decoded = decodeProvenance({ rows: [{ date: '2024-09-28', fields: json }], texts, filings });
  assert.deepEqual(decoded.get('2024-09-28'), fields);
  // the unit and period texts are shared: one text each, not one per field
  assert.equal(texts.filter((t) => t.text === 'USD').length, 1);
  assert.equal(texts.filter((t) => t.text === '2023-10-01/2024-09-28').length, 1);
});
