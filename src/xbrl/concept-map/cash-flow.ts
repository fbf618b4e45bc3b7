// The concept map's cash-flow fields, in the map's order, with the capex candidates and the
// investing section capex closes.
import { CF, comp, G, I, neg, pos } from './builders.js';
import type { ConceptRef, FieldMapping } from './mapping-types.js';

const CAPEX_CONCEPTS = [
  G('PaymentsToAcquirePropertyPlantAndEquipment'),
  G('PaymentsToAcquireProductiveAssets'),
  G('PaymentsForConstructionInProcess'),
  G('PaymentsForProceedsFromProductiveAssets'),
  // oil and gas producers (Diamondback: PaymentsToAcquireOilAndGasProperty 8,920M for 2024)
  G('PaymentsToAcquireOilAndGasPropertyAndEquipment'),
  G('PaymentsToAcquireOilAndGasProperty'),
  G('PaymentsToExploreAndDevelopOilAndGasProperties'),
  // "other" property is a line beside a producer's oil and gas properties, after them: EOG's
  // "other property, plant and equipment" (270M for 2019) beside 6,152M of oil and gas
  // properties; Diamondback's 5M beside 776M
  G('PaymentsToAcquireOtherPropertyPlantAndEquipment'),
  G('PaymentsToAcquireOtherProductiveAssets'),
  G('PaymentsForCapitalImprovements'),
  G('PaymentsToAcquireRealEstate'),
  G('PaymentsToDevelopRealEstateAssets'),
  I('PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities'),
  I('PurchaseOfPropertyPlantAndEquipment'),
  // IFRS filers whose one capex line also holds intangible assets (Celestica's 20-Fs: 52.2M for
  // 2021, "purchase of property, plant and equipment and intangible assets")
  I('PurchaseOfPropertyPlantAndEquipmentIntangibleAssetsOtherThanGoodwillInvestmentPropertyAndOtherNoncurrentAssets'),
];

/** The investing section's total and its standard lines other than capex, signed as cash moves
 *  (payments out, proceeds in). Extension lines are not in the source: a section that has one
 *  does not close, and then the candidates keep their order. */
const INVESTING_SECTION = {
  total: [G('NetCashProvidedByUsedInInvestingActivities'), G('NetCashProvidedByUsedInInvestingActivitiesContinuingOperations')],
  lines: [
    ...neg('PaymentsToAcquireBusinessesNetOfCashAcquired', 'PaymentsToAcquireInvestments', 'PaymentsToAcquireMarketableSecurities',
      'PaymentsToAcquireAvailableForSaleSecuritiesDebt', 'PaymentsToAcquireShortTermInvestments', 'PaymentsToAcquireIntangibleAssets',
      'PaymentsToDevelopSoftware', 'PaymentsForSoftware', 'PaymentsToAcquireEquityMethodInvestments', 'PaymentsToAcquireHeldToMaturitySecurities',
      'PaymentsToAcquireOtherInvestments', 'PaymentsForDerivativeInstrumentInvestingActivities', 'PaymentsToAcquireLongtermInvestments',
      'PaymentsToAcquireAvailableForSaleSecuritiesEquity', 'PaymentsToAcquireRestrictedInvestments', 'PaymentsToAcquireNotesReceivable',
      'PaymentsToAcquireLoansAndLeasesHeldForInvestment', 'PaymentsToAcquireTradingSecuritiesHeldforinvestment',
      'PaymentsForProceedsFromOtherInvestingActivities', 'PaymentsForProceedsFromInvestments', 'PaymentsForProceedsFromShortTermInvestments',
      'PaymentsForProceedsFromBusinessesAndInterestInAffiliates').map((r) => ({ ...r, concept: G(r.concept) })),
    ...pos('ProceedsFromSaleOfPropertyPlantAndEquipment', 'ProceedsFromSaleOfOilAndGasPropertyAndEquipment', 'ProceedsFromSaleOfProductiveAssets', 'ProceedsFromSaleMaturityAndCollectionsOfInvestments',
      'ProceedsFromSaleAndMaturityOfMarketableSecurities', 'ProceedsFromMaturitiesPrepaymentsAndCallsOfAvailableForSaleSecurities',
      'ProceedsFromSaleOfAvailableForSaleSecuritiesDebt', 'ProceedsFromSaleMaturityAndCollectionOfShortTermInvestments',
      'ProceedsFromDivestitureOfBusinessesNetOfCashDivested', 'ProceedsFromDivestitureOfBusinesses', 'ProceedsFromSaleOfOtherInvestments',
      'ProceedsFromSaleOfEquityMethodInvestments', 'ProceedsFromEquityMethodInvestmentDividendsOrDistributionsReturnOfCapital',
      'ProceedsFromDerivativeInstrumentInvestingActivities', 'ProceedsFromMaturitiesPrepaymentsAndCallsOfHeldToMaturitySecurities',
      'ProceedsFromSaleOfRealEstate', 'ProceedsFromSaleOfIntangibleAssets', 'ProceedsFromCollectionOfNotesReceivable',
      'ProceedsFromSaleOfLongtermInvestments', 'ProceedsFromSaleOfShortTermInvestments').map((r) => ({ ...r, concept: G(r.concept) })),
  ],
};

