// Standardized statements of real companies from the corpus (sec/companyfacts.zip), checked
// against values looked up independently in the raw facts of the named filings (a separate
// script read each concept for the exact period from the 10-K / 10-Q / 20-F, took Q4 = FY − 9M
// and Q2 = 6M − Q1 where no 3-month value is reported, and the numbers were cross-checked with
// the companies' published results). Cash outflows are negative. Corpus:
// TENK_TEST_DATA ?? ../shared/data.
import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fs from 'node:fs';
import { standardizeCompany } from '../src/xbrl/standardize-company.js';
import type { CompanyStatements, PeriodRecord, StatementType } from '../src/model/record-types.js';
import { readZipEntries } from './support/corpus-statements.js';

const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const zipPath = path.join(dataDir, 'sec', 'companyfacts.zip');

type Values = Record<string, number>;
interface Case {
  ticker: string; name: string; sector: string; cik: string;
  fiscalYear: number; start: string; end: string;
  annual: Values; q4?: Values; q2End?: string; q2?: Values;
}

const CASES: Case[] = [
  {
    ticker: 'AAPL', name: 'Apple', sector: 'technology, September year end', cik: '0000320193',
    fiscalYear: 2023, start: '2022-09-25', end: '2023-09-30',
    // Read from: 0000320193-23-000064 10-Q filed 2023-05-05; 0000320193-23-000106 10-K filed 2023-11-03; 0000320193-24-000006 10-Q filed 2024-02-02; 0000320193-24-000069 10-Q filed 2024-05-03; 0000320193-24-000081 10-Q filed 2024-08-02; 0000320193-24-000123 10-K filed 2024-11-01; 0000320193-25-000079 10-K filed 2025-10-31
    annual: {
      is_sales_revenue_turnover: 383285000000, is_gross_profit: 169148000000,
      is_sg_and_a_expense: 24932000000, is_operating_expenses_r_and_d: 29915000000,
      is_oper_income: 114301000000, is_pretax_income: 113736000000, is_inc_tax_exp: 16741000000,
      is_net_income: 96995000000, eps: 6.16, diluted_eps: 6.13, is_avg_num_sh_for_eps: 15744231000,
      is_sh_for_diluted_eps: 15812547000, cf_cash_from_oper: 110543000000,
      cf_cap_expenditures: -10959000000, cf_dvd_paid: -15025000000, cf_decr_cap_stock: -77550000000,
      cf_cash_from_inv_act: 3705000000, cf_cash_from_fin_act: -108488000000, cf_depr_amort: 11519000000,
      bs_cash_near_cash_item: 29965000000, bs_cur_asset_report: 143566000000, bs_tot_asset: 352583000000,
      bs_cur_liab: 145308000000, bs_tot_liab: 290437000000, bs_total_equity: 62146000000,
      bs_pure_retained_earnings: -214000000, bs_inventories: 6331000000
    },
    q4: {
      is_sales_revenue_turnover: 89498000000, is_gross_profit: 40427000000,
      is_sg_and_a_expense: 6151000000, is_operating_expenses_r_and_d: 7307000000,
      is_oper_income: 26969000000, is_pretax_income: 26998000000, is_inc_tax_exp: 4042000000,
      is_net_income: 22956000000, cf_cash_from_oper: 21598000000, cf_cap_expenditures: -2163000000,
      cf_dvd_paid: -3758000000, cf_decr_cap_stock: -21003000000, cf_cash_from_inv_act: 2394000000,
      cf_cash_from_fin_act: -23153000000, cf_depr_amort: 2653000000, bs_cash_near_cash_item: 29965000000,
      bs_cur_asset_report: 143566000000, bs_tot_asset: 352583000000, bs_cur_liab: 145308000000,
      bs_tot_liab: 290437000000, bs_total_equity: 62146000000, bs_pure_retained_earnings: -214000000,
      bs_inventories: 6331000000
    },
    q2End: '2023-04-01',
    q2: {
      cf_cash_from_oper: 28560000000, cf_cap_expenditures: -2916000000, cf_dvd_paid: -3650000000,
      cf_decr_cap_stock: -19594000000, cf_cash_from_inv_act: 2319000000,
      cf_cash_from_fin_act: -25724000000, cf_depr_amort: 2898000000, bs_cash_near_cash_item: 24687000000,
      bs_cur_asset_report: 112913000000, bs_tot_asset: 332160000000, bs_cur_liab: 120075000000,
      bs_tot_liab: 270002000000, bs_total_equity: 62158000000, bs_pure_retained_earnings: 4336000000,
      bs_inventories: 7482000000
    },
  },
  {
    ticker: 'NVDA', name: 'NVIDIA', sector: 'semiconductors, January year end labelled by its end year', cik: '0001045810',
    fiscalYear: 2024, start: '2023-01-30', end: '2024-01-28',
    // Read from: 0001045810-23-000175 10-Q filed 2023-08-28; 0001045810-24-000029 10-K filed 2024-02-21; 0001045810-24-000124 10-Q filed 2024-05-29; 0001045810-24-000264 10-Q filed 2024-08-28; 0001045810-24-000316 10-Q filed 2024-11-20; 0001045810-25-000023 10-K filed 2025-02-26; 0001045810-26-000021 10-K filed 2026-02-25
    annual: {
      is_sales_revenue_turnover: 60922000000, is_gross_profit: 44301000000,
      is_sg_and_a_expense: 2654000000, is_operating_expenses_r_and_d: 8675000000,
      is_oper_income: 32972000000, is_pretax_income: 33818000000, is_inc_tax_exp: 4058000000,
      is_net_income: 29760000000, eps: 12.05, diluted_eps: 11.93, is_avg_num_sh_for_eps: 2469000000,
      is_sh_for_diluted_eps: 2494000000, cf_cash_from_oper: 28090000000,
      cf_cap_expenditures: -1069000000, cf_dvd_paid: -395000000, cf_decr_cap_stock: -9533000000,
      cf_cash_from_inv_act: -10566000000, cf_cash_from_fin_act: -13633000000, cf_depr_amort: 1508000000,
      bs_cash_near_cash_item: 7280000000, bs_cur_asset_report: 44345000000, bs_tot_asset: 65728000000,
      bs_cur_liab: 10631000000, bs_tot_liab: 22750000000, bs_total_equity: 42978000000,
      bs_pure_retained_earnings: 29817000000, bs_inventories: 5282000000
    },
    q4: {
      is_sales_revenue_turnover: 22103000000, is_gross_profit: 16791000000,
      is_sg_and_a_expense: 712000000, is_operating_expenses_r_and_d: 2465000000,
      is_oper_income: 13614000000, is_pretax_income: 14106000000, is_inc_tax_exp: 1821000000,
      is_net_income: 12285000000, cf_cash_from_oper: 11499000000, cf_cap_expenditures: -254000000,
      cf_dvd_paid: -99000000, cf_decr_cap_stock: -2659000000, cf_cash_from_inv_act: -6109000000,
      cf_cash_from_fin_act: -3629000000, cf_depr_amort: 387000000, bs_cash_near_cash_item: 7280000000,
      bs_cur_asset_report: 44345000000, bs_tot_asset: 65728000000, bs_cur_liab: 10631000000,
      bs_tot_liab: 22750000000, bs_total_equity: 42978000000, bs_pure_retained_earnings: 29817000000,
      bs_inventories: 5282000000
    },
    q2End: '2023-07-30',
    q2: {
      cf_cash_from_oper: 6348000000, cf_cap_expenditures: -289000000, cf_dvd_paid: -99000000,
      cf_decr_cap_stock: -3067000000, cf_cash_from_inv_act: -446000000,
      cf_cash_from_fin_act: -5099000000, cf_depr_amort: 365000000, bs_cash_near_cash_item: 5783000000,
      bs_cur_asset_report: 28797000000, bs_tot_asset: 49555000000, bs_cur_liab: 10334000000,
      bs_tot_liab: 22054000000, bs_total_equity: 27501000000, bs_pure_retained_earnings: 14921000000,
      bs_inventories: 4319000000
    },
  },
  {
    ticker: 'JPM', name: 'JPMorgan Chase', sector: 'bank', cik: '0000019617',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0000019617-24-000453 10-Q filed 2024-08-02; 0000019617-25-000270 10-K filed 2025-02-14; 0000019617-25-000421 10-Q filed 2025-05-01; 0000019617-25-000615 10-Q filed 2025-08-05; 0001628280-25-048859 10-Q filed 2025-11-04; 0001628280-26-008131 10-K filed 2026-02-13
    annual: {
      is_sales_revenue_turnover: 177556000000, is_pretax_income: 75081000000,
      is_inc_tax_exp: 16610000000, is_net_income: 58471000000, eps: 19.79, diluted_eps: 19.75,
      is_avg_num_sh_for_eps: 2873900000, is_sh_for_diluted_eps: 2879000000,
      cf_cash_from_oper: -42012000000, cf_dvd_paid: -14783000000, cf_decr_cap_stock: -18830000000,
      cf_cash_from_inv_act: -163403000000, cf_cash_from_fin_act: 63447000000, cf_depr_amort: 7938000000,
      bs_cash_near_cash_item: 23372000000, bs_tot_asset: 4002814000000, bs_tot_liab: 3658056000000,
      bs_total_equity: 344758000000, bs_pure_retained_earnings: 376166000000
    },
    q4: {
      is_pretax_income: 17375000000, is_inc_tax_exp: 3370000000, is_net_income: 14005000000,
      cf_cash_from_oper: 147758000000, cf_dvd_paid: -3858000000, cf_decr_cap_stock: -4301000000,
      cf_cash_from_inv_act: 17620000000, cf_cash_from_fin_act: -115705000000, cf_depr_amort: 1965000000,
      bs_cash_near_cash_item: 23372000000, bs_tot_asset: 4002814000000, bs_tot_liab: 3658056000000,
      bs_total_equity: 344758000000, bs_pure_retained_earnings: 376166000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 38469000000, cf_dvd_paid: -3777000000, cf_decr_cap_stock: -5336000000,
      cf_cash_from_inv_act: -94239000000, cf_cash_from_fin_act: 27238000000, cf_depr_amort: 2002000000,
      bs_cash_near_cash_item: 27265000000, bs_tot_asset: 4143003000000, bs_tot_liab: 3802451000000,
      bs_total_equity: 340552000000, bs_pure_retained_earnings: 356924000000
    },
  },
  {
    ticker: 'CINF', name: 'Cincinnati Financial', sector: 'property-casualty insurer', cik: '0000020286',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0000020286-24-000048 10-Q filed 2024-07-25; 0000020286-24-000063 10-Q filed 2024-10-24; 0000020286-25-000009 10-K filed 2025-02-24; 0000020286-25-000029 10-Q filed 2025-04-28; 0000020286-25-000045 10-Q filed 2025-07-28
    annual: {
      is_sales_revenue_turnover: 11337000000, is_pretax_income: 2858000000, is_inc_tax_exp: 566000000,
      is_net_income: 2292000000, eps: 14.65, diluted_eps: 14.53, is_avg_num_sh_for_eps: 156400000,
      is_sh_for_diluted_eps: 157800000, cf_cash_from_oper: 2649000000, cf_cap_expenditures: -22000000,
      cf_dvd_paid: -490000000, cf_decr_cap_stock: -126000000, cf_cash_from_inv_act: -1696000000,
      cf_cash_from_fin_act: -877000000, bs_cash_near_cash_item: 983000000, bs_tot_asset: 36501000000,
      bs_tot_liab: 22566000000, bs_total_equity: 13935000000, bs_pure_retained_earnings: 14869000000
    },
    q4: {
      is_sales_revenue_turnover: 2538000000, is_pretax_income: 479000000, is_inc_tax_exp: 74000000,
      is_net_income: 405000000, cf_cash_from_oper: 642000000, cf_cap_expenditures: -4000000,
      cf_dvd_paid: -125000000, cf_decr_cap_stock: -5000000, cf_cash_from_inv_act: -1207000000,
      cf_cash_from_fin_act: -204000000, bs_cash_near_cash_item: 983000000, bs_tot_asset: 36501000000,
      bs_tot_liab: 22566000000, bs_total_equity: 13935000000, bs_pure_retained_earnings: 14869000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 742000000, cf_cap_expenditures: -5000000, cf_dvd_paid: -125000000,
      cf_decr_cap_stock: -46000000, cf_cash_from_inv_act: -385000000, cf_cash_from_fin_act: -205000000,
      bs_cash_near_cash_item: 771000000, bs_tot_asset: 34802000000, bs_tot_liab: 22025000000,
      bs_total_equity: 12777000000, bs_pure_retained_earnings: 13897000000
    },
  },
  {
    ticker: 'PLD', name: 'Prologis', sector: 'REIT', cik: '0001045609',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0000950170-24-086882 10-Q filed 2024-07-26; 0000950170-24-117407 10-Q filed 2024-10-25; 0000950170-25-021272 10-K filed 2025-02-14; 0000950170-25-060107 10-Q filed 2025-04-29; 0000950170-25-099770 10-Q filed 2025-07-30
    annual: {
      is_sales_revenue_turnover: 8201610000, is_oper_income: 4415920000, is_pretax_income: 4114878000,
      is_inc_tax_exp: 166943000, is_net_income: 3731635000, eps: 4.02, diluted_eps: 4.01,
      is_avg_num_sh_for_eps: 926172000, is_sh_for_diluted_eps: 953590000, cf_cash_from_oper: 4912209000,
      cf_dvd_paid: -3570480000, cf_cash_from_inv_act: -3099057000, cf_cash_from_fin_act: -999957000,
      cf_depr_amort: 2580519000, bs_cash_near_cash_item: 1318591000, bs_tot_asset: 95328909000,
      bs_tot_liab: 36712139000, bs_total_equity: 58616770000, bs_pure_retained_earnings: -465913000
    },
    q4: {
      is_sales_revenue_turnover: 2200646000, is_oper_income: 1421256000, is_pretax_income: 1429046000,
      is_inc_tax_exp: 86870000, is_net_income: 1278853000, cf_cash_from_oper: 1335451000,
      cf_dvd_paid: -893003000, cf_cash_from_inv_act: 319956000, cf_cash_from_fin_act: -1091609000,
      cf_depr_amort: 656444000, bs_cash_near_cash_item: 1318591000, bs_tot_asset: 95328909000,
      bs_tot_liab: 36712139000, bs_total_equity: 58616770000, bs_pure_retained_earnings: -465913000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 1086453000, cf_dvd_paid: -892809000, cf_cash_from_inv_act: -623831000,
      cf_cash_from_fin_act: -355800000, cf_depr_amort: 637305000, bs_cash_near_cash_item: 598347000,
      bs_tot_asset: 93537418000, bs_tot_liab: 35614097000, bs_total_equity: 57923321000,
      bs_pure_retained_earnings: -964620000
    },
  },
  {
    ticker: 'SO', name: 'Southern Company', sector: 'electric utility', cik: '0000092122',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0000092122-24-000075 10-Q filed 2024-08-01; 0000092122-24-000089 10-Q filed 2024-10-31; 0000092122-25-000018 10-K filed 2025-02-20; 0000092122-25-000042 10-Q filed 2025-05-01; 0000092122-25-000076 10-Q filed 2025-07-31
    annual: {
      is_sales_revenue_turnover: 26724000000, is_oper_income: 7068000000, is_pretax_income: 5229000000,
      is_inc_tax_exp: 969000000, is_net_income: 4401000000, eps: 4.02, diluted_eps: 3.99,
      is_avg_num_sh_for_eps: 1096000000, is_sh_for_diluted_eps: 1102000000,
      cf_cash_from_oper: 9788000000, cf_cap_expenditures: -8955000000, cf_dvd_paid: -2954000000,
      cf_cash_from_inv_act: -9400000000, cf_cash_from_fin_act: -208000000, cf_depr_amort: 5266000000,
      bs_cash_near_cash_item: 1070000000, bs_cur_asset_report: 10694000000, bs_tot_asset: 145180000000,
      bs_cur_liab: 15993000000, bs_tot_liab: 108506000000, bs_total_equity: 36674000000,
      bs_pure_retained_earnings: 13750000000
    },
    q4: {
      is_sales_revenue_turnover: 6341000000, is_oper_income: 1058000000, is_pretax_income: 545000000,
      is_inc_tax_exp: 79000000, is_net_income: 534000000, cf_cash_from_oper: 2173000000,
      cf_cap_expenditures: -2749000000, cf_dvd_paid: -734000000, cf_cash_from_inv_act: -2722000000,
      cf_cash_from_fin_act: 595000000, cf_depr_amort: 1350000000, bs_cash_near_cash_item: 1070000000,
      bs_cur_asset_report: 10694000000, bs_tot_asset: 145180000000, bs_cur_liab: 15993000000,
      bs_tot_liab: 108506000000, bs_total_equity: 36674000000, bs_pure_retained_earnings: 13750000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 2688000000, cf_cap_expenditures: -2125000000, cf_dvd_paid: -754000000,
      cf_cash_from_inv_act: -1837000000, cf_cash_from_fin_act: -472000000, cf_depr_amort: 1311000000,
      bs_cash_near_cash_item: 1152000000, bs_cur_asset_report: 10993000000, bs_tot_asset: 141937000000,
      bs_cur_liab: 12028000000, bs_tot_liab: 105826000000, bs_total_equity: 36111000000
    },
  },
  {
    ticker: 'WMT', name: 'Walmart', sector: 'retail, January year end labelled by its end year', cik: '0000104169',
    fiscalYear: 2025, start: '2024-02-01', end: '2025-01-31',
    // Read from: 0000104169-24-000178 10-Q filed 2024-12-06; 0000104169-25-000021 10-K filed 2025-03-14; 0000104169-25-000090 10-Q filed 2025-06-06; 0000104169-25-000137 10-Q filed 2025-08-29
    // Walmart tags no Liabilities total: its 10-K balance sheet sums to 96,584 current + 33,401 long-term debt
    // + 12,825 long-term operating leases + 20,321 deferred taxes and other = 163,131 (redeemable NCI 271 is mezzanine).
    annual: {
      is_sales_revenue_turnover: 680985000000, is_sg_and_a_expense: 139884000000,
      is_oper_income: 29348000000, is_pretax_income: 26309000000, is_inc_tax_exp: 6152000000,
      is_net_income: 19436000000, eps: 2.42, diluted_eps: 2.41, is_avg_num_sh_for_eps: 8041000000,
      is_sh_for_diluted_eps: 8081000000, cf_cash_from_oper: 36443000000,
      cf_cap_expenditures: -23783000000, cf_dvd_paid: -6688000000, cf_decr_cap_stock: -4494000000,
      cf_cash_from_inv_act: -21379000000, cf_cash_from_fin_act: -14822000000, cf_depr_amort: 12973000000,
      bs_cash_near_cash_item: 9037000000, bs_cur_asset_report: 79458000000, bs_tot_asset: 260823000000,
      bs_cur_liab: 96584000000, bs_total_equity: 97421000000, bs_pure_retained_earnings: 98313000000,
      bs_inventories: 56435000000, bs_tot_liab: 163131000000
    },
    q4: {
      is_sales_revenue_turnover: 180554000000, is_sg_and_a_expense: 36523000000,
      is_oper_income: 7859000000, is_pretax_income: 6963000000, is_inc_tax_exp: 1538000000,
      is_net_income: 5254000000, cf_cash_from_oper: 13525000000, cf_cap_expenditures: -7087000000,
      cf_dvd_paid: -1684000000, cf_decr_cap_stock: -1445000000, cf_cash_from_inv_act: -8718000000,
      cf_cash_from_fin_act: -5149000000, cf_depr_amort: 3374000000, bs_cash_near_cash_item: 9037000000,
      bs_cur_asset_report: 79458000000, bs_tot_asset: 260823000000, bs_cur_liab: 96584000000,
      bs_total_equity: 97421000000, bs_pure_retained_earnings: 98313000000, bs_inventories: 56435000000,
      bs_tot_liab: 163131000000
    },
    q2End: '2024-07-31',
    q2: {
      cf_cash_from_oper: 12108000000, cf_cap_expenditures: -5831000000, cf_dvd_paid: -1665000000,
      cf_decr_cap_stock: -1013000000, cf_cash_from_inv_act: -5719000000,
      cf_cash_from_fin_act: -6624000000, cf_depr_amort: 3211000000, bs_cash_near_cash_item: 8811000000,
      bs_cur_asset_report: 76510000000, bs_tot_asset: 254440000000, bs_cur_liab: 95260000000,
      bs_total_equity: 90565000000, bs_pure_retained_earnings: 90788000000, bs_inventories: 55611000000
    },
  },
  {
    ticker: 'HD', name: 'Home Depot', sector: 'retail, year ending 2024-01-28 is fiscal 2023', cik: '0000354950',
    fiscalYear: 2023, start: '2023-01-30', end: '2024-01-28',
    // Read from: 0000354950-23-000185 10-Q filed 2023-08-22; 0000354950-24-000062 10-K filed 2024-03-13; 0000354950-24-000152 10-Q filed 2024-05-21; 0000354950-24-000201 10-Q filed 2024-08-20; 0000354950-24-000240 10-Q filed 2024-11-19; 0000354950-25-000085 10-K filed 2025-03-21
    annual: {
      is_sales_revenue_turnover: 152669000000, is_gross_profit: 50960000000,
      is_sg_and_a_expense: 26598000000, is_oper_income: 21689000000, is_pretax_income: 19924000000,
      is_inc_tax_exp: 4781000000, is_net_income: 15143000000, eps: 15.16, diluted_eps: 15.11,
      is_avg_num_sh_for_eps: 999000000, is_sh_for_diluted_eps: 1002000000,
      cf_cash_from_oper: 21172000000, cf_cap_expenditures: -3226000000, cf_dvd_paid: -8383000000,
      cf_decr_cap_stock: -7951000000, cf_cash_from_inv_act: -4729000000,
      cf_cash_from_fin_act: -15443000000, cf_depr_amort: 3061000000, bs_cash_near_cash_item: 3760000000,
      bs_cur_asset_report: 29775000000, bs_tot_asset: 76530000000, bs_cur_liab: 22015000000,
      bs_tot_liab: 75486000000, bs_total_equity: 1044000000, bs_pure_retained_earnings: 83656000000,
      bs_inventories: 20976000000
    },
    q4: {
      is_sales_revenue_turnover: 34786000000, is_gross_profit: 11508000000,
      is_sg_and_a_expense: 6679000000, is_oper_income: 4143000000, is_pretax_income: 3685000000,
      is_inc_tax_exp: 884000000, is_net_income: 2801000000, cf_cash_from_oper: 4733000000,
      cf_cap_expenditures: -858000000, cf_dvd_paid: -2079000000, cf_decr_cap_stock: -1486000000,
      cf_cash_from_inv_act: -1581000000, cf_cash_from_fin_act: -1520000000, cf_depr_amort: 782000000,
      bs_cash_near_cash_item: 3760000000, bs_cur_asset_report: 29775000000, bs_tot_asset: 76530000000,
      bs_cur_liab: 22015000000, bs_tot_liab: 75486000000, bs_total_equity: 1044000000,
      bs_pure_retained_earnings: 83656000000, bs_inventories: 20976000000
    },
    q2End: '2023-07-30',
    // Q2 D&A: Home Depot's fiscal 2024 Q2 10-Q (0000354950-24-000201) recast the 6-month 2023
    // D&A from 1,588 to 1,500 but its Q1 2023 value stayed 793 on the old basis; a mixed
    // 1,500 − 793 = 707 would be wrong, so Q2 is 1,588 − 793 = 795 (both as first reported).
    q2: {
      cf_cash_from_oper: 6591000000, cf_cap_expenditures: -792000000, cf_dvd_paid: -2097000000,
      cf_decr_cap_stock: -2067000000, cf_cash_from_inv_act: -999000000,
      cf_cash_from_fin_act: -4078000000, cf_depr_amort: 795000000, bs_cash_near_cash_item: 2814000000,
      bs_cur_asset_report: 31830000000, bs_tot_asset: 76387000000, bs_cur_liab: 24227000000,
      bs_tot_liab: 75052000000, bs_total_equity: 1335000000, bs_pure_retained_earnings: 81213000000,
      bs_inventories: 23265000000
    },
  },
  {
    ticker: 'TSM', name: 'TSMC', sector: 'IFRS filer (20-F) reporting in TWD', cik: '0001046179',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0001193125-25-083423 20-F filed 2025-04-17
    annual: {
      is_sales_revenue_turnover: 2894307700000, is_gross_profit: 1624353600000,
      is_operating_expenses_r_and_d: 204181800000, is_oper_income: 1322053000000,
      is_pretax_income: 1405840000000, is_inc_tax_exp: 248316100000, is_net_income: 1158380200000,
      eps: 44.68, diluted_eps: 44.67, is_avg_num_sh_for_eps: 25927600000,
      is_sh_for_diluted_eps: 25929700000, cf_cash_from_oper: 1826177100000,
      cf_cap_expenditures: -956006500000, cf_dvd_paid: -363055200000,
      cf_cash_from_inv_act: -864842800000, cf_cash_from_fin_act: -346301000000,
      bs_cash_near_cash_item: 2127627000000, bs_cur_asset_report: 3088352100000,
      bs_tot_asset: 6691764700000, bs_cur_liab: 1308655900000, bs_tot_liab: 2412493100000,
      bs_total_equity: 4279271600000, bs_pure_retained_earnings: 3872973400000,
      bs_inventories: 287868800000
    },
  },
  {
    ticker: 'MRNA', name: 'Moderna', sector: 'loss-making biotech', cik: '0001682852',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0001682852-24-000027 10-Q filed 2024-05-02; 0001682852-24-000046 10-Q filed 2024-08-01; 0001682852-24-000060 10-Q filed 2024-11-07; 0001682852-25-000022 10-K filed 2025-02-21; 0001682852-25-000034 10-Q filed 2025-05-01; 0001682852-25-000044 10-Q filed 2025-08-01
    annual: {
      is_sales_revenue_turnover: 3236000000, is_operating_expenses_r_and_d: 4543000000,
      is_oper_income: -3945000000, is_pretax_income: -3607000000, is_inc_tax_exp: -46000000,
      is_net_income: -3561000000, eps: -9.28, diluted_eps: -9.28, is_avg_num_sh_for_eps: 384000000,
      is_sh_for_diluted_eps: 384000000, cf_cash_from_oper: -3004000000, cf_cap_expenditures: -1051000000,
      cf_decr_cap_stock: 0, cf_cash_from_inv_act: 1949000000, cf_cash_from_fin_act: 56000000,
      cf_depr_amort: 185000000, bs_cash_near_cash_item: 1927000000, bs_cur_asset_report: 8099000000,
      bs_tot_asset: 14142000000, bs_cur_liab: 2206000000, bs_tot_liab: 3241000000,
      bs_total_equity: 10901000000, bs_pure_retained_earnings: 10045000000, bs_inventories: 117000000
    },
    q4: {
      is_sales_revenue_turnover: 966000000, is_operating_expenses_r_and_d: 1122000000,
      is_oper_income: -1246000000, is_pretax_income: -1184000000, is_inc_tax_exp: -64000000,
      is_net_income: -1120000000, cf_cash_from_oper: 825000000, cf_cap_expenditures: -522000000,
      cf_decr_cap_stock: 0, cf_cash_from_inv_act: -539000000, cf_cash_from_fin_act: -3000000,
      cf_depr_amort: 59000000, bs_cash_near_cash_item: 1927000000, bs_cur_asset_report: 8099000000,
      bs_tot_asset: 14142000000, bs_cur_liab: 2206000000, bs_tot_liab: 3241000000,
      bs_total_equity: 10901000000, bs_pure_retained_earnings: 10045000000, bs_inventories: 117000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: -1274000000, cf_cap_expenditures: -182000000, cf_decr_cap_stock: 0,
      cf_cash_from_inv_act: 1649000000, cf_cash_from_fin_act: 34000000, cf_depr_amort: 40000000,
      bs_cash_near_cash_item: 2478000000, bs_cur_asset_report: 9661000000, bs_tot_asset: 15680000000,
      bs_cur_liab: 2363000000, bs_tot_liab: 3968000000, bs_total_equity: 11712000000,
      bs_pure_retained_earnings: 11152000000, bs_inventories: 399000000
    },
  },
  {
    ticker: 'JNJ', name: 'Johnson & Johnson', sector: 'pharma, 52/53-week year', cik: '0000200406',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-29',
    // Read from: 0000200406-24-000075 10-Q filed 2024-07-25; 0000200406-24-000096 10-Q filed 2024-10-23; 0000200406-25-000038 10-K filed 2025-02-13; 0000200406-25-000119 10-Q filed 2025-04-23; 0000200406-25-000178 10-Q filed 2025-07-24
    annual: {
      is_sales_revenue_turnover: 88821000000, is_gross_profit: 61350000000,
      is_sg_and_a_expense: 22869000000, is_operating_expenses_r_and_d: 1841000000,
      is_pretax_income: 16687000000, is_inc_tax_exp: 2621000000, is_net_income: 14066000000, eps: 5.84,
      diluted_eps: 5.79, is_avg_num_sh_for_eps: 2407300000, is_sh_for_diluted_eps: 2429400000,
      cf_cash_from_oper: 24266000000, cf_cap_expenditures: -4424000000, cf_dvd_paid: -11823000000,
      cf_decr_cap_stock: -2432000000, cf_cash_from_inv_act: -18599000000,
      cf_cash_from_fin_act: -3132000000, cf_depr_amort: 7339000000, bs_cash_near_cash_item: 24105000000,
      bs_cur_asset_report: 55893000000, bs_tot_asset: 180104000000, bs_cur_liab: 50321000000,
      bs_tot_liab: 108614000000, bs_total_equity: 71490000000, bs_pure_retained_earnings: 155791000000,
      bs_inventories: 12444000000
    },
    q4: {
      is_sales_revenue_turnover: 22520000000, is_gross_profit: 15392000000,
      is_sg_and_a_expense: 6453000000, is_pretax_income: 3887000000, is_inc_tax_exp: 456000000,
      is_net_income: 3431000000, cf_cash_from_oper: 6983000000, cf_cap_expenditures: -1612000000,
      cf_dvd_paid: -2984000000, cf_decr_cap_stock: -282000000, cf_cash_from_inv_act: -1320000000,
      cf_cash_from_fin_act: -1340000000, cf_depr_amort: 1896000000, bs_cash_near_cash_item: 24105000000,
      bs_cur_asset_report: 55893000000, bs_tot_asset: 180104000000, bs_cur_liab: 50321000000,
      bs_tot_liab: 108614000000, bs_total_equity: 71490000000, bs_pure_retained_earnings: 155791000000,
      bs_inventories: 12444000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 5633000000, cf_cap_expenditures: -976000000, cf_dvd_paid: -2985000000,
      cf_decr_cap_stock: -136000000, cf_cash_from_inv_act: -13687000000,
      cf_cash_from_fin_act: 7544000000, cf_depr_amort: 1782000000, bs_cash_near_cash_item: 24878000000,
      bs_cur_asset_report: 57817000000, bs_tot_asset: 181088000000, bs_cur_liab: 53933000000,
      bs_tot_liab: 109550000000, bs_total_equity: 71538000000, bs_pure_retained_earnings: 155360000000,
      bs_inventories: 12169000000
    },
  },
  {
    ticker: 'XOM', name: 'Exxon Mobil', sector: 'energy', cik: '0000034088',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0000034088-24-000050 10-Q filed 2024-08-05; 0000034088-24-000068 10-Q filed 2024-11-04; 0000034088-25-000010 10-K filed 2025-02-19; 0000034088-25-000024 10-Q filed 2025-05-05; 0000034088-25-000042 10-Q filed 2025-08-04
    annual: {
      is_sales_revenue_turnover: 349585000000, is_sg_and_a_expense: 9976000000,
      is_operating_expenses_r_and_d: 987000000, is_pretax_income: 48873000000,
      is_inc_tax_exp: 13810000000, is_net_income: 33680000000, eps: 7.84, diluted_eps: 7.84,
      // one weighted count in the EPS note, for both basic and diluted (no diluted tag)
      is_avg_num_sh_for_eps: 4298000000, is_sh_for_diluted_eps: 4298000000, cf_cash_from_oper: 55022000000,
      cf_cap_expenditures: -24306000000, cf_dvd_paid: -16704000000, cf_decr_cap_stock: -19629000000,
      cf_cash_from_inv_act: -19938000000, cf_cash_from_fin_act: -42789000000, cf_depr_amort: 23442000000,
      bs_cash_near_cash_item: 23029000000, bs_cur_asset_report: 91990000000, bs_tot_asset: 453475000000,
      bs_cur_liab: 70307000000, bs_tot_liab: 182869000000, bs_total_equity: 270606000000,
      bs_pure_retained_earnings: 470903000000
    },
    q4: {
      is_sales_revenue_turnover: 83426000000, is_sg_and_a_expense: 2617000000,
      is_pretax_income: 9813000000, is_inc_tax_exp: 1858000000, is_net_income: 7610000000,
      cf_cash_from_oper: 12229000000, cf_cap_expenditures: -6837000000, cf_dvd_paid: -4371000000,
      cf_decr_cap_stock: -5780000000, cf_cash_from_inv_act: -4252000000,
      cf_cash_from_fin_act: -11143000000, cf_depr_amort: 6585000000, bs_cash_near_cash_item: 23029000000,
      bs_cur_asset_report: 91990000000, bs_tot_asset: 453475000000, bs_cur_liab: 70307000000,
      bs_tot_liab: 182869000000, bs_total_equity: 270606000000, bs_pure_retained_earnings: 470903000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 10560000000, cf_cap_expenditures: -6235000000, cf_dvd_paid: -4285000000,
      cf_decr_cap_stock: -5326000000, cf_cash_from_inv_act: -4869000000,
      cf_cash_from_fin_act: -12558000000, cf_depr_amort: 5787000000, bs_cash_near_cash_item: 26460000000,
      bs_cur_asset_report: 96238000000, bs_tot_asset: 460707000000, bs_cur_liab: 70763000000,
      bs_tot_liab: 184441000000, bs_total_equity: 276266000000, bs_pure_retained_earnings: 463294000000
    },
  },
  {
    ticker: 'MSFT', name: 'Microsoft', sector: 'software, June year end', cik: '0000789019',
    fiscalYear: 2024, start: '2023-07-01', end: '2024-06-30',
    // Read from: 0000950170-24-008814 10-Q filed 2024-01-30; 0000950170-24-087843 10-K filed 2024-07-30; 0000950170-25-010491 10-Q filed 2025-01-29; 0000950170-25-061046 10-Q filed 2025-04-30; 0000950170-25-100235 10-K filed 2025-07-30
    annual: {
      is_sales_revenue_turnover: 245122000000, is_gross_profit: 171008000000,
      is_operating_expenses_r_and_d: 29510000000, is_oper_income: 109433000000,
      is_pretax_income: 107787000000, is_inc_tax_exp: 19651000000, is_net_income: 88136000000,
      eps: 11.86, diluted_eps: 11.8, is_avg_num_sh_for_eps: 7431000000,
      is_sh_for_diluted_eps: 7469000000, cf_cash_from_oper: 118548000000,
      cf_cap_expenditures: -44477000000, cf_dvd_paid: -21771000000, cf_decr_cap_stock: -17254000000,
      cf_cash_from_inv_act: -96970000000, cf_cash_from_fin_act: -37757000000,
      bs_cash_near_cash_item: 18315000000, bs_cur_asset_report: 159734000000, bs_tot_asset: 512163000000,
      bs_cur_liab: 125286000000, bs_tot_liab: 243686000000, bs_total_equity: 268477000000,
      bs_pure_retained_earnings: 173144000000, bs_inventories: 1246000000
    },
    q4: {
      is_sales_revenue_turnover: 64727000000, is_gross_profit: 45043000000,
      is_operating_expenses_r_and_d: 8056000000, is_oper_income: 27925000000,
      is_pretax_income: 27250000000, is_inc_tax_exp: 5214000000, is_net_income: 22036000000,
      cf_cash_from_oper: 37195000000, cf_cap_expenditures: -13873000000, cf_dvd_paid: -5574000000,
      cf_decr_cap_stock: -4210000000, cf_cash_from_inv_act: -14848000000,
      cf_cash_from_fin_act: -23563000000, bs_cash_near_cash_item: 18315000000,
      bs_cur_asset_report: 159734000000, bs_tot_asset: 512163000000, bs_cur_liab: 125286000000,
      bs_tot_liab: 243686000000, bs_total_equity: 268477000000, bs_pure_retained_earnings: 173144000000,
      bs_inventories: 1246000000
    },
    q2End: '2023-12-31',
    q2: {
      cf_cash_from_oper: 18853000000, cf_cap_expenditures: -9735000000, cf_dvd_paid: -5574000000,
      cf_decr_cap_stock: -4000000000, cf_cash_from_inv_act: -71925000000,
      cf_cash_from_fin_act: -10147000000, bs_cash_near_cash_item: 17305000000,
      bs_cur_asset_report: 147393000000, bs_tot_asset: 470558000000, bs_cur_liab: 121016000000,
      bs_tot_liab: 232290000000, bs_total_equity: 238268000000, bs_pure_retained_earnings: 145737000000,
      bs_inventories: 1615000000
    },
  },
  {
    ticker: 'AMZN', name: 'Amazon', sector: 'e-commerce and cloud', cik: '0001018724',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0001018724-24-000130 10-Q filed 2024-08-02; 0001018724-24-000161 10-Q filed 2024-11-01; 0001018724-25-000004 10-K filed 2025-02-07; 0001018724-25-000086 10-Q filed 2025-08-01
    annual: {
      is_sales_revenue_turnover: 637959000000, is_oper_income: 68593000000,
      is_pretax_income: 68614000000, is_inc_tax_exp: 9265000000, is_net_income: 59248000000, eps: 5.66,
      diluted_eps: 5.53, is_avg_num_sh_for_eps: 10473000000, is_sh_for_diluted_eps: 10721000000,
      cf_cash_from_oper: 115877000000, cf_cap_expenditures: -82999000000, cf_decr_cap_stock: 0,
      cf_cash_from_inv_act: -94342000000, cf_cash_from_fin_act: -11812000000, cf_depr_amort: 52795000000,
      bs_cash_near_cash_item: 78779000000, bs_cur_asset_report: 190867000000, bs_tot_asset: 624894000000,
      bs_cur_liab: 179431000000, bs_total_equity: 285970000000, bs_pure_retained_earnings: 172866000000,
      bs_inventories: 34214000000, bs_tot_liab: 338924000000
    },
    q4: {
      is_sales_revenue_turnover: 187792000000, is_oper_income: 21203000000,
      is_pretax_income: 22349000000, is_inc_tax_exp: 2325000000, is_net_income: 20004000000,
      cf_cash_from_oper: 45636000000, cf_cap_expenditures: -27834000000,
      cf_cash_from_inv_act: -37443000000, cf_cash_from_fin_act: -3308000000, cf_depr_amort: 15631000000,
      bs_cash_near_cash_item: 78779000000, bs_cur_asset_report: 190867000000, bs_tot_asset: 624894000000,
      bs_cur_liab: 179431000000, bs_total_equity: 285970000000, bs_pure_retained_earnings: 172866000000,
      bs_inventories: 34214000000, bs_tot_liab: 338924000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 25281000000, cf_cap_expenditures: -17620000000,
      cf_cash_from_inv_act: -22138000000, cf_cash_from_fin_act: -4490000000, cf_depr_amort: 12038000000,
      bs_cash_near_cash_item: 71178000000, bs_cur_asset_report: 173307000000, bs_tot_asset: 554818000000,
      bs_cur_liab: 158172000000, bs_total_equity: 236447000000, bs_pure_retained_earnings: 137534000000,
      bs_inventories: 34109000000
    },
  },
  {
    ticker: 'UNH', name: 'UnitedHealth', sector: 'health insurer', cik: '0000731766',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0000731766-24-000262 10-Q filed 2024-08-09; 0000731766-24-000323 10-Q filed 2024-11-04; 0000731766-25-000063 10-K filed 2025-02-27; 0000731766-25-000131 10-Q filed 2025-05-07; 0000731766-25-000236 10-Q filed 2025-08-11
    annual: {
      is_sales_revenue_turnover: 400278000000, is_sg_and_a_expense: 53013000000,
      is_oper_income: 32287000000, is_pretax_income: 20071000000, is_inc_tax_exp: 4829000000,
      is_net_income: 14405000000, eps: 15.64, diluted_eps: 15.51, is_avg_num_sh_for_eps: 921000000,
      is_sh_for_diluted_eps: 929000000, cf_cash_from_oper: 24204000000, cf_cap_expenditures: -3499000000,
      cf_dvd_paid: -7533000000, cf_decr_cap_stock: -9000000000, cf_cash_from_inv_act: -20527000000,
      cf_cash_from_fin_act: -3512000000, cf_depr_amort: 4099000000, bs_cash_near_cash_item: 25312000000,
      bs_cur_asset_report: 85779000000, bs_tot_asset: 298278000000, bs_cur_liab: 103769000000,
      bs_tot_liab: 195687000000, bs_total_equity: 98268000000, bs_pure_retained_earnings: 96036000000,
      bs_inventories: 3800000000
    },
    q4: {
      is_sales_revenue_turnover: 100807000000, is_sg_and_a_expense: 12494000000,
      is_oper_income: 7773000000, is_pretax_income: 6791000000, is_inc_tax_exp: 1007000000,
      is_net_income: 5543000000, cf_cash_from_oper: 2369000000, cf_cap_expenditures: -912000000,
      cf_dvd_paid: -1932000000, cf_decr_cap_stock: -4972000000, cf_cash_from_inv_act: -1119000000,
      cf_cash_from_fin_act: -8342000000, cf_depr_amort: 1041000000, bs_cash_near_cash_item: 25312000000,
      bs_cur_asset_report: 85779000000, bs_tot_asset: 298278000000, bs_cur_liab: 103769000000,
      bs_tot_liab: 195687000000, bs_total_equity: 98268000000, bs_pure_retained_earnings: 96036000000,
      bs_inventories: 3800000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 6746000000, cf_cap_expenditures: -853000000, cf_dvd_paid: -1935000000,
      cf_decr_cap_stock: 0, cf_cash_from_inv_act: -7417000000, cf_cash_from_fin_act: -1196000000,
      cf_depr_amort: 1020000000, bs_cash_near_cash_item: 26286000000, bs_cur_asset_report: 92038000000,
      bs_tot_asset: 286056000000, bs_cur_liab: 104670000000, bs_tot_liab: 186822000000,
      bs_total_equity: 94676000000, bs_pure_retained_earnings: 92400000000
    },
  },
  {
    ticker: 'UNP', name: 'Union Pacific', sector: 'industrials (railroad)', cik: '0000100885',
    fiscalYear: 2024, start: '2024-01-01', end: '2024-12-31',
    // Read from: 0000100885-25-000042 10-K filed 2025-02-07; 0000100885-25-000151 10-Q filed 2025-04-24; 0000100885-25-000253 10-Q filed 2025-07-24; 0001437749-24-023463 10-Q filed 2024-07-25; 0001437749-24-032008 10-Q filed 2024-10-24
    annual: {
      is_sales_revenue_turnover: 24250000000, is_oper_income: 9713000000, is_pretax_income: 8794000000,
      is_inc_tax_exp: 2047000000, is_net_income: 6747000000, eps: 11.1, diluted_eps: 11.09,
      is_avg_num_sh_for_eps: 607600000, is_sh_for_diluted_eps: 608600000, cf_cash_from_oper: 9346000000,
      cf_cap_expenditures: -3452000000, cf_dvd_paid: -3213000000, cf_decr_cap_stock: -1505000000,
      cf_cash_from_inv_act: -3325000000, cf_cash_from_fin_act: -6067000000,
      bs_cash_near_cash_item: 1016000000, bs_cur_asset_report: 4021000000, bs_tot_asset: 67715000000,
      bs_cur_liab: 5254000000, bs_tot_liab: 50825000000, bs_total_equity: 16890000000,
      bs_pure_retained_earnings: 65628000000
    },
    q4: {
      is_sales_revenue_turnover: 6121000000, is_oper_income: 2525000000, is_pretax_income: 2281000000,
      is_inc_tax_exp: 519000000, is_net_income: 1762000000, cf_cash_from_oper: 2662000000,
      cf_cap_expenditures: -922000000, cf_dvd_paid: -810000000, cf_decr_cap_stock: -674000000,
      cf_cash_from_inv_act: -899000000, cf_cash_from_fin_act: -1692000000,
      bs_cash_near_cash_item: 1016000000, bs_cur_asset_report: 4021000000, bs_tot_asset: 67715000000,
      bs_cur_liab: 5254000000, bs_tot_liab: 50825000000, bs_total_equity: 16890000000,
      bs_pure_retained_earnings: 65628000000
    },
    q2End: '2024-06-30',
    q2: {
      cf_cash_from_oper: 1911000000, cf_cap_expenditures: -902000000, cf_dvd_paid: -793000000,
      cf_decr_cap_stock: -100000000, cf_cash_from_inv_act: -790000000, cf_cash_from_fin_act: -917000000,
      bs_cash_near_cash_item: 1137000000, bs_cur_asset_report: 4498000000, bs_tot_asset: 67817000000,
      bs_cur_liab: 4287000000, bs_tot_liab: 51328000000, bs_total_equity: 16489000000,
      bs_pure_retained_earnings: 63820000000
    },
  },
  {
    ticker: 'COST', name: 'Costco', sector: 'retail, 12/12/12/16-week quarters', cik: '0000909832',
    fiscalYear: 2024, start: '2023-09-04', end: '2024-09-01',
    // Read from: 0000909832-24-000017 10-Q filed 2024-03-13; 0000909832-24-000029 10-Q filed 2024-06-06; 0000909832-24-000049 10-K filed 2024-10-09; 0000909832-24-000079 10-Q filed 2024-12-19; 0000909832-25-000015 10-Q filed 2025-03-13; 0000909832-25-000033 10-Q filed 2025-06-05
    annual: {
      is_sales_revenue_turnover: 254453000000, is_sg_and_a_expense: 22810000000,
      is_oper_income: 9285000000, is_pretax_income: 9740000000, is_inc_tax_exp: 2373000000,
      is_net_income: 7367000000, eps: 16.59, diluted_eps: 16.56, is_avg_num_sh_for_eps: 443914000,
      is_sh_for_diluted_eps: 444759000, cf_cash_from_oper: 11339000000, cf_cap_expenditures: -4710000000,
      cf_dvd_paid: -9041000000, cf_decr_cap_stock: -700000000, cf_cash_from_inv_act: -4409000000,
      cf_cash_from_fin_act: -10764000000, cf_depr_amort: 2237000000, bs_cash_near_cash_item: 9906000000,
      bs_cur_asset_report: 34246000000, bs_tot_asset: 69831000000, bs_cur_liab: 35464000000,
      bs_tot_liab: 46209000000, bs_total_equity: 23622000000, bs_pure_retained_earnings: 17619000000,
      bs_inventories: 18647000000
    },
    q4: {
      is_sales_revenue_turnover: 79697000000, is_sg_and_a_expense: 7067000000,
      is_oper_income: 3042000000, is_pretax_income: 3113000000, is_inc_tax_exp: 759000000,
      is_net_income: 2354000000, cf_cash_from_oper: 2958000000, cf_cap_expenditures: -1577000000,
      cf_decr_cap_stock: -216000000, cf_cash_from_inv_act: -1703000000,
      cf_cash_from_fin_act: -1816000000, cf_depr_amort: 706000000, bs_cash_near_cash_item: 9906000000,
      bs_cur_asset_report: 34246000000, bs_tot_asset: 69831000000, bs_cur_liab: 35464000000,
      bs_tot_liab: 46209000000, bs_total_equity: 23622000000, bs_pure_retained_earnings: 17619000000,
      bs_inventories: 18647000000
    },
    q2End: '2024-02-18',
    q2: {
      cf_cash_from_oper: 731000000, cf_cap_expenditures: -1031000000, cf_decr_cap_stock: -160000000,
      cf_cash_from_inv_act: -1386000000, cf_cash_from_fin_act: -7276000000, cf_depr_amort: 514000000,
      bs_cash_near_cash_item: 9095000000, bs_cur_asset_report: 32146000000, bs_tot_asset: 66323000000,
      bs_cur_liab: 34688000000, bs_tot_liab: 45563000000, bs_total_equity: 20760000000,
      bs_pure_retained_earnings: 14980000000, bs_inventories: 17075000000
    },
  },
];

