// Measures several record families share, defined once: effective and NOPAT tax rates, total
// debt, cash, market capitalisation and enterprise value at a given price (METRICS.md).
import { add, div, mul, or, sub, type N } from './arith.js';
import { at, slotsOf, type PeriodInputs } from './period-inputs.js';

/** Slots of the period inputs read below. */
const S = slotsOf('is_pretax_income', 'is_inc_tax_exp', 'n_debt', 'n_cash', 'n_preferred', 'n_minority', 'n_fcf', 'n_interest_paid', 'cf_cash_from_oper');

/** Effective tax rate of the window as a fraction; null when pre-tax income is not positive. */
export function effectiveTaxRate(p: PeriodInputs): N {
  const pretax = at(p.ttm, S.is_pretax_income);
  const tax = at(p.ttm, S.is_inc_tax_exp);
  if (pretax === null || tax === null || !(pretax > 0)) return null;
  return tax / pretax;
}

/** Tax rate for NOPAT and after-tax interest: clamped to [0, 50 %], 21 % when pre-tax income <= 0. */
export function nopatTaxRate(p: PeriodInputs): N {
  const pretax = at(p.ttm, S.is_pretax_income);
  if (pretax === null) return null;
  if (pretax <= 0) return 0.21;
  const t = effectiveTaxRate(p);
  return t === null ? null : Math.min(0.5, Math.max(0, t));
}

/** x x (1 - NOPAT tax rate). */
export function afterTax(x: N, p: PeriodInputs): N {
  const t = nopatTaxRate(p);
  return t === null ? null : mul(x, 1 - t);
}

export const debt = (p: PeriodInputs): N => at(p.cur, S.n_debt);
export const cash = (p: PeriodInputs): N => at(p.cur, S.n_cash);
export const netDebt = (p: PeriodInputs): N => sub(debt(p), cash(p));

/** market cap at a per-share price (record-date basis): price x shares outstanding. */
export function marketCapAt(p: PeriodInputs, price: N): N {
  return mul(price, p.sharesOut);
}

/** EV at a price: market cap + debt + preferred (optional) + minority interest (optional) - cash. */
export function enterpriseValueAt(p: PeriodInputs, price: N): N {
  return add(marketCapAt(p, price), debt(p), or(at(p.cur, S.n_preferred), 0), or(at(p.cur, S.n_minority), 0), cash(p) === null ? null : -cash(p)!);
}

export const marketCap = (p: PeriodInputs): N => marketCapAt(p, p.price?.last ?? null);
export const enterpriseValue = (p: PeriodInputs): N => enterpriseValueAt(p, p.price?.last ?? null);

/** TTM free cash flow to the firm: TTM FCF + TTM interest paid x (1 - tax rate). */
export const ttmFcfFirm = (p: PeriodInputs): N => add(at(p.ttm, S.n_fcf), afterTax(at(p.ttm, S.n_interest_paid), p));
/** TTM cash flow to the firm: TTM CFO + TTM interest paid x (1 - tax rate). */
export const ttmCashFlowFirm = (p: PeriodInputs): N => add(at(p.ttm, S.cf_cash_from_oper), afterTax(at(p.ttm, S.n_interest_paid), p));

/** per diluted share of the period (record-date basis). */
export const perDilutedShare = (p: PeriodInputs, x: N): N => div(x, p.dilutedShares === null || p.dilutedShares <= 0 ? null : p.dilutedShares);
/** per share outstanding at the record date. */
export const perShareOut = (p: PeriodInputs, x: N): N => div(x, p.sharesOut === null || p.sharesOut <= 0 ? null : p.sharesOut);