/** The operating section's working-capital lines (cf_chng_non_cash_work_cap sums those a filing
 *  tags), signed as cash moves: an increase of an asset (a credit-balance IncreaseDecreaseIn…
 *  concept) uses cash, an increase of a liability provides it. Each concept is a line of its own:
 *  in the corpus a filing that tags two of them for one period tags two lines (other operating
 *  capital net beside other operating assets: 8 of 1,616 filing periods are a subtotal; accounts
 *  payable and accrued liabilities beside accounts payable: none of 30). Left out: deferred income
 *  taxes, AFUDC, hedged items and fair-value changes (non-cash items), the operating-capital
 *  totals and subtotals, and lines of the investing and financing sections (deposits, repos,
 *  securities lending, overdrafts, restricted cash). IFRS filers tag adjustments already signed
 *  as cash moves. */
const ASSET_LINES = [
  'AccountsReceivable', 'AccountsAndOtherReceivables', 'Receivables', 'AccountsAndNotesReceivable', 'AccountsReceivableAndOtherOperatingAssets',
  'OtherReceivables', 'IncomeTaxesReceivable', 'FinanceReceivables', 'AccountsReceivableRelatedParties', 'DueFromRelatedParties',
  'DueFromAffiliates', 'DueFromAffiliatesCurrent', 'PremiumsReceivable', 'ReinsuranceRecoverable', 'AccruedInterestReceivableNet',
  'AccruedInvestmentIncomeReceivable', 'InsuranceSettlementsReceivable', 'ContractWithCustomerAsset',
  'Inventories', 'RetailRelatedInventories', 'InventoriesAndOtherOperatingAssets', 'FinishedGoodsAndWorkInProcessInventories',
  'InventoryForLongTermContractsOrPrograms', 'MaterialsAndSupplies', 'FossilFuelInventories',
  'PrepaidDeferredExpenseAndOtherAssets', 'PrepaidExpense', 'PrepaidTaxes', 'PrepaidRent', 'PrepaidRoyalties', 'PrepaidReinsurancePremiums',
  'DeferredCharges', 'OtherCurrentAssets', 'OtherNoncurrentAssets', 'OtherOperatingAssets', 'DepositOtherAssets',
  'DeferredPolicyAcquisitionCosts', 'OtherRegulatoryAssets',
  // net lines of assets less liabilities (credit balance, like the assets)
  'OtherOperatingCapitalNet', 'OtherCurrentAssetsAndLiabilitiesNet', 'OtherNoncurrentAssetsAndLiabilitiesNet',
  'RegulatoryAssetsAndLiabilities', 'DerivativeAssetsAndLiabilities', 'CommodityContractAssetsAndLiabilities', 'RiskManagementAssetsAndLiabilities',
];
const LIABILITY_LINES = [
  'AccountsPayable', 'AccountsPayableTrade', 'AccountsPayableAndAccruedLiabilities', 'AccountsPayableAndOtherOperatingLiabilities',
  'OtherAccountsPayableAndAccruedLiabilities', 'OtherAccountsPayable', 'AccountsPayableRelatedParties', 'DueToRelatedParties', 'DueToAffiliates',
  'AccruedLiabilities', 'OtherAccruedLiabilities', 'AccruedLiabilitiesAndOtherOperatingLiabilities', 'AccruedSalaries',
  'EmployeeRelatedLiabilities', 'OtherEmployeeRelatedLiabilities', 'AccruedIncomeTaxesPayable', 'AccruedTaxesPayable',
  'IncomeTaxesPayableNetOfIncomeTaxesReceivable', 'IncomeTaxes', 'PropertyAndOtherTaxesPayable', 'InterestPayableNet',
  'DeferredRevenue', 'ContractWithCustomerLiability', 'OtherCurrentLiabilities', 'OtherNoncurrentLiabilities', 'OtherOperatingLiabilities',
  'OtherDeferredLiability', 'DeferredLiabilities', 'DeferredCompensation', 'OperatingLeaseLiability', 'PensionAndPostretirementObligations',
  'PensionPlanObligations', 'SelfInsuranceReserve', 'RestructuringReserve', 'AssetRetirementObligations', 'RegulatoryLiabilities',
  'SecurityDeposits', 'HealthCareInsuranceLiabilities', 'InsuranceLiabilities', 'LiabilityForClaimsAndClaimsAdjustmentExpenseReserve',
  'UnearnedPremiums', 'FuturePolicyBenefitReserves', 'ReserveForCommissionsExpenseAndTaxes',
];
const WORKING_CAPITAL_LINES: ReadonlyArray<readonly ConceptRef[]> = [
  ...ASSET_LINES.map((c) => neg(G(`IncreaseDecreaseIn${c}`))),
  ...LIABILITY_LINES.map((c) => pos(G(`IncreaseDecreaseIn${c}`))),
  ...[['AdjustmentsForDecreaseIncreaseInTradeAndOtherReceivables', 'AdjustmentsForDecreaseIncreaseInTradeAccountReceivable'],
    ['AdjustmentsForDecreaseIncreaseInOtherOperatingReceivables'], ['AdjustmentsForDecreaseIncreaseInInventories'],
    ['AdjustmentsForDecreaseIncreaseInOtherCurrentAssets'], ['AdjustmentsForIncreaseDecreaseInTradeAndOtherPayables', 'AdjustmentsForIncreaseDecreaseInTradeAccountPayable'],
    ['AdjustmentsForIncreaseDecreaseInOtherCurrentLiabilities'], ['AdjustmentsForIncreaseDecreaseInEmployeeBenefitLiabilities']]
    .map((alternatives) => pos(...alternatives.map(I))),
];