/** Diluted EPS of the fourth quarter as the companies published it (earnings releases); tenk
 *  derives it from Q4 net income to common and time-weighted Q4 diluted shares. Exxon has tagged
 *  no diluted share count since 2013: its Q4 diluted count is the Q4 basic count, as its year and
 *  nine months report equal basic and diluted EPS. */
const Q4_DILUTED_EPS_REPORTED: Record<string, number> = {
  AAPL: 1.46, NVDA: 4.93, JPM: 4.81, WMT: 0.65, HD: 2.82, MSFT: 2.95, AMZN: 1.86, JNJ: 1.41,
  UNH: 5.98, UNP: 2.91, COST: 5.29, MRNA: -2.91, XOM: 1.72,
};

/** Further companies for the regression tests below (not in the table above). */
const EXTRA: Record<string, string> = {
  NEE: '0000753308', KR: '0000056873', TJX: '0000109198', MCD: '0000063908', GIS: '0000040704', TSCO: '0000916365', CTVA: '0001755672',
};

const statements = new Map<string, CompanyStatements>();
const corpusPresent = fs.existsSync(zipPath);

function typeOf(field: string): StatementType {
  return field.startsWith('bs_') ? 'balance_sheet' : field.startsWith('cf_') ? 'cash_flow' : 'income_statement';
}

