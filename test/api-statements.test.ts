// End-to-end: the real server on the corpus test dataset, called over HTTP. Values are checked
// against companies' reported figures, against the dataset rows and against the SEC facts their
// provenance names; plus identifiers, filters, ordering, plans' history depth, 422s and TSV parity.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { STATEMENT_ENDPOINTS } from '../src/service/endpoints/statements.js';
import { recordColumns } from '../src/metrics/registry.js';
import type { RecordType } from '../src/model/record-types.js';
import { decodePayload, openZipArchive } from '../src/sources/sec-zip.js';
import { expectError } from './support/security-suite.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';
import { parseBody } from '../src/dataset/codecs/record-body-codec.js';

type Rec = Record<string, string | number | null>;
const corpus = hasCorpusDataset();
const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

describe('statement endpoints on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });

  const getJson = async (p: string, key = s.keys.enterprise): Promise<Rec[]> => {
    const res = await s.get(p, { key });
    const text = await res.text();
    assert.equal(res.status, 200, `${p}: ${text.slice(0, 300)}`);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/);
    assert.ok(res.headers.get('request-id'));
    return JSON.parse(text) as Rec[];
  };
  const one = async (rt: string, id: string, fy: number) => {
    const rows = await getJson(`/v2/fundamental/${rt}/${id}?fiscal_year_start=${fy}&fiscal_year_end=${fy}`);
    assert.equal(rows.length, 1, `${rt} ${id} FY${fy}`);
    return rows[0]!;
  };

  test('Apple FY2023 matches its 10-K (income statement, balance sheet, cash flow)', async () => {
    const is = await one('income-statement', 'AAPL', 2023);
    assert.equal(is.ticker, 'AAPL');
    assert.equal(is.date, '2023-09-30');
    assert.equal(is.period, 'annual');
    assert.equal(is.period_label, '2023');
    assert.equal(is.fiscal_year, '2023');
    assert.equal(is.currency, 'USD');
    assert.equal(is.is_sales_revenue_turnover, 383_285_000_000);
    assert.equal(is.is_oper_income, 114_301_000_000);
    assert.equal(is.is_net_income, 96_995_000_000);
    assert.equal(is.diluted_eps, 6.13);
    assert.equal(is.is_sh_for_diluted_eps, 15_812_547_000);
    const bs = await one('balance-sheet', 'AAPL', 2023);
    assert.equal(bs.bs_tot_asset, 352_583_000_000);
    assert.equal(bs.bs_cur_asset_report, 143_566_000_000);
    assert.equal(bs.bs_cur_liab, 145_308_000_000);
    assert.equal(bs.bs_tot_liab, 290_437_000_000);
    assert.equal(bs.bs_total_equity, 62_146_000_000);
    const cf = await one('cash-flow', 'AAPL', 2023);
    assert.equal(cf.cf_cash_from_oper, 110_543_000_000);
    assert.equal(cf.cf_cap_expenditures, -10_959_000_000);
    assert.equal(cf.cf_dvd_paid, -15_025_000_000);
  });

  test('NVIDIA fiscal 2024 ends in January 2024 (the company\u2019s own fiscal-year label)', async () => {
    const is = await one('income-statement', 'NVDA', 2024);
    assert.equal(is.date, '2024-01-28');
    assert.equal(is.is_sales_revenue_turnover, 60_922_000_000);
    assert.equal(is.is_net_income, 29_760_000_000);
  });

  test('responses equal the dataset rows and every reported value is the SEC fact its provenance names', async () => {
    const zip = await openZipArchive(path.join(dataDir, 'sec/companyfacts.zip'));
    try {
      for (const [ticker, cik] of [['AAPL', '0000320193'], ['MSFT', '0000789019'], ['JPM', '0000019617']] as const) {
        const entry = zip.entries.find((e) => e.fileName.endsWith(`CIK${cik}.json`));
        assert.ok(entry, `companyfacts for ${ticker}`);
        const facts = JSON.parse(decodePayload(await zip.readRaw(entry)).toString('utf8')) as {
          facts: Record<string, Record<string, { units: Record<string, Array<{ end: string; val: number; accn: string }>> }>>;
        };
        for (const e of STATEMENT_ENDPOINTS) {
          const rt = (e.response as { recordType: RecordType }).recordType;
          const rows = await getJson(e.path.replace('{identifier}', ticker) + '?limit=3');
          assert.equal(rows.length, 3, `${ticker} ${rt}`);
          const stored = s.dataset.db.prepare("SELECT body FROM records WHERE cik = ? AND record_type = ? AND period = 'annual' ORDER BY date DESC LIMIT 3").pluck().all(cik, rt) as string[];
          assert.deepEqual(rows, stored.map((b) => parseBody(rt, b)));
          let checked = 0;
          for (const row of rows) {
            assert.deepEqual(Object.keys(row), [...recordColumns(rt)]);
            const prov = s.dataset.db.prepare('SELECT field, concept, accn, derivation FROM provenance WHERE cik = ? AND record_type = ? AND period = ? AND date = ?')
              .all(cik, rt, 'annual', row.date) as Array<{ field: string; concept: string | null; accn: string | null; derivation: string | null }>;
            for (const p of prov) {
              const v = row[p.field];
              if (typeof v !== 'number' || !p.concept || !p.accn || p.derivation) continue;
              const [taxonomy, name] = p.concept.split(':') as [string, string];
              const units = facts.facts[taxonomy]?.[name]?.units ?? {};
              const match = Object.values(units).flat().filter((f) => f.accn === p.accn && f.end === row.date);
              assert.ok(match.length > 0, `${ticker} ${rt} ${row.date} ${p.field}: no ${p.concept} fact in ${p.accn}`);
              assert.ok(match.some((f) => Math.abs(f.val) === Math.abs(v)), `${ticker} ${rt} ${row.date} ${p.field}=${v} not among ${match.map((f) => f.val).join(',')}`);
              checked += 1;
            }
          }
          assert.ok(checked >= 10, `${ticker} ${rt}: only ${checked} values traced to facts`);
        }
      }
    } finally { zip.close(); }
  });

  test('every identifier form of Apple returns the same records', async () => {
    const expected = await getJson('/v2/fundamental/balance-sheet/AAPL?limit=2');
    for (const id of ['aapl', '320193', '0000320193', '037833100', 'US0378331005']) {
      assert.deepEqual(await getJson(`/v2/fundamental/balance-sheet/${id}?limit=2`), expected, id);
    }
  });

  test('share classes: BRK-B, BRK.B, brk/b and BRK.A are Berkshire Hathaway', async () => {
    const expected = await getJson('/v2/fundamental/income-statement/BRK-B?limit=1');
    assert.equal(expected.length, 1);
    for (const id of ['BRK.B', 'brk%2Fb', '1067983']) assert.deepEqual(await getJson(`/v2/fundamental/income-statement/${id}?limit=1`), expected, id);
    // class A: the same company's record on the class A basis (docs/metrics.md, Share classes)
    const a = (await getJson('/v2/fundamental/income-statement/brk.a?limit=1'))[0]!;
    assert.equal(a.ticker, 'BRK-A');
    assert.equal(a.date, expected[0]!.date);
    assert.equal(a.is_net_income, expected[0]!.is_net_income);
  });

  test('unknown identifiers and bad check digits are 404 { error }', async () => {
    for (const id of ['NOSUCHCO', '037833101', 'US0378331006', '9999999999']) {
      await expectError(await s.get(`/v2/fundamental/income-statement/${id}`, { key: s.keys.enterprise }), 404, 'v2');
    }
  });

  test('quarterly periods, ordering, limit and filters', async () => {
    const q = await getJson('/v2/fundamental/income-statement/AAPL?period=quarterly&limit=8');
    assert.equal(q.length, 8);
    for (const r of q) { assert.equal(r.period, 'quarterly'); assert.match(String(r.period_label), /^Q[1-4]$/); }
    const dates = q.map((r) => String(r.date));
    assert.deepEqual(dates, [...dates].sort().reverse());
    const asc = await getJson(`/v2/fundamental/income-statement/AAPL?period=quarterly&order=ASC&date_start=${dates[7]}&date_end=${dates[0]}&limit=100`);
    assert.deepEqual(asc.map((r) => r.date), [...dates].reverse());
    const def = await getJson('/v2/fundamental/cash-flow/AAPL');
    assert.equal(def.length, 10);
    assert.ok(def.every((r) => r.period === 'annual'));
    const fy = await getJson('/v2/fundamental/cash-flow/AAPL?fiscal_year_start=2015&fiscal_year_end=2018');
    assert.deepEqual(fy.map((r) => r.fiscal_year), ['2018', '2017', '2016', '2015']);
    const ds = await getJson('/v2/fundamental/cash-flow/AAPL?date_start=2019-01-01&date_end=2021-12-31&order=asc');
    assert.deepEqual(ds.map((r) => r.date), ['2019-09-28', '2020-09-26', '2021-09-25']);
  });

  test('history depth by plan: implicit windows, explicit starts refused with 403', async () => {
    // The injected clock says 2026-01-15: Free sees periods ending from 2024-01-15, Individual from 2021-01-15.
    const free = await getJson('/v2/fundamental/income-statement/AAPL?period=quarterly&limit=100', (await s.createKey('free')).key);
    assert.ok(free.length > 0 && free.every((r) => String(r.date) >= '2024-01-15'), JSON.stringify(free.map((r) => r.date)));
    const ind = await getJson('/v2/fundamental/income-statement/AAPL?limit=100', (await s.createKey('individual')).key);
    assert.ok(ind.length >= 4 && ind.every((r) => String(r.date) >= '2021-01-15'));
    const all = await getJson('/v2/fundamental/income-statement/AAPL?limit=100', s.keys.professional);
    assert.ok(all.some((r) => String(r.date) < '2015-01-01'));
    const { key } = await s.createKey('free');
    const msg = await expectError(await s.get('/v2/fundamental/income-statement/AAPL?fiscal_year_start=2015', { key }), 403, 'v2');
    assert.match(msg, /Free plan/);
    await expectError(await s.get('/v2/fundamental/balance-sheet/AAPL?date_start=2015-01-01', { key }), 403, 'v2');
    const ok = await getJson('/v2/fundamental/balance-sheet/AAPL?fiscal_year_start=2024', key);
    assert.ok(ok.every((r) => String(r.date) >= '2024-01-15'));
  });

  test('invalid parameters are 422 with a single error field', async () => {
    const bad = ['format=xml', 'period=monthly', 'order=sideways', 'limit=abc', 'limit=0', 'limit=401', 'limit=-3', 'date_start=2023-02-30',
      'date_end=yesterday', 'fiscal_year_start=2020&fiscal_year_end=2019', 'date_start=2022-01-01&date_end=2021-01-01', 'fiscal_year_end=twenty'];
    for (const q of bad) {
      const msg = await expectError(await s.get(`/v2/fundamental/income-statement/AAPL?${q}`, { key: s.keys.enterprise }), 422, 'v2');
      assert.ok(msg.length > 10, q);
    }
    assert.equal((await getJson('/v2/fundamental/income-statement/AAPL?limit=400')).length > 10, true);
  });

  test('format=excel: TSV with the registry header and the same values as JSON', async () => {
    for (const e of STATEMENT_ENDPOINTS) {
      const rt = (e.response as { recordType: RecordType }).recordType;
      for (const period of ['annual', 'quarterly']) {
        const base = `${e.path.replace('{identifier}', 'MSFT')}?period=${period}&limit=6`;
        const json = await getJson(base);
        const res = await s.get(`${base}&format=excel`, { key: s.keys.enterprise });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'text/tab-separated-values; charset=utf-8');
        const lines = (await res.text()).split('\r\n');
        assert.equal(lines.pop(), '');
        const header = lines.shift()!.split('\t');
        assert.deepEqual(header, [...recordColumns(rt)]);
        assert.equal(lines.length, json.length);
        lines.forEach((line, i) => {
          const cells = line.split('\t');
          assert.equal(cells.length, header.length);
          header.forEach((col, j) => {
            const v = json[i]![col];
            const cell = cells[j]!;
            if (v === null) assert.equal(cell, '', col);
            else if (typeof v === 'number') { assert.doesNotMatch(cell, /e/i, col); assert.equal(Number(cell), v, col); }
            else assert.equal(cell, v, col);
          });
        });
      }
    }
  });

  test('rate-limit headers on success; the Free plan\u2019s 6th request in a minute is 429', async () => {
    const { key } = await s.createKey('free');
    for (let i = 1; i <= 5; i += 1) {
      const r = await s.get('/v2/fundamental/income-statement/AAPL', { key });
      await r.arrayBuffer();
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('x-ratelimit-limit'), '5');
      assert.equal(r.headers.get('x-ratelimit-remaining'), String(5 - i));
    }
    const r = await s.get('/v2/fundamental/cash-flow/AAPL', { key });
    assert.ok(Number(r.headers.get('retry-after')) >= 1);
    const msg = await expectError(r, 429, 'v2');
    assert.match(msg, /Free plan allows 5 requests per minute\. Retry in \d+ seconds?\./);
  });

  test('registry examples succeed for every endpoint', async () => {
    for (const e of ENDPOINTS.filter((x) => x.family === 'v2' && x.response.kind === 'records')) {
      const rows = await getJson(e.path.replace('{identifier}', e.example.identifier ?? 'AAPL') + '?limit=2');
      assert.ok(rows.length > 0, e.id);
    }
  });
});
