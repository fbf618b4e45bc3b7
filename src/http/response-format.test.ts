// The response format: JSON rows joined as stored, other values stringified, TSV in the record
// type's registry columns for format=excel; binary bodies as they are, with their own headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { EndpointDef, EndpointResult } from '../service/endpoint-types.js';
import { fakeReply } from '../../test/support/hook-harness.js';
import { sendResult } from './response-format.js';

const schemaEndpoint = { id: 'test.s', response: { kind: 'schema', schema: {}, columns: ['a', 'b.c'] } } as unknown as EndpointDef;
const JSON_TYPE = 'application/json; charset=utf-8';
const TSV_TYPE = 'text/tab-separated-values; charset=utf-8';

function sent(result: EndpointResult, format: string) {
  const reply = fakeReply() as ReturnType<typeof fakeReply> & { serializer: (f: unknown) => unknown; send: (p: unknown) => unknown };
  let serializer: ((p: EndpointResult) => string) | null = null;
  let payload: unknown;
  reply.serializer = (f) => { serializer = f as (p: EndpointResult) => string; return reply; };
  reply.send = (p) => { payload = p; return reply; };
  sendResult(reply, schemaEndpoint, result, format);
  return { headers: reply.headers, body: serializer ? (serializer as (p: EndpointResult) => string)(payload as EndpointResult) : payload };
}

test('JSON: stored rows are joined untouched; values are stringified', () => {
  assert.deepEqual(sent({ kind: 'rows', rows: ['{"x":1.50}', '{"x":null}'] }, 'json').body, '[{"x":1.50},{"x":null}]');
  assert.deepEqual(sent({ kind: 'json', value: { data: [1] } }, 'json').body, '{"data":[1]}');
});

test('TSV: declared columns, nested a.b cells, a v3 envelope\u2019s data as rows', () => {
  assert.equal(sent({ kind: 'json', value: { data: [{ a: 1e21, b: { c: 'x\ty' } }, { a: null }] } }, 'excel').body, 'a\tb.c\r\n1000000000000000000000\t"x\ty"\r\n\t\r\n');
  assert.equal(sent({ kind: 'rows', rows: ['{"a":2,"b":{"c":"z"}}'] }, 'excel').body, 'a\tb.c\r\n2\tz\r\n');
});

test('TSV: a result\u2019s own columns are the header, also without rows (an empty screen)', () => {
  assert.equal(sent({ kind: 'json', value: [], columns: ['symbol', 'market_cap'] }, 'excel').body, 'symbol\tmarket_cap\r\n');
  assert.equal(sent({ kind: 'json', value: [{ market_cap: 5, symbol: 'A' }], columns: ['symbol', 'market_cap'] }, 'excel').body, 'symbol\tmarket_cap\r\nA\t5\r\n');
  // the JSON form is the value alone
  assert.equal(sent({ kind: 'json', value: [], columns: ['symbol'] }, 'json').body, '[]');
});

test('sendResult sets the Content-Type of the serializer it installs', () => {
  const r = { kind: 'json', value: [{ a: 1, b: { c: 2 } }] } as const;
  assert.deepEqual(sent(r, 'json'), { headers: { 'content-type': JSON_TYPE }, body: '[{"a":1,"b":{"c":2}}]' });
  assert.deepEqual(sent(r, 'excel'), { headers: { 'content-type': TSV_TYPE }, body: 'a\tb.c\r\n1\t2\r\n' });
  const png = Buffer.from([0x89, 0x50]);
  assert.deepEqual(sent({ kind: 'binary', contentType: 'image/png', body: png, headers: { 'Cache-Control': 'max-age=60' } }, 'json'),
    { headers: { 'cache-control': 'max-age=60', 'content-type': 'image/png' }, body: png });
});
