// The derivation memo without the corpus: over a rising series of days, deriving with the memo
// gives what deriving from scratch gives, a period far from every change keeps the memo's records
// (the same objects), and a period whose own records, or a record in its window, changed is
// derived again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompanyStatements, PeriodRecord, Provenance, StatementType } from '../model/record-types.js';
import { fieldNames } from './registry.js';
import { deriveCompanyRecords } from './derive-company-records.js';
import { DeriveMemo } from './derive-memo.js';

function rec(recordType: StatementType, date: string, fy: number, vals: Record<string, number>, filed: string): PeriodRecord {
  const values: Record<string, number | null> = {};
  for (const f of fieldNames(recordType)) values[f] = null;
  const provenance: Record<string, Provenance> = {};
  for (const [k, v] of Object.entries(vals)) { values[k] = v; provenance[k] = { concept: `test:${k}`, filed }; }
  return { recordType, period: 'annual', date, fiscalYear: fy, periodLabel: String(fy), values, provenance, ...(recordType === 'balance_sheet' ? {} : { start: `${fy}-01-01` }) };
}

function year(fy: number, revenue: number, filed: string): PeriodRecord[] {
  return [
    rec('income_statement', `${fy}-12-31`, fy, { is_sales_revenue_turnover: revenue, is_net_income: revenue / 10 }, filed),
    rec('balance_sheet', `${fy}-12-31`, fy, { bs_tot_asset: revenue * 2, bs_total_equity: revenue, bs_sh_out: 100 }, filed),
  ];
}

function statements(records: PeriodRecord[]): CompanyStatements {
  return { cik: '0000000001', name: 'T', currency: 'USD', taxonomy: 'us-gaap', records, unmapped: [], sharesOutstanding: [] };
}

test('derive memo: the records of deriving from scratch; far periods kept as the same objects', () => {
  const memo = new DeriveMemo();
  const y2010 = year(2010, 100, '2011-02-01'), y2011 = year(2011, 110, '2012-02-01'), y2016 = year(2016, 160, '2017-02-01');
  const day1 = [...y2010, ...y2011, ...y2016];
  const first = deriveCompanyRecords(statements(day1), null, undefined, { memo, day: '2017-02-01' });
  assert.equal(JSON.stringify(first), JSON.stringify(deriveCompanyRecords(statements(day1), null)));
  assert.equal(memo.kept, 0);
  // a later filing restates 2016 and adds 2017: 2010 and 2011 are years away
  const y2016r = year(2016, 150, '2018-02-01'), y2017 = year(2017, 170, '2018-02-01');
  const day2 = [...y2010, ...y2011, ...y2016r, ...y2017];
  const second = deriveCompanyRecords(statements(day2), null, undefined, { memo, day: '2018-02-01' });
  assert.equal(JSON.stringify(second), JSON.stringify(deriveCompanyRecords(statements(day2), null)));
  assert.equal(memo.kept, 2, '2010 and 2011 kept');
  assert.equal(memo.derived, 3 + 2, '2016 (restated) and 2017 (new) derived again');
  for (let i = 0; i < first.length; i++) {
    const r = first[i]!;
    if (r.date < '2012-01-01') assert.ok(second.includes(r), `${r.recordType} ${r.date}: the memo's object`);
  }
  // 2011 restated in values: 2010's window holds it (its year-earlier inputs are read by 2011, and
  // 2011's window reaches back to 2010), so both are derived again
  const day3 = [...y2010, ...year(2011, 120, '2019-02-01'), ...y2016r, ...y2017];
  const before = memo.derived;
  const third = deriveCompanyRecords(statements(day3), null, undefined, { memo, day: '2019-02-01' });
  assert.equal(JSON.stringify(third), JSON.stringify(deriveCompanyRecords(statements(day3), null)));
  assert.equal(memo.derived - before, 2, '2010 and 2011 derived again, 2016 and 2017 kept');
});

test('derive memo: an earlier day than the memo\'s, or other splits, keep nothing', () => {
  const memo = new DeriveMemo();
  const day1 = [...year(2010, 100, '2011-02-01'), ...year(2016, 160, '2017-02-01')];
  deriveCompanyRecords(statements(day1), null, undefined, { memo, day: '2017-02-01' });
  deriveCompanyRecords(statements(day1), null, undefined, { memo, day: '2016-02-01' });
  assert.equal(memo.kept, 0, 'an earlier day');
  deriveCompanyRecords(statements(day1), null, undefined, { memo, day: '2017-03-01' });
  assert.equal(memo.kept, 1, 'the same records a day later: 2010 kept; 2016 ends after the memo\'s day (2016-02-01), its prices were not all known then');
  deriveCompanyRecords(statements(day1), null, undefined, { memo, day: '2017-04-01' });
  assert.equal(memo.kept, 3, 'and again: both kept');
  const market = { ticker: 'T', dates: ['2010-12-31'], closes: [10], splits: [{ date: '2012-01-01', from: 1, to: 2 }] };
  const kept = memo.kept;
  const withSplit = deriveCompanyRecords(statements(day1), market as never, undefined, { memo, day: '2017-05-01' });
  assert.equal(memo.kept, kept, 'a split known: everything derived again');
  assert.equal(JSON.stringify(withSplit), JSON.stringify(deriveCompanyRecords(statements(day1), market as never)));
});
