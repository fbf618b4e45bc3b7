// The split calendar on the corpus dataset (issue 30 item 4): one event per split, at its ex-date.
// splits/splits.csv lists Cooper's 4-for-1 of 2024 on 2024-02-16 (the distribution date) while the
// prices trade split-adjusted from 2024-02-20, where yahoo-2024's own Stock Splits event is.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { hasCorpusDataset, startTestServer, type TestServer, okJson } from './support/test-server.js';

type Rec = Record<string, any>;
const corpus = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

describe('split calendar', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });
  const getJson = (p: string): Promise<Rec[]> => okJson(s, p);

  test('COO 4-for-1 of 2024: one event, on the ex-date 2024-02-20 (splits.csv says 2024-02-16), the close falling by the ratio across it', async () => {
    const csv = fs.readFileSync(path.join(corpus, 'splits', 'splits.csv'), 'utf8').split('\n').filter((l) => l.startsWith('COO,2024-'));
    assert.deepEqual(csv.map((l) => l.split(',').slice(0, 4).join(',')), ['COO,2024-02-16,1,4'], 'the corpus lists the distribution date');
    const events = (await getJson('/v2/stock-splits/COO?date_start=2024-01-01&date_end=2024-12-31')).filter((e) => e.split_factor === 4);
    assert.equal(events.length, 1, JSON.stringify(events));
    const e = events[0]!;
    assert.equal(e.split_date, '2024-02-20');
    assert.ok(e.pre_split_price / e.post_split_price > 3.5 && e.pre_split_price / e.post_split_price < 4.5, `${e.pre_split_price} -> ${e.post_split_price}`);
  });

  test('COO Q1 FY2024 (2024-01-31, before the split): shares on the pre-split basis, not divided by the split twice', async () => {
    const [ps] = await getJson('/v2/fundamental/per-share/COO?period=quarterly&date_start=2024-01-31&date_end=2024-01-31');
    assert.ok(ps, 'the record');
    // Cooper had about 49.7 million shares before the 4-for-1 (199 million after)
    assert.ok(ps.bs_sh_out > 40e6 && ps.bs_sh_out < 60e6, String(ps.bs_sh_out));
  });
});

describe('splits found in the share counts', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });

  test('BF-B: Brown-Forman\'s 3-for-2 (2012), 2-for-1 (2016) and 5-for-4 (2018) join its calendar from its restated share counts, with their source', async () => {
    const csv = fs.readFileSync(path.join(corpus, 'splits', 'splits.csv'), 'utf8').split('\n');
    assert.ok(!csv.some((l) => /^BF-[AB],/.test(l)), 'splits.csv has no Brown-Forman split');
    const res = await s.get('/v2/stock-splits/BF-B', { key: s.keys.enterprise });
    assert.equal(res.status, 200);
    const events = ((await res.json()) as Rec[]).sort((a, b) => (a.split_date < b.split_date ? -1 : 1));
    const ratios = events.map((e) => `${e.split_ratio.from}:${e.split_ratio.to}`);
    assert.deepEqual(ratios, ['2:3', '1:2', '4:5'], JSON.stringify(events.map((e) => [e.split_date, e.split_ratio])));
    const years = events.map((e) => String(e.split_date).slice(0, 4));
    assert.deepEqual(years, ['2012', '2016', '2018']);
    // the post-split cover count is the pre-split one times the ratio, within buybacks
    for (const e of events) {
      if (e.pre_split_shares && e.post_split_shares) {
        const r = e.post_split_shares / e.pre_split_shares / e.split_factor;
        assert.ok(r > 0.95 && r < 1.05, `${e.split_date}: ${e.pre_split_shares} -> ${e.post_split_shares}`);
      }
    }
  });
});
