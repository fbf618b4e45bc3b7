// Case test of the params hook: the memoized path (by URL) and the reference path (memo off) give
// the same validated params, cache key, format and errors, in any order of URLs, repeated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENDPOINTS } from '../service/endpoint-registry.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import { fakeReply, fakeRequest, runHook, stateFor } from '../../test/support/hook-harness.js';
import { paramsHooks } from './params-hook.js';
import { routePolicy } from './route-policy.js';

const byId = (id: string) => ENDPOINTS.find((e) => e.id === id)!;
const cases: Array<[EndpointDef, string]> = [];
const IS = byId('v2.income_statement');
for (const q of ['limit=10', 'limit=10&format=EXCEL', 'period=Quarterly&order=asc', 'limit=0', 'limit=abc', 'limit=1&limit=2',
  'fiscal_year_start=2020&fiscal_year_end=2019', 'date_start=2024-02-30', 'limit=', 'fiscal_year_start=2021&date_start=2022-01-01']) {
  cases.push([IS, `/v2/fundamental/income-statement/AAPL?${q}`]);
}
cases.push([byId('v2.multiples'), '/v2/fundamental/multiples/AAPL?period=quarterly&limit=40']);

function queryOf(url: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(url.split('?')[1] ?? '')) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

async function outcome(make: ReturnType<typeof paramsHooks>, e: EndpointDef, url: string) {
  const req = fakeRequest({ url, query: queryOf(url), params: { identifier: 'AAPL' }, pipeline: stateFor(e) });
  const end = await runHook(make(routePolicyOf(e)), req, fakeReply());
  return end.ended === 'answered' ? end : { ended: end.ended, error: end.error === null ? null : String((end.error as Error).message), parsed: req.pipeline!.parsed };
}

const policies = new Map<EndpointDef, ReturnType<typeof routePolicy>>();
const routePolicyOf = (e: EndpointDef) => policies.get(e) ?? policies.set(e, routePolicy(e)).get(e)!;

test('memoized and reference validation agree on every URL, first time and repeated', async () => {
  const memo = paramsHooks();
  const reference = paramsHooks(0);
  for (let round = 0; round < 3; round += 1) {
    for (const [e, url] of round === 1 ? [...cases].reverse() : cases) {
      assert.deepEqual(await outcome(memo, e, url), await outcome(reference, e, url), `${url} (round ${round})`);
    }
  }
  const ok = await outcome(memo, IS, '/v2/fundamental/income-statement/AAPL?limit=10&format=EXCEL');
  assert.ok(ok.ended === 'done' && ok.parsed?.format === 'excel' && ok.parsed.params.limit === 10);
  const bad = await outcome(memo, IS, '/v2/fundamental/income-statement/AAPL?limit=0');
  assert.ok(bad.ended === 'threw' && bad.error?.startsWith('limit must be an integer between 1 and 400'));
});

test('the cache key holds every param in registry order, so equal params share it', async () => {
  const memo = paramsHooks();
  const a = await outcome(memo, IS, '/v2/fundamental/income-statement/AAPL?limit=10&period=annual');
  const b = await outcome(memo, IS, '/v2/fundamental/income-statement/AAPL/?period=ANNUAL&limit=10');
  const c = await outcome(memo, IS, '/v2/fundamental/income-statement/AAPL?limit=11');
  assert.ok(a.ended === 'done' && b.ended === 'done' && c.ended === 'done');
  assert.equal(a.parsed?.paramsKey, b.parsed?.paramsKey);
  assert.notEqual(a.parsed?.paramsKey, c.parsed?.paramsKey);
});

test('a URL memoized for one route is validated afresh on another', async () => {
  const memo = paramsHooks();
  const url = '/v2/fundamental/x/AAPL?limit=300';
  const ms = byId('v2.multiples');
  assert.equal((await outcome(memo, IS, url)).ended, 'done'); // statements allow 400
  assert.equal((await outcome(memo, ms, url)).ended, 'threw'); // multiples allow 250
});
