// Share classes of multi-class filers over HTTP on the corpus dataset (docs/metrics.md, Share
// classes; data/share-classes.csv): a class listing is served on its own share basis. Expected
// values are computed here by hand from the price file and the reporting-class record.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

type Rec = Record<string, any>;
const corpus = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

/** The Close of one date in a price file of the corpus. */
function closeOn(file: string, date: string): number {
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString().split('\n');
  const header = lines[0]!.split(',');
  const row = lines.find((l) => l.startsWith(date));
  assert.ok(row, `${file} has ${date}`);
  return Number(row.split(',')[header.indexOf('Close')]);
}

describe('share classes', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });
  const at = async (route: string, id: string, date: string): Promise<Rec> => {
    const res = await s.get(`/v2/fundamental/${route}/${id}?period=annual&date_start=${date}&date_end=${date}`, { key: s.keys.enterprise });
    const text = await res.text();
    assert.equal(res.status, 200, text.slice(0, 300));
    const rows = JSON.parse(text);
    assert.equal(rows.length, 1, `${route} ${id} ${date}`);
    return rows[0]!;
  };

  test('BRK-B 2014 EPS: Berkshire reports 12,091.59 per class A share; a class B share is 1/1,500 of one, so BRK-B is served 8.0611', async () => {
    const a = await at('income-statement', 'BRK-A', '2014-12-31');
    assert.equal(a.eps, 12_091.59);
    assert.equal(a.ticker, 'BRK-A');
    const b = await at('income-statement', 'BRK.B', '2014-12-31');
    assert.equal(b.eps, Math.round((12_091.59 / 1500) * 1e4) / 1e4);
    assert.equal(b.ticker, 'BRK-B');
    assert.equal(b.is_avg_num_sh_for_eps, a.is_avg_num_sh_for_eps * 1500, 'weighted shares in B equivalents');
    assert.equal(b.is_net_income, a.is_net_income, 'currency amounts are the company\'s');
    // a CIK names the company: its primary ticker, BRK-B, says the basis
    const byCik = await at('income-statement', '1067983', '2014-12-31');
    assert.equal(byCik.ticker, 'BRK-B');
    assert.equal(byCik.eps, b.eps);
    const psA = await at('per-share', 'BRK-A', '2014-12-31');
    const psB = await at('per-share', 'BRK-B', '2014-12-31');
    assert.equal(psB.bs_sh_out, psA.bs_sh_out * 1500);
    assert.equal(psB.book_val_per_sh, Math.round((psA.book_val_per_sh / 1500) * 1e4) / 1e4);
  });

  test('BRK-B market cap at 2014-12-31 = the BRK-B close of that day x class-A-equivalent shares x 1,500, the same for BRK-A', async () => {
    const close = closeOn(path.join(corpus, 'prices', 'stooq-2017', 'BRK-B.csv.gz'), '2014-12-31'); // no dividends: adjusted = traded
    assert.equal(close, 150.15);
    const sharesA = (await at('per-share', 'BRK-A', '2014-12-31')).bs_sh_out as number; // 1,643,456 class A equivalents
    const expected = close * sharesA * 1500;
    const evB = await at('enterprise-value', 'BRK-B', '2014-12-31');
    assert.ok(Math.abs(evB.market_cap - expected) <= 1, `${evB.market_cap} vs ${expected}`);
    const evA = await at('enterprise-value', 'BRK-A', '2014-12-31');
    assert.equal(evA.market_cap, evB.market_cap, 'one company, one market cap');
    const mB = await at('multiples', 'BRK-B', '2014-12-31');
    assert.equal(mB.pr_last, close, 'BRK-B price on its own basis');
    const mA = await at('multiples', 'BRK-A', '2014-12-31');
    assert.equal(mA.pr_last, close * 1500, 'per class A share');
    assert.equal(mB.pr_to_book_ratio, mA.pr_to_book_ratio, 'ratios do not depend on the class');
  });

  test('GOOG = GOOGL: equal economic rights, the same per-share values', async () => {
    const a = await at('income-statement', 'GOOGL', '2020-12-31');
    const c = await at('income-statement', 'GOOG', '2020-12-31');
    assert.equal(c.ticker, 'GOOG');
    assert.equal(c.eps, a.eps);
    assert.equal(c.diluted_eps, a.diluted_eps);
  });
});
