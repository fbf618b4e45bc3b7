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

/** A multiple at the four prices: last close, mean, 52-week high and low closes. */
interface AtPrices { last: N; mean: N; high: N; low: N }

// module-level helpers, not closures: V8 drops a per-call closure's optimized code at every major GC
/** Every price null: no close covers the record date (so no multiple either). */
function noPrices(): AtPrices {
  return { last: null, mean: null, high: null, low: null };
}

/** The window's four prices. */
function prices(p: PeriodInputs): AtPrices {
  const w = p.price;
  return w ? { last: w.last, mean: w.mean, high: w.high, low: w.low } : noPrices();
}

/** Each price over a per-share denominator (positive, else null). */
function perPrice(p: PeriodInputs, denominator: N): AtPrices {
  const w = p.price;
  if (!w) return noPrices();
  return { last: divPos(w.last, denominator), mean: divPos(w.mean, denominator), high: divPos(w.high, denominator), low: divPos(w.low, denominator) };
}

/** Enterprise value at each price. */
function enterpriseValues(p: PeriodInputs): AtPrices {
  const w = p.price;
  if (!w) return noPrices();
  return { last: enterpriseValueAt(p, w.last), mean: enterpriseValueAt(p, w.mean), high: enterpriseValueAt(p, w.high), low: enterpriseValueAt(p, w.low) };
}

/**
 * The record's values in registry order (an object literal: one allocation in fast mode, rounded
 * in place by the caller), each multiple at the last, mean, high and low price.
 */
export function computeMultiples(p: PeriodInputs): Record<string, N> {
  const t = p.ttm;
  const c = p.cur;
  const eps = p.perShare.diluted_eps ?? null;
  const bvps = perShareOut(p, at(c, S.n_common_equity));
  const ce = at(c, S.n_common_equity);
  const gwi = at(c, S.n_goodwill_intangibles);
  const tbvps = perShareOut(p, ce === null || gwi === null ? null : ce - gwi);
  const sales = at(t, S.is_sales_revenue_turnover);
  const ebitda = at(t, S.n_ebitda);
  const ebit = at(t, S.is_oper_income);
  const sps = perDilutedShare(p, sales);
  const cfps = perDilutedShare(p, at(t, S.cf_cash_from_oper));
  const fcfps = perDilutedShare(p, at(t, S.n_fcf));
  const price = prices(p);
  const pe = perPrice(p, eps);
  const pb = perPrice(p, bvps);
  const ptbv = perPrice(p, tbvps);
  const ps = perPrice(p, sps);
  const pcf = perPrice(p, cfps);
  const pfcf = perPrice(p, fcfps);
  const ev = enterpriseValues(p);
  return {
    pe_ratio: pe.last, average_price_earnings_ratio: pe.mean, pe_ratio_with_high_clos_pr: pe.high, pe_ratio_with_low_clos_pr: pe.low,
    pr_to_book_ratio: pb.last, average_price_to_book_ratio: pb.mean, high_closing_price_to_book_ratio: pb.high, low_closing_price_to_book_ratio: pb.low,
    pr_to_tang_bv_per_sh: ptbv.last, average_price_to_tangible_bps: ptbv.mean, high_price_to_tangible_bps: ptbv.high, low_price_to_tangible_bps: ptbv.low,
    pr_to_sales_ratio: ps.last, average_price_to_sales_ratio: ps.mean, high_closing_price_to_sales_ratio: ps.high, low_closing_price_to_sales_ratio: ps.low,
    pr_to_cash_flow: pcf.last, average_price_to_cash_flow: pcf.mean, high_closing_price_to_cash_flow: pcf.high, low_closing_price_to_cash_flow: pcf.low,
    pr_to_free_cash_flow: pfcf.last, average_price_to_free_cash_flow: pfcf.mean, high_price_to_free_cash_flow: pfcf.high, low_price_to_free_cash_flow: pfcf.low,
    ev_to_ttm_sales: divPos(ev.last, sales), average_ev_to_ttm_sales: divPos(ev.mean, sales), high_ev_to_ttm_sales: divPos(ev.high, sales), low_ev_to_ttm_sales: divPos(ev.low, sales),
    ev_to_ttm_ebitda: divPos(ev.last, ebitda), avg_ev_to_ttm_ebitda: divPos(ev.mean, ebitda), high_ev_to_ttm_ebitda: divPos(ev.high, ebitda), low_ev_to_ttm_ebitda: divPos(ev.low, ebitda),
    ev_to_ttm_ebit: divPos(ev.last, ebit), average_ev_to_ttm_ebit: divPos(ev.mean, ebit), high_ev_to_ttm_ebit: divPos(ev.high, ebit), low_ev_to_ttm_ebit: divPos(ev.low, ebit),
    enterprise_value: ev.last, average_enterprise_value: ev.mean, high_enterprise_value: ev.high, low_enterprise_value: ev.low,
    pr_last: price.last,
    pr_high: price.high,
    pr_low: price.low,
    bs_sh_out: p.sharesOut,
  };
}
