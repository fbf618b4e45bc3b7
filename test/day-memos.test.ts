// The case test of the versions step's memos (issue 27): a company standardized and derived on
// each of its filing dates with the memos of the days before (standardize-memo.ts keeps the fiscal
// years no new fact can change, derive-memo.ts the periods whose inputs did not change) gives, on
// every one of those days, exactly the records of the plain computation of that day from scratch
// (records-at.ts without memos): the same records in the same order, values and provenance
// (compared as JSON text). Companies: Apple; JPMorgan (2019 revenue restated); NVIDIA (splits);
// DuPont (restating after its spin-offs); TSMC (IFRS, TWD, market values converted); Berkshire
// (mis-scaled share counts, two share classes); Becton Dickinson (a spin-off); L3Harris (a change
// of fiscal year end); Celestica (IFRS 20-F, then US GAAP 10-K). The memos must also have kept
// most of the work (else they would be tested without ever keeping anything).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { loadCompanyInputs } from '../src/point-in-time/company-inputs.js';
import { DatedViews } from '../src/point-in-time/dated-views.js';
import { recordsOfView } from '../src/point-in-time/records-at.js';
import { filingDates } from '../src/xbrl/point-in-time-view.js';
import { StandardizeMemo } from '../src/xbrl/standardize-memo.js';
import { DeriveMemo } from '../src/metrics/derive-memo.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';

const COMPANIES = ['AAPL', 'JPM', 'NVDA', 'DD', 'TSM', 'BRK-B', 'BDX', 'LHX', 'CLS'];

describe('records computed with the memos equal the plain computation on every filing date', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let ds: Dataset;
  before(() => { ds = Dataset.open(corpusDatasetPath()); });
  after(() => ds?.close());

  for (const ticker of COMPANIES) {
    test(`${ticker}: the same records on every filing date`, async () => {
      const company = ds.companies.all().find((c) => c.ticker === ticker);
      assert.ok(company, `${ticker} in the corpus dataset`);
      const inputs = await loadCompanyInputs(ds, company.cik, ticker);
      assert.ok(inputs.stored, `${ticker} has stored facts`);
      const { view, fiscalYearEnd } = inputs.stored;
      const views = new DatedViews(view);
      const memos = { standardize: new StandardizeMemo(), derive: new DeriveMemo() };
      const days = filingDates(view);
      for (const day of days) {
        const known = views.at(day);
        memos.standardize.advance(views.changedEnds());
        const got = recordsOfView(known, fiscalYearEnd, inputs.market, day, memos);
        const want = recordsOfView(known, fiscalYearEnd, inputs.market, day);
        assert.equal(got?.currency ?? null, want?.currency ?? null, `${ticker} ${day}: currency`);
        const g = got?.records ?? [], w = want?.records ?? [];
        assert.equal(g.length, w.length, `${ticker} ${day}: as many records`);
        for (let i = 0; i < w.length; i++) assert.equal(JSON.stringify(g[i]), JSON.stringify(w[i]), `${ticker} ${day}: record ${i}`);
      }
      const s = memos.standardize, d = memos.derive;
      assert.ok(s.kept > s.resolved / 2, `${ticker}: fiscal years kept ${s.kept}, resolved again ${s.resolved}`);
      assert.ok(d.kept > d.derived / 3, `${ticker}: periods kept ${d.kept}, derived again ${d.derived}`);
    });
  }
});
