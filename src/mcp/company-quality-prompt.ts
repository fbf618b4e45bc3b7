// company_quality_valuation: how good a business one company is and what the market pays for it,
// as a recipe over the tools: the snapshot, then profitability, cash conversion, balance sheet
// and multiples over the last N fiscal years, each naming the fields to read.
import type { McpPrompt } from './prompt-types.js';

const MAX_YEARS = 20;
const DEFAULT_YEARS = 5;

export const companyQualityPrompt: McpPrompt = {
  def: {
    name: 'company_quality_valuation',
    title: 'Quality and valuation of a company',
    description: 'Assess one US-listed company\'s business quality (returns, margins, cash conversion, balance sheet) and its valuation (multiples against their own history, yields) over its last fiscal years, from tenk\'s tools.',
    arguments: [
      { name: 'identifier', description: 'The company: ticker (AAPL, BRK-B), SEC CIK, CUSIP or ISIN.', required: true },
      { name: 'years', description: `Fiscal years to look at (1 to ${MAX_YEARS}, default ${DEFAULT_YEARS}).`, required: false },
    ],
  },
  render(args, n) {
    const c = args.company('identifier');
    const years = args.integer('years', 1, MAX_YEARS, DEFAULT_YEARS);
    const id = c.id;
    const ratios = (kind: string) => n.call('get_ratios', { identifier: id, kind, limit: years });
    return [
      `Assess the business quality and the valuation of ${id} (SEC CIK ${c.cik}) over its last ${years} fiscal years, using tenk's tools.`,
      '',
      `1. Overview: call ${n.call('company_snapshot', { identifier: id })}. Note the sector and industry, the period end date of each section, and \`last_price\` (its date and whether it is \`stale\`).`,
      `2. Returns and margins: call ${ratios('profitability')}. Read \`${n.field('profitability', 'return_on_inv_capital')}\`, \`${n.field('profitability', 'return_com_eqy')}\`, \`${n.field('profitability', 'gross_margin')}\`, \`${n.field('profitability', 'oper_margin')}\` and \`${n.field('profitability', 'profit_margin')}\`: their level and their trend.`,
      `3. Cash conversion: call ${n.call('get_financial_statements', { identifier: id, kind: 'cash_flow', limit: years })}. Read \`${n.field('cash_flow', 'cf_cash_from_oper')}\`, \`${n.field('cash_flow', 'cf_cap_expenditures')}\`, \`${n.field('cash_flow', 'cf_free_cash_flow')}\` and \`${n.field('cash_flow', 'cash_flow_to_net_inc')}\` (operating cash flow against net income).`,
      `4. Balance sheet: call ${ratios('credit')} (\`${n.field('credit', 'net_debt_to_ebitda')}\`, \`${n.field('credit', 'tot_debt_to_ebitda')}\`, \`${n.field('credit', 'tot_debt_to_tot_eqy')}\`) and ${ratios('liquidity')} (\`${n.field('liquidity', 'cur_ratio')}\`, \`${n.field('liquidity', 'quick_ratio')}\`, \`${n.field('liquidity', 'altman_z_score')}\`).`,
      `5. Valuation: call ${ratios('multiples')}. Read \`${n.field('multiples', 'pe_ratio')}\`, \`${n.field('multiples', 'pr_to_free_cash_flow')}\`, \`${n.field('multiples', 'ev_to_ttm_ebitda')}\` and \`${n.field('multiples', 'pr_to_sales_ratio')}\`, each against the earlier years and, for P/E, against its 52-week mean, low and high (\`${n.field('multiples', 'average_price_earnings_ratio')}\`, \`${n.field('multiples', 'pe_ratio_with_low_clos_pr')}\`, \`${n.field('multiples', 'pe_ratio_with_high_clos_pr')}\`). Then call ${ratios('yield_analysis')} for \`${n.field('yield_analysis', 'free_cash_flow_yield')}\` and \`${n.field('yield_analysis', 'shareholder_yield_ex_debt')}\`.`,
      '',
      'Answer in two parts, quality then valuation. Give each figure with its period end date (or fiscal year) and unit, and describe trends over the years rather than a single year.',
      `A null value is one tenk could not derive (an input the company does not report, or no price covering the date): say so, never estimate it. The newest fiscal year can end after the dataset's prices, leaving its multiples null: use the newest priced year and name it. For what a field means or how it is computed, call ${n.call('metric_definitions', { names: ['oper_margin'] })}, naming the fields in question.`,
    ].join('\n');
  },
};
