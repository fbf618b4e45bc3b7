// The case test of the build's versions computation (issue 27): computeRecordVersionsFast (what
// `tenk ingest --versions` runs) gives exactly the versions of the plain reference
// computeRecordVersions (a full state at every filing date) on real companies of the corpus, from
// their stored facts and market data: the same record keys in the same order, the same
// known_from / known_to, and the same record bodies and provenance (compared as JSON text).
// Companies: Apple; JPMorgan (2019 revenue restated); NVIDIA (splits); DuPont (restating after its
// spin-offs); TSMC (IFRS, TWD); Berkshire (mis-scaled share counts); Becton Dickinson (September
// year end, a spin-off; GE, the brief's other spin-off case, has no companyfacts in the corpus);
// L3Harris (a change of fiscal year end); Celestica (IFRS 20-F, then US GAAP 10-K); Walmart
// (January year end).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { loadCompanyInputs } from '../src/point-in-time/company-inputs.js';
import { computeRecordVersions, type CompanyVersions } from '../src/point-in-time/record-versions.js';
import { computeRecordVersionsFast } from '../src/point-in-time/record-versions-fast.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';

const COMPANIES = ['AAPL', 'JPM', 'NVDA', 'DD', 'TSM', 'BRK-B', 'BDX', 'LHX', 'CLS', 'WMT'];

/** Every key's versions as one line of JSON text each (records with their provenance), in order. */
function lines(v: CompanyVersions): string[] {
  const out = [JSON.stringify([v.currency, v.filingDates, v.states])];
  for (const [key, list] of v.versions) out.push(JSON.stringify([key, list.map((x) => [x.knownFrom, x.knownTo, x.record])]));
  return out;
}

describe('the build\'s versions equal the reference computation (a full state at every filing date)', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let ds: Dataset;
  before(() => { ds = Dataset.open(corpusDatasetPath()); });
  after(() => ds?.close());

  for (const ticker of COMPANIES) {
    test(`${ticker}: the same versions, bodies and provenance`, async () => {
      const company = ds.companies.all().find((c) => c.ticker === ticker);
      assert.ok(company, `${ticker} in the corpus dataset`);
      const inputs = await loadCompanyInputs(ds, company.cik, ticker);
      assert.ok(inputs.stored, `${ticker} has stored facts`);
      const { view, fiscalYearEnd } = inputs.stored;
      const reference = computeRecordVersions(view, fiscalYearEnd, inputs.market);
      const fast = computeRecordVersionsFast(view, fiscalYearEnd, inputs.market);
      assert.ok(reference.versions.size > 0, `${ticker} has versions`);
      const want = lines(reference), got = lines(fast);
      assert.equal(got.length, want.length, `${ticker}: as many record keys`);
      for (let i = 0; i < want.length; i++) assert.equal(got[i], want[i], `${ticker}: line ${i} differs`);
    });
  }
});
