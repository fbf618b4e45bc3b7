// Multiples record entries, in column order: valuation multiples at four prices (last close,
// 52-week mean, high and low closes) with the denominators fixed at the record date (METRICS.md
// Valuation multiples), then the prices and the share count.
import { divPos, type N } from './arith.js';
import { enterpriseValueAt } from './common-measures.js';
import { derived, type ComputedEntry, type FieldEntry } from './field-entry.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';
import { bookValuePerShare, cashFlowPerShare, dilutedEps, freeCashFlowPerShare, revenuePerShare, tangibleBookValuePerShare } from './per-share.js';
import type { PriceWindow } from '../market/market-data.js';

const I = inputs('is_sales_revenue_turnover', 'n_ebitda', 'is_oper_income');
const DEBT = 'short_and_long_term_debt';

type PriceKey = 'last' | 'mean' | 'high' | 'low';
/** The four prices in column order, how the definitions name them, their input and label. */
const PRICES: ReadonlyArray<{ key: PriceKey; text: string; input: string; label: string }> = [
  { key: 'last', text: 'pr_last', input: 'pr_last', label: 'at the last close' },
  { key: 'mean', text: 'mean close of the 52 weeks', input: 'prices', label: 'at the mean close of the 52 weeks' },
  { key: 'high', text: 'pr_high', input: 'pr_high', label: 'at the 52-week high close' },
  { key: 'low', text: 'pr_low', input: 'pr_low', label: 'at the 52-week low close' },
];

/** A price of the window; null when no price covers the record date. */
function priceOf(p: PeriodInputs, key: PriceKey): N {
  const w: PriceWindow | null = p.price;
  return w ? w[key] : null;
}

/** A multiple's value at one price (null when the period has no price window). */
function atPrice(valueAt: (p: PeriodInputs, price: number) => N, key: PriceKey): (p: PeriodInputs) => N {
  return (p) => {
    const price = priceOf(p, key);
    return price === null ? null : valueAt(p, price);
  };
}

/** One multiple at the four prices: four entries named `names`, in the prices' order. */
function atFourPrices(
  names: readonly [string, string, string, string], unit: 'ratio' | 'currency', what: string,
  formula: (price: string) => string, reads: readonly string[], valueAt: (p: PeriodInputs, price: number) => N,
): ComputedEntry[] {
  return PRICES.map((price, i) => derived({
    name: names[i]!, unit, description: `${what} ${price.label}`,
    definition: formula(price.text),
    inputs: [...reads, price.input],
    compute: atPrice(valueAt, price.key),
  }));
}

