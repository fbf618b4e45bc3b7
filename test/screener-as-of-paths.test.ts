// The as_of screen's two paths give the same rows: the cross-company read of the stored versions
// (screens.knownBodies, the default on a dataset built with versions) and the per-company read
// through the point-in-time layer (seriesAt per company and record type, the path of a dataset
// without versions). Screens of each period kind, a fiscal year, include_stale (no date bound on
// the read), date_end, text fields and an `or`, at dates before and after restatements.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { screenAsOf } from '../src/service/screener/screen-as-of.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';
import { asOfScreenRequest, type LabelledScreen } from './support/screen-request.js';

const corpus = hasCorpusDataset();

const SCREENS: LabelledScreen[] = [
  { label: 'annual, or, sort', period: 'annual', where: 'oper_margin > 15 or net_debt_to_ebitda < 1', fields: 'oper_margin,net_debt_to_ebitda,market_cap,is_sales_revenue_turnover,pe_ratio,ebitda', sort: '-market_cap', include_stale: false },
  { label: 'annual, text field and not', period: 'annual', where: "sector = 'Technology' and not (pe_ratio > 40)", fields: 'pe_ratio,cf_free_cash_flow,net_debt', include_stale: false },
  { label: 'quarterly, is not null', period: 'quarterly', where: 'is_sales_revenue_turnover is not null', fields: 'is_sales_revenue_turnover,ebitda,net_debt', sort: 'ebitda', include_stale: false },
  { label: 'ttm', period: 'ttm', where: 'market_cap > 10B', fields: 'market_cap,ebitda,net_debt', sort: '-ebitda', include_stale: false },
  { label: 'annual, include_stale', period: 'annual', fields: 'is_sales_revenue_turnover,market_cap', sort: 'fiscal_year', include_stale: true },
  { label: 'annual, fiscal_year 2017', period: 'annual', fiscal_year: 2017, where: 'is_sales_revenue_turnover between 1B and 500B', fields: 'is_sales_revenue_turnover,oper_margin', include_stale: false },
  { label: 'quarterly, date_end', period: 'quarterly', date_end: '2018-06-30', fields: 'is_sales_revenue_turnover,net_debt', include_stale: false },
];
const DATES = ['2019-03-31', '2021-02-15'];

describe('as_of screen: stored versions read across companies = per-company read', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let ds: Dataset;
  before(() => { ds = Dataset.open(corpusDatasetPath()); });
  after(() => { ds?.close(); });

  test('the dataset stores versions (the versions path is the default)', { skip: corpus ? false : 'no corpus' }, () => {
    assert.equal(ds.records.hasVersions(), true, 'the test dataset is built with --versions');
  });

  for (const asOf of DATES) {
    for (const s of SCREENS) {
      test(`${s.label}, as_of ${asOf}`, async () => {
        const { req, read } = asOfScreenRequest(s, asOf);
        const versions = await screenAsOf(ds, req, asOf, read, 'versions');
        const companies = await screenAsOf(ds, req, asOf, read, 'companies');
        assert.ok(companies.length > 0, 'the screen has rows (a comparison of two empty answers proves nothing)');
        assert.deepEqual(versions, companies);
        // a page of the cached rows is the same slice
        const page = await screenAsOf(ds, { ...req, limit: 5, offset: 3 }, asOf, read, 'versions');
        assert.deepEqual(page, companies.slice(3, 8));
      });
    }
  }
});
