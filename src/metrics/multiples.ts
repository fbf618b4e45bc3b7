// Valuation multiples at four prices (last close, mean, 52-week high and low closes), with the
// denominators fixed at the record date (METRICS.md Valuation multiples).
import { divPos, type N } from './arith.js';
import { enterpriseValueAt, perDilutedShare, perShareOut } from './common-measures.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf(
  'n_common_equity', 'n_goodwill_intangibles', 'is_sales_revenue_turnover', 'cf_cash_from_oper', 'n_fcf', 'n_ebitda',
  'is_oper_income',
);

const PRICES = ['last', 'mean', 'high', 'low'] as const;
type PriceKind = (typeof PRICES)[number];

/** Output names per multiple, in the order current, average, high, low. */
const NAMES: Record<string, readonly [string, string, string, string]> = {
  pe: ['pe_ratio', 'average_price_earnings_ratio', 'pe_ratio_with_high_clos_pr', 'pe_ratio_with_low_clos_pr'],
  pb: ['pr_to_book_ratio', 'average_price_to_book_ratio', 'high_closing_price_to_book_ratio', 'low_closing_price_to_book_ratio'],
  ptbv: ['pr_to_tang_bv_per_sh', 'average_price_to_tangible_bps', 'high_price_to_tangible_bps', 'low_price_to_tangible_bps'],
  ps: ['pr_to_sales_ratio', 'average_price_to_sales_ratio', 'high_closing_price_to_sales_ratio', 'low_closing_price_to_sales_ratio'],
  pcf: ['pr_to_cash_flow', 'average_price_to_cash_flow', 'high_closing_price_to_cash_flow', 'low_closing_price_to_cash_flow'],
  pfcf: ['pr_to_free_cash_flow', 'average_price_to_free_cash_flow', 'high_price_to_free_cash_flow', 'low_price_to_free_cash_flow'],
  evs: ['ev_to_ttm_sales', 'average_ev_to_ttm_sales', 'high_ev_to_ttm_sales', 'low_ev_to_ttm_sales'],
  evebitda: ['ev_to_ttm_ebitda', 'avg_ev_to_ttm_ebitda', 'high_ev_to_ttm_ebitda', 'low_ev_to_ttm_ebitda'],
  evebit: ['ev_to_ttm_ebit', 'average_ev_to_ttm_ebit', 'high_ev_to_ttm_ebit', 'low_ev_to_ttm_ebit'],
  ev: ['enterprise_value', 'average_enterprise_value', 'high_enterprise_value', 'low_enterprise_value'],
};

export function computeMultiples(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const c = p.cur;
  const eps = p.perShare.diluted_eps ?? null;
  const bvps = perShareOut(p, at(c, S.n_common_equity));
  const ce = at(c, S.n_common_equity);
  const gwi = at(c, S.n_goodwill_intangibles);
  const tbvps = perShareOut(p, ce === null || gwi === null ? null : ce - gwi);
  const sps = perDilutedShare(p, at(t, S.is_sales_revenue_turnover));
  const cfps = perDilutedShare(p, at(t, S.cf_cash_from_oper));
  const fcfps = perDilutedShare(p, at(t, S.n_fcf));
  const out: Record<string, N> = {};
  PRICES.forEach((kind: PriceKind, i) => {
    const price = p.price ? p.price[kind] : null;
    const ev = enterpriseValueAt(p, price);
    out[NAMES.pe![i]!] = divPos(price, eps);
    out[NAMES.pb![i]!] = divPos(price, bvps);
    out[NAMES.ptbv![i]!] = divPos(price, tbvps);
    out[NAMES.ps![i]!] = divPos(price, sps);
    out[NAMES.pcf![i]!] = divPos(price, cfps);
    out[NAMES.pfcf![i]!] = divPos(price, fcfps);
    out[NAMES.evs![i]!] = divPos(ev, at(t, S.is_sales_revenue_turnover));
    out[NAMES.evebitda![i]!] = divPos(ev, at(t, S.n_ebitda));
    out[NAMES.evebit![i]!] = divPos(ev, at(t, S.is_oper_income));
    out[NAMES.ev![i]!] = ev;
  });
  out.pr_last = p.price?.last ?? null;
  out.pr_high = p.price?.high ?? null;
  out.pr_low = p.price?.low ?? null;
  out.bs_sh_out = p.sharesOut;
  return out;
}
