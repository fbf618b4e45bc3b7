// Measures several fields and record families share, defined once: effective and NOPAT tax
// rates, total debt, cash, market capitalisation and enterprise value at a given price
// (METRICS.md). Each is a few reads of the period's inputs: cheaper to recompute than to cache.
import { add, div, mul, or, sub, type N } from './arith.js';
import { inputs, type PeriodInputs } from './period-inputs/input-slots.js';

const I = inputs('is_pretax_income', 'is_inc_tax_exp', 'n_debt', 'n_cash', 'n_preferred', 'n_minority', 'n_fcf', 'n_interest_paid', 'cf_cash_from_oper');

/** Effective tax rate of the window as a fraction; null when pre-tax income is not positive. */
export function effectiveTaxRate(p: PeriodInputs): N {
  const pretax = p.ttm.get(I.is_pretax_income);
  const tax = p.ttm.get(I.is_inc_tax_exp);
  if (pretax === null || tax === null || !(pretax > 0)) return null;
  return tax / pretax;
}

/** Tax rate for NOPAT and after-tax interest: clamped to [0, 50 %], 21 % when pre-tax income <= 0. */
export function nopatTaxRate(p: PeriodInputs): N {
  const pretax = p.ttm.get(I.is_pretax_income);
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

export function debt(p: PeriodInputs): N {
  return p.cur.get(I.n_debt);
}

export function cash(p: PeriodInputs): N {
  return p.cur.get(I.n_cash);
}

export function netDebt(p: PeriodInputs): N {
  return sub(debt(p), cash(p));
}

/** market cap at a per-share price (record-date basis): price x shares outstanding. */
export function marketCapAt(p: PeriodInputs, price: N): N {
  return mul(price, p.sharesOut);
}

/** EV at a price: market cap + debt + preferred (optional) + minority interest (optional) - cash. */
export function enterpriseValueAt(p: PeriodInputs, price: N): N {
  const c = cash(p);
  return add(marketCapAt(p, price), debt(p), or(p.cur.get(I.n_preferred), 0), or(p.cur.get(I.n_minority), 0), c === null ? null : -c);
}

/** The last close of the period's price window; null when no price covers the date. */
export function lastPrice(p: PeriodInputs): N {
  return p.price?.last ?? null;
}

export function marketCap(p: PeriodInputs): N {
  return marketCapAt(p, lastPrice(p));
}

export function enterpriseValue(p: PeriodInputs): N {
  return enterpriseValueAt(p, lastPrice(p));
}

/** TTM free cash flow to the firm: TTM FCF + TTM interest paid x (1 - tax rate). */
export function ttmFcfFirm(p: PeriodInputs): N {
  return add(p.ttm.get(I.n_fcf), afterTax(p.ttm.get(I.n_interest_paid), p));
}

/** TTM cash flow to the firm: TTM CFO + TTM interest paid x (1 - tax rate). */
export function ttmCashFlowFirm(p: PeriodInputs): N {
  return add(p.ttm.get(I.cf_cash_from_oper), afterTax(p.ttm.get(I.n_interest_paid), p));
}

/** per diluted share of the period (record-date basis). */
export function perDilutedShare(p: PeriodInputs, x: N): N {
  return div(x, p.dilutedShares === null || p.dilutedShares <= 0 ? null : p.dilutedShares);
}

/** per share outstanding at the record date. */
export function perShareOut(p: PeriodInputs, x: N): N {
  return div(x, p.sharesOut === null || p.sharesOut <= 0 ? null : p.sharesOut);
}