export const CASH_FLOW_MAPPINGS: readonly FieldMapping[] = [
  // ---------------- cash flow ----------------
  { field: 'cf_net_inc', statement: CF, kind: 'flow',
    concepts: pos(G('ProfitLoss'), G('NetIncomeLoss'), G('IncomeLossFromContinuingOperations'), I('ProfitLoss')),
    // IFRS filers that tag only the owners' profit (Celestica's 20-Fs, 2015–2021): it is the
    // period's profit where no noncontrolling interests' share is reported
    compose: [comp(`+${I('ProfitLossAttributableToOwnersOfParent')}`, `!${I('ProfitLossAttributableToNoncontrollingInterests')}`)] },
  { field: 'cf_depr_amort', statement: CF, kind: 'flow',
    concepts: pos(G('DepreciationDepletionAndAmortization'), G('DepreciationAmortizationAndAccretionNet'), G('DepreciationAndAmortization'), G('DepreciationAmortizationAndOther'), I('DepreciationAndAmortisationExpense'), I('AdjustmentsForDepreciationAndAmortisationExpense')),
    compose: [
      comp(`+${G('Depreciation')}`, `+${G('AmortizationOfIntangibleAssets')}?`),
      comp(`+${I('DepreciationExpense')}|${I('AdjustmentsForDepreciationExpense')}`, `+${I('AmortisationExpense')}|${I('AdjustmentsForAmortisationExpense')}?`),
    ] },
  { field: 'cf_stock_based_compensation', statement: CF, kind: 'flow',
    concepts: pos(G('ShareBasedCompensation'), G('AllocatedShareBasedCompensationExpense'), I('AdjustmentsForSharebasedPayments')) },
  { field: 'cf_other_non_cash_adj_less_detailed', statement: CF, kind: 'flow',
    concepts: [...neg(G('OtherNoncashIncomeExpense')), ...pos(G('OtherNoncashExpense'), I('OtherAdjustmentsForNoncashItems'))] },
  // the filer's total where tagged, else the sum of the working-capital lines the filing of its
  // operating cash flow tags (a definition: extension lines are not in the source)
  { field: 'cf_chng_non_cash_work_cap', statement: CF, kind: 'flow',
    concepts: [...neg(G('IncreaseDecreaseInOperatingCapital')), ...pos(I('IncreaseDecreaseInWorkingCapital'))],
    sumsLines: { anchor: 'cf_cash_from_oper', lines: WORKING_CAPITAL_LINES } },
  { field: 'cf_non_cash_items_detailed', statement: CF, kind: 'flow', concepts: [],
    compose: [comp('+cf_cash_from_oper', '-cf_net_inc', '-cf_chng_non_cash_work_cap')] },
  { field: 'cf_acct_rcv_unbilled_rev', statement: CF, kind: 'flow',
    concepts: [...neg(G('IncreaseDecreaseInAccountsReceivable'), G('IncreaseDecreaseInAccountsAndOtherReceivables'), G('IncreaseDecreaseInReceivables'), G('IncreaseDecreaseInAccountsAndNotesReceivable')), ...pos(I('AdjustmentsForDecreaseIncreaseInTradeAccountReceivable'), I('AdjustmentsForDecreaseIncreaseInTradeAndOtherReceivables'))] },
  { field: 'cf_change_in_inventories', statement: CF, kind: 'flow',
    concepts: [...neg(G('IncreaseDecreaseInInventories'), G('IncreaseDecreaseInRetailRelatedInventories')), ...pos(I('AdjustmentsForDecreaseIncreaseInInventories'))] },
  { field: 'cf_change_in_accounts_payable', statement: CF, kind: 'flow',
    concepts: pos(G('IncreaseDecreaseInAccountsPayable'), G('IncreaseDecreaseInAccountsPayableTrade'), G('IncreaseDecreaseInAccountsPayableAndAccruedLiabilities'), I('AdjustmentsForIncreaseDecreaseInTradeAccountPayable'), I('AdjustmentsForIncreaseDecreaseInTradeAndOtherPayables')) },
  { field: 'cf_inc_dec_in_ot_op_ast_liab_detail', statement: CF, kind: 'flow',
    concepts: neg(G('IncreaseDecreaseInOtherOperatingCapitalNet')),
    // Apple: other assets −11,731 and other liabilities +15,552 (fiscal 2024) are two lines
    compose: [comp(`-${G('IncreaseDecreaseInOtherOperatingAssets')}`, `+${G('IncreaseDecreaseInOtherOperatingLiabilities')}?`),
      comp(`+${G('IncreaseDecreaseInOtherOperatingLiabilities')}`)] },
  { field: 'cf_cash_from_oper', statement: CF, kind: 'flow',
    // CashFlowsFromUsedInOperations (cash generated from operations, before interest and taxes
    // paid) last: Logistic Properties of the Americas reports no other operating total.
    concepts: pos(G('NetCashProvidedByUsedInOperatingActivities'), G('NetCashProvidedByUsedInOperatingActivitiesContinuingOperations'), I('CashFlowsFromUsedInOperatingActivities'), I('CashFlowsFromUsedInOperations')) },
  // Capex is the investing line that closes the section: Southern's 2013 statement reports
  // PaymentsToAcquireProductiveAssets (5,868M) while a segment note's
  // PaymentsToAcquirePropertyPlantAndEquipment (5,331M) ranked first.
  { field: 'cf_purchase_of_fixed_prod_assets', statement: CF, kind: 'flow', outflow: true, closes: INVESTING_SECTION, concepts: neg(...CAPEX_CONCEPTS) },
  { field: 'cf_cap_expenditures', statement: CF, kind: 'flow', outflow: true, closes: INVESTING_SECTION, concepts: neg(...CAPEX_CONCEPTS) },
  { field: 'cf_acquis_fxd_and_intang_detailed', statement: CF, kind: 'flow',
    concepts: neg(G('PaymentsToAcquireProductiveAssets')),
    compose: [comp('+cf_purchase_of_fixed_prod_assets', `-${G('PaymentsToAcquireIntangibleAssets')}|${I('PurchaseOfIntangibleAssetsClassifiedAsInvestingActivities')}?`, `-${G('PaymentsToDevelopSoftware')}|${G('PaymentsForSoftware')}?`)] },
  { field: 'cf_incr_invest', statement: CF, kind: 'flow',
    concepts: neg(G('PaymentsToAcquireInvestments'), G('PaymentsToAcquireMarketableSecurities'), G('PaymentsToAcquireAvailableForSaleSecuritiesDebt'), G('PaymentsToAcquireAvailableForSaleSecurities'), G('PaymentsToAcquireShortTermInvestments'), G('PaymentsToAcquireLongtermInvestments'), I('PurchaseOfFinancialInstrumentsClassifiedAsInvestingActivities')) },
  { field: 'cf_decr_invest', statement: CF, kind: 'flow',
    concepts: pos(G('ProceedsFromSaleMaturityAndCollectionsOfInvestments'), G('ProceedsFromSaleAndMaturityOfMarketableSecurities'), G('ProceedsFromSaleMaturityAndCollectionOfShortTermInvestments'), G('ProceedsFromMaturitiesPrepaymentsAndCallsOfAvailableForSaleSecurities'), G('ProceedsFromSaleOfAvailableForSaleSecuritiesDebt'), I('ProceedsFromSalesOfInvestmentsOtherThanInvestmentsAccountedForUsingEquityMethod')) },
  { field: 'cf_net_chg_in_lt_invest_detailed', statement: CF, kind: 'flow', concepts: [],
    compose: [comp('+cf_decr_invest', '+cf_incr_invest')] },
  { field: 'cf_other_investing_act_detailed', statement: CF, kind: 'flow',
    concepts: [...neg(G('PaymentsForProceedsFromOtherInvestingActivities')), ...pos(I('OtherInflowsOutflowsOfCashClassifiedAsInvestingActivities'))] },
  { field: 'cf_cash_from_inv_act', statement: CF, kind: 'flow',
    concepts: pos(G('NetCashProvidedByUsedInInvestingActivities'), G('NetCashProvidedByUsedInInvestingActivitiesContinuingOperations'), I('CashFlowsFromUsedInInvestingActivities')) },
  { field: 'cf_dvd_paid', statement: CF, kind: 'flow', outflow: true,
    concepts: neg(G('PaymentsOfDividends'), G('PaymentsOfDividendsCommonStock'), G('PaymentsOfOrdinaryDividends'), I('DividendsPaidClassifiedAsFinancingActivities'), I('DividendsPaid')) },
  { field: 'cf_proc_debt_and_capital_lease', statement: CF, kind: 'flow',
    concepts: pos(G('ProceedsFromIssuanceOfLongTermDebt'), G('ProceedsFromIssuanceOfDebt'), G('ProceedsFromIssuanceOfLongTermDebtAndCapitalSecuritiesNet'), G('ProceedsFromIssuanceOfSeniorLongTermDebt'), G('ProceedsFromDebtNetOfIssuanceCosts'), G('ProceedsFromIssuanceOfUnsecuredDebt'), I('ProceedsFromNoncurrentBorrowings'), I('ProceedsFromIssueOfBondsNotesAndDebentures'), I('ProceedsFromBorrowingsClassifiedAsFinancingActivities')) },
  { field: 'cf_pymt_debt_and_capital_lease', statement: CF, kind: 'flow',
    concepts: neg(G('RepaymentsOfLongTermDebt'), G('RepaymentsOfDebt'), G('RepaymentsOfLongTermDebtAndCapitalSecurities'), G('RepaymentsOfSeniorDebt'), G('RepaymentsOfLongTermDebtAndCapitalLeaseObligations'), G('RepaymentsOfUnsecuredDebt'), I('RepaymentsOfNoncurrentBorrowings'), I('RepaymentsOfBondsNotesAndDebentures'), I('RepaymentsOfBorrowingsClassifiedAsFinancingActivities')) },
  { field: 'cf_nt_csh_proc_pymt_debt', statement: CF, kind: 'flow',
    concepts: pos(G('ProceedsFromRepaymentsOfDebt'), G('ProceedsFromRepaymentsOfLongTermDebtAndCapitalSecurities')),
    compose: [comp('+cf_proc_debt_and_capital_lease', '+cf_pymt_debt_and_capital_lease', `+${G('ProceedsFromRepaymentsOfShortTermDebt')}|${G('ProceedsFromRepaymentsOfCommercialPaper')}?`)] },
  { field: 'cf_decr_cap_stock', statement: CF, kind: 'flow', outflow: true,
    concepts: neg(G('PaymentsForRepurchaseOfCommonStock'), G('PaymentsForRepurchaseOfEquity'), I('PaymentsToAcquireOrRedeemEntitysShares')) },
  { field: 'cf_proc_fr_repurch_eqty_detailed', statement: CF, kind: 'flow', concepts: [],
    compose: [comp('+cf_decr_cap_stock', `+${G('ProceedsFromIssuanceOfCommonStock')}|${G('ProceedsFromStockOptionsExercised')}|${G('ProceedsFromIssuanceOrSaleOfEquity')}|${I('ProceedsFromIssuingShares')}?`)] },
  { field: 'cf_other_financing_act_excl_fx', statement: CF, kind: 'flow',
    concepts: pos(G('ProceedsFromPaymentsForOtherFinancingActivities'), I('OtherInflowsOutflowsOfCashClassifiedAsFinancingActivities')) },
  { field: 'cf_cash_from_fin_act', statement: CF, kind: 'flow',
    concepts: pos(G('NetCashProvidedByUsedInFinancingActivities'), G('NetCashProvidedByUsedInFinancingActivitiesContinuingOperations'), I('CashFlowsFromUsedInFinancingActivities')) },
  { field: 'cf_net_chng_cash', statement: CF, kind: 'flow',
    concepts: pos(
      G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect'),
      G('CashAndCashEquivalentsPeriodIncreaseDecrease'),
      G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect'),
      G('CashPeriodIncreaseDecrease'),
      I('IncreaseDecreaseInCashAndCashEquivalents'),
      I('IncreaseDecreaseInCashAndCashEquivalentsBeforeEffectOfExchangeRateChanges')) },
];
