// Accounting identities and cross-checks over the standardized statements of every company in
// the corpus (sec/companyfacts.zip), fiscal 2019 onward: checks that need no known answer, so
// they hold for companies the concept map was never tuned on. Each company is standardized once;
// every identity asserts a failure rate below a justified threshold and names the offenders.
// Corpus: TENK_TEST_DATA ?? ../shared/data.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { ALLOWED, auditCorpus, CHECK_NAMES, MAX_RATE, offenders, type AuditResult } from './support/consistency-audit.js';
import type { CompanyStatements, PeriodRecord, StatementType } from '../src/model/record-types.js';
import { companyFacts, filing, standardized, type SyntheticFact } from './support/synthetic-facts.js';

const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const zipPath = path.join(dataDir, 'sec', 'companyfacts.zip');
const corpusPresent = fs.existsSync(zipPath);

describe('accounting identities over the whole corpus (fiscal 2019 onward)', { skip: corpusPresent ? false : `no corpus at ${zipPath}` }, () => {
  let result: AuditResult;
  before(async () => { result = await auditCorpus(zipPath); });

  test('every company of the corpus but the one without annual periods is standardized', () => {
    assert.ok(result.companies >= 350, `${result.companies} companies standardized`);
    assert.ok(result.skipped.every((s) => s.includes('no annual periods')), `skipped: ${result.skipped.join('; ')}`);
  });

  for (const name of CHECK_NAMES) {
    test(`${name}: failure rate at most ${(MAX_RATE[name] * 100).toFixed(2)} %`, (t) => {
      const c = result.checks.get(name)!;
      assert.ok(c.checked > 0, `${name} checked nothing`);
      const rate = c.failures.length / c.checked;
      const companiesHit = new Set(c.failures.map((f) => f.cik)).size;
      t.diagnostic(`${name}: ${c.checked} checked, ${c.failures.length} failed (${(rate * 100).toFixed(2)} %, ${companiesHit} companies), ${c.excluded.length} excluded`);
      assert.ok(rate <= MAX_RATE[name],
        `${name}: ${c.failures.length} of ${c.checked} failed (${(rate * 100).toFixed(2)} % > ${(MAX_RATE[name] * 100).toFixed(2)} %) in ${companiesHit} companies:\n${offenders(c.failures)}`);
    });
  }

  test('the allow-list names only failures that still occur', () => {
    for (const a of ALLOWED) {
      const hit = result.checks.get(a.check)!.excluded.some((f) => f.cik === a.cik && f.period === a.period);
      assert.ok(hit, `allow-listed ${a.cik} ${a.check} ${a.period} ${a.field} no longer fails: remove it`);
    }
  });

  test('restated years are a minority of the quarter sums', () => {
    const c = result.checks.get('quarters-sum')!;
    const restatedCount = c.excluded.filter((f) => f.detail.startsWith('restated')).length;
    assert.ok(restatedCount / c.checked <= 0.03, `${restatedCount} of ${c.checked} years restated:\n${offenders(c.excluded)}`);
  });
});

