// The concept map's auxiliary inputs: lines the derived metrics need that no statement record
// outputs (src/metrics/aux-inputs.ts reads them).
import { comp, G, I, pos, BS, CF, IS } from './builders.js';
import type { FieldMapping } from './mapping-types.js';

export const AUX_INPUT_MAPPINGS: readonly FieldMapping[] = [
  // ---------------- auxiliary inputs (src/metrics/aux-inputs.ts) ----------------
  // Lines the derived metrics need that no statement record outputs (goodwill and intangibles for
  // tangible book value, TCE and Altman Z; preferred and minority interest for EV; interest for
  // return on capital and cash flow to the firm). Named aux_*: the records writer never renders
  // them. A company that reports one in some period but not another has none of it there.
  { field: 'aux_goodwill', statement: BS, kind: 'instant', nonNegative: true,
    concepts: pos(G('Goodwill'), I('Goodwill')) },
  { field: 'aux_other_intangibles', statement: BS, kind: 'instant', nonNegative: true,
    concepts: pos(G('IntangibleAssetsNetExcludingGoodwill'), I('IntangibleAssetsOtherThanGoodwill')),
    compose: [comp(`+${G('FiniteLivedIntangibleAssetsNet')}`, `+${G('IndefiniteLivedIntangibleAssetsExcludingGoodwill')}?`)] },
  { field: 'aux_preferred_equity', statement: BS, kind: 'instant', nonNegative: true,
    concepts: pos(G('PreferredStockValue'), G('PreferredStockValueOutstanding'), G('PreferredStockIncludingAdditionalPaidInCapitalNetOfDiscount')) },
  { field: 'aux_minority_interest', statement: BS, kind: 'instant',
    concepts: pos(G('MinorityInterest'), I('NoncontrollingInterests')) },
  { field: 'aux_allowance_doubtful_accounts', statement: BS, kind: 'instant', nonNegative: true,
    concepts: pos(G('AllowanceForDoubtfulAccountsReceivableCurrent'), G('AccountsReceivableAllowanceForCreditLossCurrent')) },
  { field: 'aux_net_deferred_tax_liabilities', statement: BS, kind: 'instant',
    concepts: pos(G('DeferredIncomeTaxLiabilitiesNet'), G('DeferredTaxLiabilitiesNoncurrent'), I('DeferredTaxLiabilities')) },
  { field: 'aux_interest_expense', statement: IS, kind: 'flow', nonNegative: true,
    concepts: pos(G('InterestExpense'), G('InterestExpenseNonoperating'), G('InterestExpenseDebt'), G('InterestAndDebtExpense'), I('InterestExpense'), I('FinanceCosts')) },
  { field: 'aux_amortization_intangibles', statement: IS, kind: 'flow', nonNegative: true,
    concepts: pos(G('AmortizationOfIntangibleAssets'), I('AmortisationExpense')) },
  { field: 'aux_interest_paid', statement: CF, kind: 'flow', nonNegative: true,
    concepts: pos(G('InterestPaidNet'), G('InterestPaid'), I('InterestPaidClassifiedAsOperatingActivities'), I('InterestPaidClassifiedAsFinancingActivities')) },
];
