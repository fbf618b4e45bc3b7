// The as_of screen in SQL (screens.screenAt over the stored screen versions, the default for a
// latest-period as_of screen on a dataset built with versions) gives exactly the rows of the
// reference path (the record versions known that day, read across companies and merged in Node:
// screen-as-of.ts 'versions'), page for page: each period kind, filters on numbers, text, nulls,
// `or` / `not`, include_stale, sorts, on dates from 2010 to 2025, on the newest filing date, and on
// the two days of restatements of a company's newest period (the day the restating filing made
// the change and the day before it).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { asOfPath, screenAsOf } from '../src/service/screener/screen-as-of.js';
import type { ScreenRequest } from '../src/dataset/queries/screen-queries.js';
import { SCREEN_COLUMNS } from '../src/metrics/screen-fields.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';
import { asOfScreenRequest, type LabelledScreen } from './support/screen-request.js';

const corpus = hasCorpusDataset();

const SCREENS: LabelledScreen[] = [
  { label: 'annual, or, sort', period: 'annual', where: 'oper_margin > 15 or net_debt_to_ebitda < 1', fields: 'oper_margin,net_debt_to_ebitda,market_cap,is_sales_revenue_turnover,pe_ratio', sort: '-market_cap', include_stale: false },
  { label: 'annual, text field and not', period: 'annual', where: "sector = 'Technology' and not (pe_ratio > 40)", fields: 'pe_ratio,cf_free_cash_flow,net_debt', include_stale: false },
  { label: 'annual, is null, include_stale, sort by date', period: 'annual', where: 'pe_ratio is null or market_cap < 5B', fields: 'is_sales_revenue_turnover,market_cap,pe_ratio', sort: 'date', include_stale: true },
  { label: 'quarterly, is not null', period: 'quarterly', where: 'is_sales_revenue_turnover is not null', fields: 'is_sales_revenue_turnover,ebitda,net_debt', sort: 'ebitda', include_stale: false },
  { label: 'ttm', period: 'ttm', where: 'market_cap > 10B', fields: 'market_cap,ebitda,net_debt', sort: '-ebitda', include_stale: false },
  { label: 'ttm, every company, include_stale', period: 'ttm', fields: 'pe_ratio,bs_tot_asset', sort: '-pe_ratio', include_stale: true },
];
const DATES = ['2010-06-30', '2014-11-03', '2019-03-31', '2021-02-15', '2025-06-30'];

describe('as_of screen in SQL over the screen versions = the record versions merged in Node', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let ds: Dataset;
  before(() => { ds = Dataset.open(corpusDatasetPath()); });
  after(() => { ds?.close(); });

  test('the dataset stores screen versions and a latest-period as_of screen takes the SQL path', async () => {
    assert.equal(ds.screens.hasVersions(), true, 'the test dataset is built with --versions');
    assert.equal(await asOfPath(ds, { period: { at: 'latest' } }), 'sql');
    assert.equal(await asOfPath(ds, { period: { at: 'fiscal_year', fiscalYear: 2019 } }), 'versions');
  });

  const compare = async (s: (typeof SCREENS)[number], asOf: string) => {
    const { req, read } = asOfScreenRequest(s, asOf);
    const sql = await screenAsOf(ds, req, asOf, read, 'sql');
    const reference = await screenAsOf(ds, req, asOf, read, 'versions');
    assert.deepEqual(sql, reference, `${s.label} as_of ${asOf}`);
    assert.deepEqual(await screenAsOf(ds, { ...req, limit: 7, offset: 5 }, asOf, read, 'sql'), reference.slice(5, 12), `${s.label} as_of ${asOf}: a page`);
    return reference;
  };

  for (const asOf of DATES) {
    for (const s of SCREENS) {
      test(`${s.label}, as_of ${asOf}`, async () => {
        const rows = await compare(s, asOf);
        if (asOf >= '2014') assert.ok(rows.length > 20, `${rows.length} rows (a comparison of two empty answers proves nothing)`);
      });
    }
  }

  test('on the newest filing date and the day before it', async () => {
    const newest = ds.factStore.newestFiled()!;
    const before = new Date(Date.parse(`${newest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const s of SCREENS) for (const asOf of [before, newest]) assert.ok((await compare(s, asOf)).length > 20);
  });

  test('the day a restating filing changed a company\u2019s newest period and the day before: the rows differ, each equal to the reference', async () => {
    // superseded versions of an annual income statement of the newest period a company had then,
    // replaced by a version with other values (not only another filing's provenance), from the
    // record versions themselves
    const restated = ds.db.prepare(`SELECT v.cik, v.date, v.known_to FROM record_versions v
      JOIN (SELECT cik, record_type, period, date, known_from, body FROM records UNION ALL SELECT cik, record_type, period, date, known_from, body FROM record_versions) n
        ON n.cik = v.cik AND n.record_type = v.record_type AND n.period = v.period AND n.date = v.date AND n.known_from = v.known_to AND n.body <> v.body
      WHERE v.record_type = 'income_statement' AND v.period = 'annual' AND v.known_to > '2012'
        AND NOT EXISTS (SELECT 1 FROM records r WHERE r.cik = v.cik AND r.record_type = 'income_statement' AND r.period = 'annual' AND r.date > v.date AND r.known_from <= v.known_to)
        AND NOT EXISTS (SELECT 1 FROM record_versions r WHERE r.cik = v.cik AND r.record_type = 'income_statement' AND r.period = 'annual' AND r.date > v.date AND r.known_from <= v.known_to)
      ORDER BY v.known_to, v.cik LIMIT 400`).all() as Array<{ cik: string; date: string; known_to: string }>;
    // every column of every company, include_stale (no stale limit)
    const req: ScreenRequest = { kind: 'annual', period: { at: 'latest' }, filter: null, minDate: null, sort: [], columns: [...SCREEN_COLUMNS], limit: 1000, offset: 0 };
    const both = async (asOf: string) => {
      const sql = await screenAsOf(ds, req, asOf, [], 'sql');
      assert.deepEqual(sql, await screenAsOf(ds, req, asOf, [], 'versions'), `every column as_of ${asOf}`);
      return sql;
    };
    let changed = 0;
    const seen = new Set<string>();
    for (const r of restated) {
      if (seen.has(r.cik) || seen.size >= 3) continue;
      const dayBefore = new Date(Date.parse(`${r.known_to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const was = (await both(dayBefore)).find((x) => x.cik === r.cik);
      const is = (await both(r.known_to)).find((x) => x.cik === r.cik);
      if (!was || !is || was.date !== r.date || is.date !== r.date) continue;
      seen.add(r.cik);
      if (JSON.stringify(was.values) !== JSON.stringify(is.values)) changed += 1;
    }
    assert.ok(seen.size >= 3, `${seen.size} companies with a restated newest period`);
    assert.equal(changed, seen.size, `${changed} of ${seen.size} with different screen values the day of the restatement`);
  });
});