// The rules this audit added, each on a tiny synthetic company (no corpus needed).
describe('audit rules on synthetic facts', () => {
  type SF = SyntheticFact;
  const K23 = filing('0000001234-24-000001', '10-K', '2024-02-15', 2023, 'FY');
  const K24 = filing('0000001234-25-000001', '10-K', '2025-02-15', 2024, 'FY');
  const Q1 = filing('0000001234-23-000010', '10-Q', '2023-05-01', 2023, 'Q1');
  const Q2 = filing('0000001234-23-000020', '10-Q', '2023-08-01', 2023, 'Q2');
  const Q3 = filing('0000001234-23-000030', '10-Q', '2023-11-01', 2023, 'Q3');
  const Q2of24 = filing('0000001234-24-000020', '10-Q', '2024-08-01', 2024, 'Q2');
  const Q2of25 = filing('0000001234-25-000020', '10-Q', '2025-08-01', 2025, 'Q2');
  const base = (): Record<string, SF[]> => ({
    Revenues: [Q1('2023-01-01', '2023-03-31', 200), Q2('2023-01-01', '2023-06-30', 450), Q3('2023-01-01', '2023-09-30', 710),
      K23('2023-01-01', '2023-12-31', 1000), K24('2023-01-01', '2023-12-31', 1000), K24('2024-01-01', '2024-12-31', 1100),
      Q2of24('2024-01-01', '2024-06-30', 520)],
    Assets: [K23(null, '2023-12-31', 1000), K24(null, '2023-12-31', 1000), K24(null, '2024-12-31', 1200)],
    LiabilitiesAndStockholdersEquity: [K23(null, '2023-12-31', 1000), K24(null, '2023-12-31', 1000), K24(null, '2024-12-31', 1200)],
  });
  const run = (concepts: Record<string, SF[]>): CompanyStatements => standardized(companyFacts(concepts));
  const rec = (s: CompanyStatements, type: StatementType, label: string, fy = 2023): PeriodRecord => {
    const r = s.records.find((x) => x.recordType === type && x.periodLabel === label && x.fiscalYear === fy);
    assert.ok(r, `${type} ${label} ${fy}`);
    return r;
  };

  test('a balance comes from the filing whose balance sheet has its date, not a later equity statement', () => {
    const s = run({ ...base(), StockholdersEquity: [K23(null, '2023-12-31', 600), K24(null, '2023-12-31', 650), K24(null, '2024-12-31', 700)],
      Liabilities: [K23(null, '2023-12-31', 400), K24(null, '2024-12-31', 500)] });
    // K24 has a balance sheet at 2023-12-31 too (its comparative), so its restated 650 wins there…
    assert.equal(rec(s, 'balance_sheet', '2023').values.bs_total_equity, 650);
    // …but an equity-statement opening balance of a filing without that balance sheet does not.
    const s2 = run({ ...base(), Assets: [K23(null, '2023-12-31', 1000), K24(null, '2024-12-31', 1200)],
      LiabilitiesAndStockholdersEquity: [K23(null, '2023-12-31', 1000), K24(null, '2024-12-31', 1200)],
      StockholdersEquity: [K23(null, '2023-12-31', 600), K24(null, '2023-12-31', 650), K24(null, '2024-12-31', 700)] });
    assert.equal(rec(s2, 'balance_sheet', '2023').values.bs_total_equity, 600);
  });

  test('a concept only later equity statements report ranks after the balance sheet\'s own', () => {
    const s = run({ ...base(), Assets: [K23(null, '2023-12-31', 1000), K24(null, '2024-12-31', 1200)],
      LiabilitiesAndStockholdersEquity: [K23(null, '2023-12-31', 1000), K24(null, '2024-12-31', 1200)],
      StockholdersEquity: [K23(null, '2023-12-31', 600)],
      StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest: [K24(null, '2023-12-31', 700)] });
    assert.equal(rec(s, 'balance_sheet', '2023').values.bs_total_equity, 600);
  });

  test('payments tagged negative are outflows; a reported 0 gives way to a nonzero candidate', () => {
    const s = run({ ...base(), PaymentsOfDividends: [K23('2023-01-01', '2023-12-31', 0)], PaymentsOfDividendsCommonStock: [K23('2023-01-01', '2023-12-31', 40)],
      PaymentsForRepurchaseOfCommonStock: [K23('2023-01-01', '2023-12-31', -75)] });
    const cf = rec(s, 'cash_flow', '2023');
    assert.equal(cf.values.cf_dvd_paid, -40);
    assert.equal(cf.values.cf_decr_cap_stock, -75);
    assert.match(cf.provenance.cf_decr_cap_stock!.derivation!, /tagged negative/);
  });

  test('a positive outflow quarter derived from mixed bases stays null', () => {
    const s = run({ ...base(), PaymentsToAcquirePropertyPlantAndEquipment: [Q1('2023-01-01', '2023-03-31', 30), Q2('2023-01-01', '2023-06-30', 70),
      Q3('2023-01-01', '2023-09-30', 120), K23('2023-01-01', '2023-12-31', 100)] });
    assert.equal(rec(s, 'cash_flow', 'Q3').values.cf_cap_expenditures, -50);
    const q4 = s.records.find((x) => x.recordType === 'cash_flow' && x.periodLabel === 'Q4' && x.fiscalYear === 2023);
    assert.equal(q4?.values.cf_cap_expenditures ?? null, null);
  });

  test('a 10-Q fact dated over 400 days before the report\'s own period is ignored', () => {
    const facts = base();
    facts.Revenues!.push(Q2of25('2025-01-01', '2025-06-30', 560), Q2of25('2023-10-01', '2023-12-31', 999));
    const s = run(facts);
    assert.equal(rec(s, 'income_statement', 'Q4').values.is_sales_revenue_turnover, 290);
  });

  test('a quarter does not fall back to a concept that is a part of its year\'s total', () => {
    const s = run({ ...base(),
      PaymentsToAcquireProductiveAssets: [K23('2023-01-01', '2023-12-31', 400)],
      PaymentsToExploreAndDevelopOilAndGasProperties: [Q1('2023-01-01', '2023-03-31', 5), K23('2023-01-01', '2023-12-31', 20)] });
    assert.equal(rec(s, 'cash_flow', '2023').values.cf_cap_expenditures, -400);
    const q1 = s.records.find((x) => x.recordType === 'cash_flow' && x.periodLabel === 'Q1' && x.fiscalYear === 2023);
    assert.equal(q1?.values.cf_cap_expenditures ?? null, null);
  });
});
