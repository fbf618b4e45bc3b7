// Typed params: ParamsOf derives a handler's params from an entry's own ParamDefs (checked by the
// typecheck: the @ts-expect-error lines must stay errors), and parseParams fills them that way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoint, param, type ParamsOf } from './endpoint-types.js';
import { parseParams } from './params.js';

const PARAMS = [
  param({ name: 'identifier', in: 'path', type: 'string', required: true, description: 'x' }),
  param({ name: 'limit', in: 'query', type: 'integer', default: 10, description: 'x' }),
  param({ name: 'order', in: 'query', type: 'enum', values: ['ASC', 'DESC'], description: 'x' }),
  param({ name: 'listed', in: 'query', type: 'boolean', description: 'x' }),
  param({ name: 'date_end', in: 'query', type: 'date', description: 'x' }),
] as const;
type Params = ParamsOf<typeof PARAMS>;

test('required and defaulted params are always there, the others may be absent, enums are their values', () => {
  const full: Params = { identifier: 'AAPL', limit: 4, order: 'DESC', listed: true, date_end: '2024-01-01' };
  const sparse: Params = { identifier: 'AAPL', limit: 10, order: undefined, listed: undefined, date_end: undefined };
  // @ts-expect-error limit is a number
  const wrongType: Params = { ...sparse, limit: '4' };
  // @ts-expect-error order is one of its listed values
  const notListed: Params = { ...sparse, order: 'asc' };
  // @ts-expect-error identifier is required
  const missing: Params = { ...sparse, identifier: undefined };
  assert.ok(full && sparse && wrongType && notListed && missing);
});

test('parseParams gives exactly that shape, and an entry hands it to its handler as is', async () => {
  const parsed = parseParams(PARAMS, { identifier: 'AAPL' }, { order: 'asc' });
  assert.deepEqual(parsed, { identifier: 'AAPL', limit: 10, order: 'ASC', listed: undefined, date_end: undefined });
  const e = endpoint({
    id: 'test.entry', method: 'GET', path: '/x/{identifier}', family: 'v2', summary: 's', description: 'd', tag: 't',
    params: PARAMS, response: { kind: 'schema', schema: {} }, formats: ['json'], metering: { metered: false, historyDepth: null },
    pagination: 'none', mcp: { tool: 'x', description: 'x' }, example: { identifier: 'AAPL' },
    validate: (p) => (p.limit > 5 ? null : null),
    handler: (_deps, p) => ({ kind: 'json', value: [p.identifier.toLowerCase(), p.limit + 1, p.order ?? 'DESC'] }),
  });
  const out = await e.handler(null as never, parsed, null as never);
  assert.deepEqual(out, { kind: 'json', value: ['aapl', 11, 'ASC'] });
});