function record(s: CompanyStatements, period: 'annual' | 'quarterly', date: string, type: StatementType): PeriodRecord {
  const rec = s.records.find((r) => r.period === period && r.date === date && r.recordType === type);
  assert.ok(rec, `${s.name}: no ${period} ${type} record ending ${date}`);
  return rec;
}

function checkValues(s: CompanyStatements, period: 'annual' | 'quarterly', date: string, expected: Values): void {
  for (const [field, want] of Object.entries(expected)) {
    const rec = record(s, period, date, typeOf(field));
    assert.equal(rec.values[field], want, `${s.name} ${period} ${date} ${field}`);
    assert.ok(rec.provenance[field], `${s.name} ${period} ${date} ${field} has provenance`);
  }
}

describe('standardized statements of real companies', { skip: corpusPresent ? false : `no corpus at ${zipPath}` }, () => {
  before(async () => {
    const all: Array<[string, string]> = [...CASES.map((c): [string, string] => [c.ticker, c.cik]), ...Object.entries(EXTRA)];
    const files = await readZipEntries(zipPath, new Set(all.map(([, cik]) => `CIK${cik}.json`)));
    for (const [ticker, cik] of all) {
      const buf = files.get(`CIK${cik}.json`);
      assert.ok(buf, `CIK${cik}.json in the corpus`);
      const r = standardizeCompany(JSON.parse(buf.toString('utf8')), { fiscalYearEnd: null });
      assert.ok(r.ok, r.ok ? '' : `${ticker}: ${r.reason}`);
      statements.set(ticker, r.statements);
    }
  });

  test('the cases cover every sector the product must handle, with at least 15 fields each', () => {
    assert.ok(CASES.length >= 15);
    for (const c of CASES) {
      assert.ok(Object.keys(c.annual).length >= 15, `${c.ticker} annual fields`);
      if (c.q4) assert.ok(Object.keys(c.q4).length + Object.keys(c.q2 ?? {}).length >= 15, `${c.ticker} quarter fields`);
    }
  });

  for (const c of CASES) {
    describe(`${c.ticker} (${c.name}, ${c.sector})`, () => {
      test(`annual fiscal ${c.fiscalYear}`, () => {
        const s = statements.get(c.ticker)!;
        const is = record(s, 'annual', c.end, 'income_statement');
        assert.equal(is.fiscalYear, c.fiscalYear);
        assert.equal(is.periodLabel, String(c.fiscalYear));
        assert.equal(is.start, c.start);
        checkValues(s, 'annual', c.end, c.annual);
      });
      if (c.q4) {
        test(`Q4 of fiscal ${c.fiscalYear} (derived as FY - 9M where not reported)`, () => {
          const s = statements.get(c.ticker)!;
          const is = record(s, 'quarterly', c.end, 'income_statement');
          assert.equal(is.periodLabel, 'Q4');
          assert.equal(is.fiscalYear, c.fiscalYear);
          checkValues(s, 'quarterly', c.end, c.q4!);
          const cfo = record(s, 'quarterly', c.end, 'cash_flow').provenance.cf_cash_from_oper;
          assert.match(cfo?.derivation ?? '', /^Q4 = FY - 9M/, 'cash flows are reported year-to-date: Q4 is derived');
        });
        test(`Q2 of fiscal ${c.fiscalYear} (cash flows as 6M - Q1)`, () => {
          const s = statements.get(c.ticker)!;
          assert.equal(record(s, 'quarterly', c.q2End!, 'cash_flow').periodLabel, 'Q2');
          checkValues(s, 'quarterly', c.q2End!, c.q2!);
        });
      }
      if (Q4_DILUTED_EPS_REPORTED[c.ticker] !== undefined) {
        test('Q4 diluted EPS derived within 3 cents of the published figure', () => {
          const rec = record(statements.get(c.ticker)!, 'quarterly', c.end, 'income_statement');
          const eps = rec.values.diluted_eps;
          assert.ok(eps != null, 'Q4 diluted EPS is derived');
          assert.ok(Math.abs(eps - Q4_DILUTED_EPS_REPORTED[c.ticker]!) <= 0.03, `${c.ticker} Q4 diluted EPS ${eps}`);
        });
      }
    });
  }

  test('nvda-fiscal-year-ends-in-january', () => {
    const s = statements.get('NVDA')!;
    const y = record(s, 'annual', '2024-01-28', 'income_statement');
    assert.equal(y.fiscalYear, 2024);
    const q1 = record(s, 'quarterly', '2023-04-30', 'income_statement');
    assert.equal(q1.fiscalYear, 2024);
    assert.equal(q1.periodLabel, 'Q1');
  });

  test('home-depot-year-ending-2024-01-28-is-fiscal-2023', () => {
    const s = statements.get('HD')!;
    assert.equal(record(s, 'annual', '2024-01-28', 'income_statement').fiscalYear, 2023);
    assert.equal(record(s, 'annual', '2025-02-02', 'income_statement').fiscalYear, 2024); // 53-week year
  });

  test('eps-stays-as-reported-before-a-later-split', () => {
    // NVIDIA's 10-for-1 split of June 2024: the fiscal 2024 10-K reported diluted EPS 11.93 and
    // 2,494 million diluted shares; the fiscal 2025 10-K restates them (1.19). tenk keeps 11.93.
    const y = record(statements.get('NVDA')!, 'annual', '2024-01-28', 'income_statement');
    assert.equal(y.values.diluted_eps, 11.93);
    assert.equal(y.values.is_sh_for_diluted_eps, 2494000000);
  });

  test('costco-fourth-quarter-is-sixteen-weeks', () => {
    const q4 = record(statements.get('COST')!, 'quarterly', '2024-09-01', 'income_statement');
    assert.equal(q4.start, '2024-05-13');
    assert.match(q4.provenance.is_sales_revenue_turnover?.derivation ?? '', /^Q4 = FY - 9M/);
  });

  test('jpmorgan-revenue-is-total-net-revenue-and-operating-income-is-pretax', () => {
    const y = record(statements.get('JPM')!, 'annual', '2024-12-31', 'income_statement');
    assert.equal(y.values.is_sales_revenue_turnover, 177556000000);
    assert.equal(y.values.is_oper_income, y.values.is_pretax_income);
    assert.match(y.provenance.is_oper_income?.derivation ?? '', /is_pretax_income/);
    assert.equal(record(statements.get('JPM')!, 'annual', '2024-12-31', 'balance_sheet').values.bs_cur_asset_report, null,
      'a bank has no classified balance sheet: no current assets, never 0');
  });

  test('prologis-dividend-per-share-tagging-error-is-overridden', () => {
    // Prologis tags CommonStockDividendsPerShareDeclared = 0.01 for 2024; it paid $3.84.
    const y = record(statements.get('PLD')!, 'annual', '2024-12-31', 'income_statement');
    assert.equal(y.values.div_per_shr, 3.84);
  });

  test('walmart-total-liabilities-derived-from-the-balance-sheet-identity', () => {
    const bs = record(statements.get('WMT')!, 'annual', '2025-01-31', 'balance_sheet');
    assert.match(bs.provenance.bs_tot_liab?.derivation ?? '', /^bs_tot_liab = bs_tot_liab_and_eqy - bs_total_equity/);
  });

  test('tsmc-reports-in-twd-under-ifrs-without-invented-quarters', () => {
    const s = statements.get('TSM')!;
    assert.equal(s.currency, 'TWD');
    assert.equal(s.taxonomy, 'ifrs-full');
    assert.equal(s.records.filter((r) => r.period === 'quarterly').length, 0, 'a 20-F filer has no quarterly facts');
    assert.equal(record(s, 'annual', '2024-12-31', 'income_statement').provenance.is_sales_revenue_turnover?.concept, 'ifrs-full:Revenue');
  });

  test('moderna-loss-year-keeps-its-signs', () => {
    const y = record(statements.get('MRNA')!, 'annual', '2024-12-31', 'income_statement');
    assert.ok(y.values.is_net_income! < 0 && y.values.diluted_eps! < 0 && y.values.is_oper_income! < 0);
    assert.equal(record(statements.get('MRNA')!, 'annual', '2024-12-31', 'cash_flow').values.cf_dvd_paid, null, 'pays no dividend: null, never 0');
  });

  test('kroger-first-quarter-is-sixteen-weeks', () => {
    // Kroger's 10-Q 0001558370-23-011335: 16 weeks 2023-01-29..2023-05-20, sales 45,165M.
    const q1 = record(statements.get('KR')!, 'quarterly', '2023-05-20', 'income_statement');
    assert.equal(q1.periodLabel, 'Q1');
    assert.equal(q1.start, '2023-01-29');
    assert.equal(q1.values.is_sales_revenue_turnover, 45165000000);
    assert.equal(record(statements.get('KR')!, 'quarterly', '2024-02-03', 'income_statement').periodLabel, 'Q4');
  });

  test('tjx-labels-follow-its-recent-filings-over-old-fy-tags', () => {
    // TJX's 10-Ks up to fiscal 2021 tag fy = end year - 1; later ones (and TJX itself) the end year.
    const s = statements.get('TJX')!;
    assert.equal(record(s, 'annual', '2025-02-01', 'income_statement').fiscalYear, 2025);
    assert.equal(record(s, 'annual', '2021-01-30', 'income_statement').fiscalYear, 2021);
    assert.equal(record(s, 'annual', '2018-02-03', 'income_statement').fiscalYear, 2018);
    const labels = s.records.filter((r) => r.period === 'annual' && r.recordType === 'income_statement').map((r) => r.fiscalYear);
    for (let i = 1; i < labels.length; i++) assert.equal(labels[i]! - labels[i - 1]!, 1, `consecutive labels ${labels.join(',')}`);
  });

  test('walmart-early-10-k-fy-tags-are-corrected', () => {
    // Walmart's first XBRL 10-Ks tag fy 2009..2013 for the years ending 2010-01-31..2014-01-31.
    const s = statements.get('WMT')!;
    assert.equal(record(s, 'annual', '2014-01-31', 'income_statement').fiscalYear, 2014);
    assert.equal(record(s, 'annual', '2010-01-31', 'income_statement').fiscalYear, 2010);
  });

  test('mcdonalds-share-count-tagged-in-millions-is-repaired', () => {
    // 10-K 0000063908-25-000012 tags 721.9 diluted shares; net income 8,223M / EPS 11.39.
    const s = statements.get('MCD')!;
    const y = record(s, 'annual', '2024-12-31', 'income_statement');
    assert.equal(y.values.is_sh_for_diluted_eps, 721900000);
    const q4 = record(s, 'quarterly', '2024-12-31', 'income_statement');
    assert.ok(Math.abs(q4.values.diluted_eps! - 2.80) <= 0.03, `Q4 diluted EPS ${q4.values.diluted_eps} (published 2.80)`);
  });

  test('general-mills-revenue-is-the-total-not-a-note-line', () => {
    // 10-K 0001193125-24-168943: Revenues = 2,037.8M on a note line; net sales 19,857.2M.
    const y = record(statements.get('GIS')!, 'annual', '2024-05-26', 'income_statement');
    assert.equal(y.values.is_sales_revenue_turnover, 19857200000);
  });

  test('tractor-supply-annual-revenue-on-a-q4-context-is-ignored', () => {
    // 10-K 0000916365-23-000045 tags 10,620,352,000 (the year) on 2020-09-27..2020-12-26;
    // Q4 = FY 10,620,352,000 (0000916365-21-000052) - 9M 7,742,087,000 (0000916365-21-000154).
    const q4 = record(statements.get('TSCO')!, 'quarterly', '2020-12-26', 'income_statement');
    assert.equal(q4.values.is_sales_revenue_turnover, 2878265000);
  });

  test('exxon-inventories-are-crude-products-plus-materials', () => {
    // 10-K 0000034088-25-000010: EnergyRelatedInventory 19,444M + materials and supplies 4,080M.
    const bs = record(statements.get('XOM')!, 'annual', '2024-12-31', 'balance_sheet');
    assert.equal(bs.values.bs_inventories, 23524000000);
  });

  test('nextera-revenue-is-total-operating-revenues-not-contract-revenue', () => {
    // 10-K 0000753308-25-000011: RegulatedAndUnregulatedOperatingRevenue 24,753M (the income
    // statement total) beside RevenueFromContractWithCustomerIncludingAssessedTax 23,500M (a note).
    const y = record(statements.get('NEE')!, 'annual', '2024-12-31', 'income_statement');
    assert.equal(y.values.is_sales_revenue_turnover, 24753000000);
  });

  test('corteva-eps-tagged-as-earnings-for-common-is-skipped', () => {
    const y = record(statements.get('CTVA')!, 'annual', '2020-12-31', 'income_statement');
    assert.equal(y.values.is_earn_for_common, y.values.is_net_income);
    assert.ok(y.values.is_earn_for_common! > 1e8);
  });

  test('every statement value carries provenance and every field is present', () => {
    for (const s of statements.values()) {
      for (const r of s.records) {
        for (const [field, v] of Object.entries(r.values)) {
          if (v !== null) assert.ok(r.provenance[field], `${s.name} ${r.date} ${field}`);
        }
      }
    }
  });
});