export const MULTIPLES: readonly FieldEntry[] = [
  ...atFourPrices(['pe_ratio', 'average_price_earnings_ratio', 'pe_ratio_with_high_clos_pr', 'pe_ratio_with_low_clos_pr'], 'ratio',
    'price / TTM diluted EPS', (pr) => `${pr} / TTM diluted_eps (record-date share basis; null when EPS <= 0)`, ['diluted_eps'],
    (p, price) => divPos(price, dilutedEps(p))),
  ...atFourPrices(['pr_to_book_ratio', 'average_price_to_book_ratio', 'high_closing_price_to_book_ratio', 'low_closing_price_to_book_ratio'], 'ratio',
    'price / book value per share', (pr) => `${pr} / book_val_per_sh (null when book value <= 0)`, ['book_val_per_sh'],
    (p, price) => divPos(price, bookValuePerShare(p))),
  ...atFourPrices(['pr_to_tang_bv_per_sh', 'average_price_to_tangible_bps', 'high_price_to_tangible_bps', 'low_price_to_tangible_bps'], 'ratio',
    'price / tangible book value per share', (pr) => `${pr} / tang_book_val_per_sh (null when tangible book value <= 0)`, ['tang_book_val_per_sh'],
    (p, price) => divPos(price, tangibleBookValuePerShare(p))),
  ...atFourPrices(['pr_to_sales_ratio', 'average_price_to_sales_ratio', 'high_closing_price_to_sales_ratio', 'low_closing_price_to_sales_ratio'], 'ratio',
    'price / TTM revenue per diluted share', (pr) => `${pr} / (TTM revenue / is_sh_for_diluted_eps)`, ['revenue_per_sh'],
    (p, price) => divPos(price, revenuePerShare(p))),
  ...atFourPrices(['pr_to_cash_flow', 'average_price_to_cash_flow', 'high_closing_price_to_cash_flow', 'low_closing_price_to_cash_flow'], 'ratio',
    'price / TTM operating cash flow per diluted share', (pr) => `${pr} / cash_flow_per_sh (null when <= 0)`, ['cash_flow_per_sh'],
    (p, price) => divPos(price, cashFlowPerShare(p))),
  ...atFourPrices(['pr_to_free_cash_flow', 'average_price_to_free_cash_flow', 'high_price_to_free_cash_flow', 'low_price_to_free_cash_flow'], 'ratio',
    'price / TTM free cash flow per diluted share', (pr) => `${pr} / free_cash_flow_per_sh (null when <= 0)`, ['free_cash_flow_per_sh'],
    (p, price) => divPos(price, freeCashFlowPerShare(p))),
  ...atFourPrices(['ev_to_ttm_sales', 'average_ev_to_ttm_sales', 'high_ev_to_ttm_sales', 'low_ev_to_ttm_sales'], 'ratio',
    'EV / TTM revenue', (pr) => `EV at ${pr} / TTM revenue`, ['enterprise_value', 'is_sales_revenue_turnover'],
    (p, price) => divPos(enterpriseValueAt(p, price), p.ttm.get(I.is_sales_revenue_turnover))),
  ...atFourPrices(['ev_to_ttm_ebitda', 'avg_ev_to_ttm_ebitda', 'high_ev_to_ttm_ebitda', 'low_ev_to_ttm_ebitda'], 'ratio',
    'EV / TTM EBITDA', (pr) => `EV at ${pr} / TTM ebitda (null when EBITDA <= 0)`, ['enterprise_value', 'ebitda'],
    (p, price) => divPos(enterpriseValueAt(p, price), p.ttm.get(I.n_ebitda))),
  ...atFourPrices(['ev_to_ttm_ebit', 'average_ev_to_ttm_ebit', 'high_ev_to_ttm_ebit', 'low_ev_to_ttm_ebit'], 'ratio',
    'EV / TTM EBIT', (pr) => `EV at ${pr} / TTM ebit (null when EBIT <= 0)`, ['enterprise_value', 'ebit'],
    (p, price) => divPos(enterpriseValueAt(p, price), p.ttm.get(I.is_oper_income))),
  ...atFourPrices(['enterprise_value', 'average_enterprise_value', 'high_enterprise_value', 'low_enterprise_value'], 'currency',
    'enterprise value', (pr) => `${pr} x bs_sh_out + short_and_long_term_debt + preferred (optional) + minority interest (optional) - cash`, ['bs_sh_out', DEBT, 'bs_c_and_ce_and_sti_detailed'],
    enterpriseValueAt),
  derived({
    name: 'pr_last', unit: 'per_share', description: 'last closing price', spec: 'last closing price',
    definition: 'as-traded close on the last trading day on or before the record date (within 7 days), on the share basis of the record date',
    inputs: ['prices'],
    compute: (p) => priceOf(p, 'last'),
  }),
  derived({
    name: 'pr_high', unit: 'per_share', description: '52-week high close', spec: '52-week high price',
    definition: 'highest close of the 52 weeks (364 days) ending at the record date, each close on the share basis of the record date',
    inputs: ['prices', 'splits'],
    compute: (p) => priceOf(p, 'high'),
  }),
  derived({
    name: 'pr_low', unit: 'per_share', description: '52-week low close', spec: '52-week low price',
    definition: 'lowest close of the 52 weeks ending at the record date, on the share basis of the record date',
    inputs: ['prices', 'splits'],
    compute: (p) => priceOf(p, 'low'),
  }),
  derived({
    name: 'bs_sh_out', unit: 'shares', description: 'shares outstanding', spec: 'shares outstanding',
    definition: 'shares outstanding at the record date (balance sheet), restated comparatives brought back to the share basis of the record date with the split history',
    inputs: ['bs_sh_out', 'splits'],
    compute: (p) => p.sharesOut,
  }),
];
