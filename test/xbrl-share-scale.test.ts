// Share counts tagged a thousand or a million times too many, on the corpus' real filings
// (sec/companyfacts.zip): Berkshire Hathaway's 10-Ks filed in 2011 and 2012 and Sherwin-Williams'
// filings of 2009. Each test names the company and period; the values are the filings' own
// (the corrected later filing, or net income / EPS of the same filing).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompanyStatements, PeriodRecord, StatementType } from '../src/model/record-types.js';
import { noCorpus, recordOf, standardizedStatements } from './support/corpus-statements.js';

const CIKS: Record<string, string> = { BRK: '0001067983', SHW: '0000089800', SPG: '0001063761', ICE: '0001571949', DXCM: '0001093557' };

let statements = new Map<string, CompanyStatements>();
function record(ticker: string, period: 'annual' | 'quarterly', date: string, type: StatementType = 'income_statement'): PeriodRecord {
  return recordOf(statements, ticker, period, date, type);
}

describe('share counts filed a thousand or a million times too many', { skip: noCorpus }, () => {
  before(async () => { statements = await standardizedStatements(CIKS); });

  test('berkshire-2011-weighted-shares-come-from-the-2013-10-k-not-the-mis-scaled-2012-one', () => {
    // 10-K filed 2012-02-27: WeightedAverageNumberOfSharesOutstandingBasic 1,649,891,000,000 for
    // 2011; the 10-K filed 2013-03-01 restates it as 1,649,891 (Class A equivalents).
    const is = record('BRK', 'annual', '2011-12-31');
    assert.equal(is.values.is_avg_num_sh_for_eps, 1649891);
    assert.equal(is.provenance.is_avg_num_sh_for_eps?.accn, '0001193125-13-087679');
    // No annual EPS is tagged: net income / shares, 10,254M / 1,649,891 (the quarters sum to 6,215).
    assert.equal(Math.round(is.values.eps!), 6215);
    assert.equal(record('BRK', 'annual', '2010-12-31').values.is_avg_num_sh_for_eps, 1635661);
  });

  test('berkshire-2011-q2-eps-is-2072-not-scaled-down-to-zero', () => {
    // 10-Q for 2011-06-30 tags 1,649,052,000,000 weighted shares and EPS 2,072: the count is the
    // error (no company has a trillion shares), not the EPS (Berkshire's EPS is in the thousands).
    const is = record('BRK', 'quarterly', '2011-06-30');
    assert.equal(is.values.eps, 2072);
    assert.equal(is.values.is_avg_num_sh_for_eps, 1649052);
    assert.equal(record('BRK', 'quarterly', '2012-03-31').values.eps, 1966);
  });

  test('sherwin-williams-2008-q3-weighted-shares-scaled-by-net-income-over-eps', () => {
    // 10-Q for 2009-09-30, prior-year column: 115,828,466,000 basic weighted shares for the
    // quarter to 2008-09-30, EPS 1.53, net income 177.1M: net income / EPS = 115.7M, so the count
    // is filed a thousand times too many (no filing reports it otherwise).
    const is = record('SHW', 'quarterly', '2008-09-30');
    assert.equal(is.values.is_avg_num_sh_for_eps, 115828466);
    assert.equal(is.values.eps, 1.53);
    assert.match(is.provenance.is_avg_num_sh_for_eps?.derivation ?? '', /\/ 1000 \(filed 1000 times too many/);
    // 2009 Q3: the 10-K filed in 2010 reports the same period correctly (113,447,570).
    const q3 = record('SHW', 'quarterly', '2009-09-30');
    assert.equal(q3.values.is_avg_num_sh_for_eps, 113447570);
    assert.equal(q3.values.eps, 1.54);
    for (const y of ['2007', '2008', '2009']) {
      const shares = record('SHW', 'annual', `${y}-12-31`).values.is_avg_num_sh_for_eps!;
      assert.ok(shares > 1e8 && shares < 1.4e8, `${y}: ${shares}`);
    }
  });

  test('simon-property-2011-q3-weighted-shares', () => {
    // 10-Q for 2011-09-30: 293,735,663,000 basic weighted shares (293.7M).
    assert.equal(record('SPG', 'quarterly', '2011-09-30').values.is_avg_num_sh_for_eps, 293735663);
  });

  test('intercontinental-exchange-2013-q4-eps-filed-in-millionths-checked-against-a-derived-count', () => {
    // 10-K for 2013: fourth-quarter EPS -1,850,000 and diluted -1,830,000 (millionths); the
    // quarter's weighted count is derived from the year and nine months (92.8M), net income -176M.
    const is = record('ICE', 'quarterly', '2013-12-31');
    assert.equal(is.values.eps, -1.85);
    assert.equal(is.values.diluted_eps, -1.83);
    assert.match(is.provenance.eps?.derivation ?? '', /\/ 1000000 \(filed in millionths/);
  });

  test('dexcom-2013-q4-eps-filed-in-millionths', () => {
    // 10-K for 2013: fourth-quarter EPS -40,000 (-0.04), net loss 2.6M on ~72.3M shares.
    assert.equal(record('DXCM', 'quarterly', '2013-12-31').values.eps, -0.04);
  });
});
