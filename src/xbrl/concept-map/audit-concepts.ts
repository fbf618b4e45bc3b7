// Concepts no field maps that the fact store keeps for the accuracy scorecard (src/audit): the
// cash-flow statement's exchange-rate effect on cash (operating + investing + financing + this =
// the change in cash) and restricted cash (balance-sheet cash + this = the cash-flow statement's
// ending cash), and equity-method income (pre-tax income − tax + this = income from continuing
// operations where the filer shows it after tax). Standardization does not read them; they are in READ_CONCEPTS so the fact store has them.
import { G, I } from './builders.js';

export const FX_EFFECT_CONCEPTS: readonly string[] = [
  G('EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'),
  G('EffectOfExchangeRateOnCashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsIncludingDisposalGroupAndDiscontinuedOperations'),
  G('EffectOfExchangeRateOnCashAndCashEquivalents'),
  G('EffectOfExchangeRateOnCash'),
  I('EffectOfExchangeRateChangesOnCashAndCashEquivalents'),
];

export const RESTRICTED_CASH_CONCEPTS: readonly string[] = [
  G('RestrictedCashAndCashEquivalentsAtCarryingValue'),
  G('RestrictedCashAndRestrictedCashEquivalents'),
  G('RestrictedCash'),
  G('RestrictedCashCurrent'),
  G('RestrictedCashNoncurrent'),
  G('RestrictedCashAndCashEquivalentsNoncurrent'),
  G('RestrictedCashAndCashEquivalentsCurrent'),
];

export const EQUITY_METHOD_INCOME_CONCEPTS: readonly string[] = [
  G('IncomeLossFromEquityMethodInvestments'),
  G('IncomeLossFromEquityMethodInvestmentsNetOfDividendsOrDistributions'),
  I('ShareOfProfitLossOfAssociatesAndJointVenturesAccountedForUsingEquityMethod'),
];

/** Discontinued operations after tax (the concept map reads them for EPS from continuing operations). */
export const DISCONTINUED_INCOME_CONCEPTS: readonly string[] = [
  G('IncomeLossFromDiscontinuedOperationsNetOfTax'),
  G('IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity'),
  I('ProfitLossFromDiscontinuedOperations'),
];

export const AUDIT_CONCEPTS: readonly string[] = [...FX_EFFECT_CONCEPTS, ...RESTRICTED_CASH_CONCEPTS, ...EQUITY_METHOD_INCOME_CONCEPTS, ...DISCONTINUED_INCOME_CONCEPTS];
