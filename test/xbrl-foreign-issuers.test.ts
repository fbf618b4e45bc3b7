// Foreign private issuers' statements (issue 29, items 1-2) on the built corpus dataset
// (TENK_TEST_HOME ?? .tenk-test): TSMC (IFRS 20-F, TWD) and Logistic Properties of the Americas
// (IFRS 20-F, USD) from sec/companyfacts.zip, Celestica (IFRS 20-F in USD through 2023, US GAAP
// 10-K from 2024) from the plain sec/companyfacts/ file. Each expected value is read here, in the
// test setup, straight from the raw companyfacts JSON: the annual fact of the named concept for the
// exact fiscal year (start to end, or the instant at the year end) in the reporting currency, from
// the latest-filed 20-F/10-K that reports it; its accession is named in the failure message.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readZipEntries } from './support/corpus-statements.js';
import { parseBody } from '../src/dataset/codecs/record-body-codec.js';

const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const zipPath = path.join(dataDir, 'sec', 'companyfacts.zip');
const plainDir = path.join(dataDir, 'sec', 'companyfacts');
const datasetPath = path.join(process.env.TENK_TEST_HOME ?? path.resolve('.tenk-test'), 'dataset.sqlite');
const ready = fs.existsSync(zipPath) && fs.existsSync(path.join(plainDir, 'CIK0001030894.json')) && fs.existsSync(datasetPath);

interface RawFact { start?: string; end: string; val: number; accn: string; form: string; filed: string }
type Facts = Record<string, Record<string, { units: Record<string, RawFact[]> }>>;
const ANNUAL_FORMS = new Set(['20-F', '20-F/A', '40-F', '40-F/A', '10-K', '10-K/A']);

/** A line of a case: the field and the concepts ("ifrs-full:X") whose raw facts add up to it, each with its sign. */
interface Line { field: string; terms: ReadonlyArray<readonly [1 | -1, string]>; unit?: 'perShare' }
const L = (field: string, ...terms: string[]): Line =>
  ({ field, terms: terms.map((t) => (t.startsWith('-') ? [-1, t.slice(1)] as const : [1, t] as const)) });
const PS = (field: string, concept: string): Line => ({ ...L(field, concept), unit: 'perShare' });

const I = (n: string): string => `ifrs-full:${n}`;
const G = (n: string): string => `us-gaap:${n}`;

/** The statement lines IFRS filers report under the same concept names (issue 29, item 1). */
const IFRS_CORE: Line[] = [
  L('is_cogs', I('CostOfSales')), L('is_gross_profit', I('GrossProfit')),
  L('is_oper_income', I('ProfitLossFromOperatingActivities')), L('is_pretax_income', I('ProfitLossBeforeTax')),
  L('is_inc_tax_exp', I('IncomeTaxExpenseContinuingOperations')), L('is_net_income', I('ProfitLossAttributableToOwnersOfParent')),
  PS('eps', I('BasicEarningsLossPerShare')), PS('diluted_eps', I('DilutedEarningsLossPerShare')),
  L('cf_cash_from_oper', I('CashFlowsFromUsedInOperatingActivities')), L('cf_cash_from_inv_act', I('CashFlowsFromUsedInInvestingActivities')),
  L('cf_cash_from_fin_act', I('CashFlowsFromUsedInFinancingActivities')),
  L('bs_cur_asset_report', I('CurrentAssets')), L('bs_cur_liab', I('CurrentLiabilities')), L('bs_total_equity', I('Equity')),
  L('bs_tot_liab_and_eqy', I('EquityAndLiabilities')), L('bs_cash_near_cash_item', I('CashAndCashEquivalents')),
];

interface Company { ticker: string; cik: string; currency: string; file: 'zip' | 'plain'; years: Record<number, Line[]> }

const TSMC_LINES: Line[] = [
  ...IFRS_CORE, L('is_sales_revenue_turnover', I('Revenue')), L('is_ni_including_minority_int_ratio', I('ProfitLoss')),
  L('bs_tot_asset', I('Assets')), L('bs_tot_liab', I('Liabilities')),
  L('cf_cap_expenditures', `-${I('PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities')}`),
  L('cf_dvd_paid', `-${I('DividendsPaidClassifiedAsFinancingActivities')}`),
  // general and administrative + marketing expenses (TSMC tags no selling, general and administrative total)
  L('is_sg_and_a_expense', I('GeneralAndAdministrativeExpense'), I('SalesAndMarketingExpense')),
];
const LPA_LINES: Line[] = [
  L('is_pretax_income', I('ProfitLossBeforeTax')), L('is_inc_tax_exp', I('IncomeTaxExpenseContinuingOperations')),
  L('is_net_income', I('ProfitLossAttributableToOwnersOfParent')), L('is_ni_including_minority_int_ratio', I('ProfitLoss')),
  // LPA tags its operating total as cash generated from operations
  L('cf_cash_from_oper', I('CashFlowsFromUsedInOperations')), L('cf_cash_from_inv_act', I('CashFlowsFromUsedInInvestingActivities')),
  L('cf_cash_from_fin_act', I('CashFlowsFromUsedInFinancingActivities')),
];
const LPA_BALANCE: Line[] = [L('bs_tot_asset', I('Assets')), L('bs_total_equity', I('Equity')), L('bs_tot_liab', I('Liabilities'))];
/** Celestica's IFRS 20-F years: capex, trade payables and cash-flow profit are the lines the IFRS map added;
 *  total equity is the 20-F balance sheet's, not the opening balance of the 2024 10-K's US GAAP equity
 *  statement (2021-12-31: 1,463.0M, not 1,461.7M). */
const CLS_IFRS: Line[] = [
  ...IFRS_CORE, L('is_sales_revenue_turnover', I('RevenueFromContractsWithCustomers')),
  L('cf_net_inc', I('ProfitLossAttributableToOwnersOfParent')),
  L('cf_cap_expenditures', `-${I('PurchaseOfPropertyPlantAndEquipmentIntangibleAssetsOtherThanGoodwillInvestmentPropertyAndOtherNoncurrentAssets')}`),
  L('bs_acct_payable', I('TradeAndOtherPayablesToTradeSuppliers')),
];
/** Celestica's first US GAAP 10-K year. */
const CLS_GAAP: Line[] = [
  L('is_net_income', G('NetIncomeLoss')), PS('eps', G('EarningsPerShareBasic')), PS('diluted_eps', G('EarningsPerShareDiluted')),
  L('bs_tot_asset', G('Assets')), L('bs_acct_payable', G('AccountsPayableCurrent')),
  L('cf_cash_from_oper', G('NetCashProvidedByUsedInOperatingActivities')),
  L('cf_cap_expenditures', `-${G('PaymentsToAcquireProductiveAssets')}`),
];

const COMPANIES: Company[] = [
  { ticker: 'TSM', cik: '0001046179', currency: 'TWD', file: 'zip',
    years: Object.fromEntries([2018, 2019, 2020, 2021, 2022, 2023, 2024].map((y) => [y, TSMC_LINES])) },
  { ticker: 'LPA', cik: '0001997711', currency: 'USD', file: 'zip',
    years: { 2022: LPA_LINES, 2023: [...LPA_LINES, ...LPA_BALANCE], 2024: [...LPA_LINES, ...LPA_BALANCE] } },
  { ticker: 'CLS', cik: '0001030894', currency: 'USD', file: 'plain',
    years: { 2018: CLS_IFRS, 2019: CLS_IFRS, 2020: CLS_IFRS, 2021: CLS_IFRS, 2024: CLS_GAAP } },
];

/** The raw annual fact of a concept for the fiscal year ending `end` (duration of a year, or instant), latest filed. */
function rawAnnual(facts: Facts, concept: string, unit: string, end: string, instant: boolean): RawFact | null {
  const [taxonomy, name] = concept.split(':') as [string, string];
  const list = facts[taxonomy]?.[name]?.units[unit] ?? [];
  let best: RawFact | null = null;
  for (const f of list) {
    if (f.end !== end || !ANNUAL_FORMS.has(f.form)) continue;
    if (instant !== (f.start === undefined)) continue;
    if (f.start !== undefined) {
      const days = (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000;
      if (days < 350 || days > 380) continue;
    }
    if (!best || f.filed > best.filed) best = f;
  }
  return best;
}

const docs = new Map<string, Facts>();
let db: Database.Database | null = null;

function served(cik: string, recordType: string, period: string, date: string): Record<string, number | null> | null {
  const row = db!.prepare('SELECT body FROM records WHERE cik = ? AND record_type = ? AND period = ? AND date = ?').get(cik, recordType, period, date) as { body: string } | undefined;
  return row ? parseBody(recordType, row.body) as Record<string, number | null> : null;
}

describe('foreign issuers: IFRS and 20-F statements against their companyfacts', { skip: ready ? false : 'no corpus or built dataset' }, () => {
  before(async () => {
    const zipped = await readZipEntries(zipPath, new Set(COMPANIES.filter((c) => c.file === 'zip').map((c) => `CIK${c.cik}.json`)));
    for (const c of COMPANIES) {
      const text = c.file === 'zip' ? zipped.get(`CIK${c.cik}.json`)!.toString('utf8') : fs.readFileSync(path.join(plainDir, `CIK${c.cik}.json`), 'utf8');
      docs.set(c.cik, (JSON.parse(text) as { facts: Facts }).facts);
    }
    db = new Database(datasetPath, { readonly: true });
  });

  for (const c of COMPANIES) {
    for (const [year, lines] of Object.entries(c.years)) {
      test(`${c.ticker} FY${year} (${c.currency}): ${lines.map((l) => l.field).join(', ')}`, () => {
        const end = `${year}-12-31`;
        const facts = docs.get(c.cik)!;
        for (const line of lines) {
          const recordType = line.field.startsWith('bs_') ? 'balance_sheet' : line.field.startsWith('cf_') ? 'cash_flow' : 'income_statement';
          const rec = served(c.cik, recordType, 'annual', end);
          assert.ok(rec, `${c.ticker} ${end}: no annual ${recordType} record`);
          assert.equal(rec.currency as unknown, c.currency, `${c.ticker} ${end}: currency`);
          let expected = 0;
          const from: string[] = [];
          for (const [sign, concept] of line.terms) {
            const unit = line.unit === 'perShare' ? `${c.currency}/shares` : c.currency;
            const f = rawAnnual(facts, concept, unit, end, recordType === 'balance_sheet');
            assert.ok(f, `${c.ticker} FY${year}: no raw ${concept} fact in ${unit}`);
            expected += sign * f.val;
            from.push(`${concept} ${f.val} (${f.form} ${f.accn})`);
          }
          const got = rec[line.field];
          assert.ok(got != null, `${c.ticker} FY${year} ${line.field}: null, the raw facts say ${from.join(' + ')}`);
          assert.ok(Math.abs(got - expected) <= Math.abs(expected) * 1e-9 + 0.005,
            `${c.ticker} FY${year} ${line.field}: served ${got}, raw ${expected} from ${from.join(' + ')}`);
        }
      });
    }
  }

  test('TSM FY2019-FY2024 div_per_shr: the sum of the four quarterly cash dividends per share its 20-Fs tag (no annual fact)', () => {
    const facts = docs.get('0001046179')!['ifrs-full']!.DividendsRecognisedAsDistributionsToOwnersPerShare!.units['TWD/shares']!;
    for (const year of [2019, 2020, 2021, 2022, 2023, 2024]) {
      const quarters = new Map<string, number>();
      for (const f of facts) {
        if (f.start === undefined || !f.start.startsWith(String(year)) || !ANNUAL_FORMS.has(f.form)) continue;
        const days = (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000;
        assert.ok(days < 100, `TSM ${year}: a dividend per share for ${f.start}..${f.end}, not a quarter`);
        quarters.set(f.start, f.val);
      }
      assert.equal(quarters.size, 4, `TSM ${year}: four quarters tagged`);
      const expected = [...quarters.values()].reduce((a, b) => a + b, 0);
      assert.equal(served('0001046179', 'income_statement', 'annual', `${year}-12-31`)!.div_per_shr, expected, `TSM ${year}`);
    }
  });

  test('LPA: a lessor of logistics properties reports no cost of sales or gross profit, and none is served (2022-2024)', () => {
    for (const year of [2022, 2023, 2024]) {
      const rec = served('0001997711', 'income_statement', 'annual', `${year}-12-31`)!;
      assert.equal(rec.is_cogs, null);
      assert.equal(rec.is_gross_profit, null);
    }
  });

  // Issue 29, item 2: annual periods from the 20-F, no quarters invented from half-years or
  // years, and Celestica's change from IFRS 20-F (2023) to US GAAP 10-K (2024) is one series.
  test('Celestica FY2015-FY2025: one annual series across the 20-F to 10-K change, fiscal years labelled by their December ends, no duplicate periods', () => {
    const rows = db!.prepare("SELECT date, fiscal_year, period_label FROM records WHERE cik = '0001030894' AND record_type = 'income_statement' AND period = 'annual' ORDER BY date").all() as Array<{ date: string; fiscal_year: number; period_label: string }>;
    assert.deepEqual(rows.map((r) => r.date), Array.from({ length: 11 }, (_, i) => `${2015 + i}-12-31`));
    for (const r of rows) {
      assert.equal(r.fiscal_year, Number(r.date.slice(0, 4)));
      assert.equal(r.period_label, r.date.slice(0, 4));
    }
    // the 2023 (20-F) and 2024 (10-K) years are both there, with revenue and net income
    const y23 = served('0001030894', 'income_statement', 'annual', '2023-12-31')!;
    const y24 = served('0001030894', 'income_statement', 'annual', '2024-12-31')!;
    assert.ok(y23.is_sales_revenue_turnover! > 0 && y24.is_sales_revenue_turnover! > 0);
    // 2023 is the 10-K's US GAAP comparative (0001030894-25-000014: 244.4M; the 20-F's IFRS figure is 244.6M),
    // on the basis of 2024
    assert.equal(y23.is_net_income, 244_400_000);
    assert.equal(y24.is_net_income, 428_000_000); // 10-K 0001030894-25-000014
  });

  test('Celestica 2016-12-31 and 2022-12-31: total equity from the 20-F balance sheet of the date, not a later equity statement\'s opening balance', () => {
    // 20-F 0001628280-18-003056: equity and liabilities 2,822.3M = liabilities 1,583.5M + equity 1,238.8M
    // (the 2018 20-F's equity statement opens 2016 at 1,257.8M)
    assert.equal(served('0001030894', 'balance_sheet', 'annual', '2016-12-31')!.bs_total_equity, 1_238_800_000);
    // 20-F 0001030894-23-000008 and -24-000009: 1,677.7M (the 2024 10-K's US GAAP equity statement opens 2022 at 1,675.9M)
    assert.equal(served('0001030894', 'balance_sheet', 'annual', '2022-12-31')!.bs_total_equity, 1_677_700_000);
  });

  test('Celestica quarters: only from its 10-Qs (2024 on); its 20-F years get no invented quarters', () => {
    const quarters = db!.prepare("SELECT date, fiscal_year, period_label FROM records WHERE cik = '0001030894' AND record_type = 'income_statement' AND period = 'quarterly' ORDER BY date").all() as Array<{ date: string; fiscal_year: number; period_label: string }>;
    assert.ok(quarters.length > 0);
    for (const q of quarters) assert.ok(q.fiscal_year >= 2024, `quarter ${q.period_label} ${q.date} of a 20-F year`);
    const keys = quarters.map((q) => `${q.fiscal_year} ${q.period_label}`);
    assert.equal(new Set(keys).size, keys.length, 'no duplicate quarter');
  });

  test('TSM and LPA: annual records only; TSMC\'s 6-K half years (2020-06-30, 2021-06-30) are not quarters and no quarter is derived from them', () => {
    const tsmc = docs.get('0001046179')!;
    const halfYears = Object.values(tsmc['ifrs-full']!).flatMap((c) => Object.values(c.units).flat())
      .filter((f) => f.form === '6-K' && f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 160);
    assert.ok(halfYears.some((f) => f.end === '2020-06-30') && halfYears.some((f) => f.end === '2021-06-30'), 'the corpus has TSMC\'s 6-K half years');
    const n = db!.prepare("SELECT count(*) AS n FROM records WHERE cik IN ('0001046179', '0001997711') AND period = 'quarterly'").get() as { n: number };
    assert.equal(n.n, 0);
  });
});
