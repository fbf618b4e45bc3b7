// The concept map's balance-sheet fields (cash to shares outstanding), in the map's order, with the
// mezzanine-equity and cash-change concept lists they use.
import { BS, comp, G, I, pos } from './builders.js';
import type { FieldMapping } from './mapping-types.js';

// Mezzanine (temporary) equity, between liabilities and equity on the balance sheet: the
// carrying-amount concepts, then the redeemable noncontrolling interest concepts that filers use
// for the same line (General Mills RedeemableNoncontrollingInterestEquityOtherFairValue 551.7M,
// Mastercard …EquityFairValue 74M, Masco …EquityRedemptionValue 25M, Micron
// …EquityPreferredCarryingAmount 98M).
export const MEZZANINE_CONCEPTS: readonly string[] = [
  'TemporaryEquityCarryingAmountAttributableToParent', 'TemporaryEquityCarryingAmountIncludingPortionAttributableToNoncontrollingInterests',
  'RedeemableNoncontrollingInterestEquityCarryingAmount', 'TemporaryEquityCarryingAmount', 'RedeemableNoncontrollingInterestEquityCommonCarryingAmount',
  'RedeemableNoncontrollingInterestEquityPreferredCarryingAmount', 'RedeemableNoncontrollingInterestEquityFairValue',
  'RedeemableNoncontrollingInterestEquityOtherFairValue', 'RedeemableNoncontrollingInterestEquityRedemptionValue',
].map(G);
const MEZZANINE = `-${MEZZANINE_CONCEPTS.join('|')}?`;

/** Condition: the date has a balance sheet (total liabilities and equity, else total assets). */
const BALANCE_SHEET_DATE = `*${G('LiabilitiesAndStockholdersEquity')}|${G('Assets')}`;

/** The cash-flow statement's net change in cash (with and without restricted cash). */
const CASH_CHANGE_CONCEPTS = [
  G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect'),
  G('CashAndCashEquivalentsPeriodIncreaseDecrease'),
  G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect'),
  G('CashPeriodIncreaseDecrease'),
  I('IncreaseDecreaseInCashAndCashEquivalents'),
];

/** Current assets and the balance-sheet lines they add up to besides receivables, one group of
 *  alternatives per line (cash first): where a filing's lines add up to its current assets
 *  without receivables, its balance sheet has no receivables line (FieldMapping.lineOf). */
export const CURRENT_ASSETS_WITHOUT_RECEIVABLES = {
  total: [G('AssetsCurrent'), I('CurrentAssets')],
  lines: [
    [G('CashAndCashEquivalentsAtCarryingValue'), G('Cash'), G('CashAndDueFromBanks'), G('CashCashEquivalentsAndShortTermInvestments'), I('CashAndCashEquivalents')],
    [G('RestrictedCashCurrent'), G('RestrictedCashAndCashEquivalentsAtCarryingValue'), G('RestrictedCashAndInvestmentsCurrent')],
    [G('ShortTermInvestments'), G('MarketableSecuritiesCurrent'), G('AvailableForSaleSecuritiesDebtSecuritiesCurrent'), G('AvailableForSaleSecuritiesCurrent'), G('OtherShortTermInvestments')],
    [G('InventoryNet'), G('RetailRelatedInventoryMerchandise'), G('InventoryNetOfAllowancesCustomerAdvancesAndProgressBillings'), I('Inventories')],
    [G('PrepaidExpenseCurrent')],
    [G('OtherAssetsCurrent'), G('PrepaidExpenseAndOtherAssetsCurrent'), I('OtherCurrentAssets')],
    [G('DeferredTaxAssetsNetCurrent')],
    [G('AssetsHeldForSaleCurrent'), G('DisposalGroupIncludingDiscontinuedOperationAssetsCurrent')],
    [G('IncomeTaxesReceivable')],
  ],
};

export const BALANCE_SHEET_MAPPINGS: readonly FieldMapping[] = [
  // ---------------- balance sheet ----------------
  // Cash and cash equivalents: the line whose change is the cash-flow statement's net change in
  // cash. CF Industries tags its balance-sheet line (683M at 2020-12-31) only as
  // CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents, and the `Cash` of a note
  // (108M, cash without equivalents; 59M a year earlier, a change of 49M against the statement's
  // 396M) ranked first; General Mills' 10-Qs tag the line as CashCashEquivalentsAndShortTermInvestments.
  { field: 'bs_cash_near_cash_item', statement: BS, kind: 'instant',
    reconcile: { change: CASH_CHANGE_CONCEPTS, components: [G('Cash')], required: [G('CashCashEquivalentsAndShortTermInvestments')],
      // cash equivalents reported apart make `Cash` a component: Eversource reports none at
      // 2020-03-31, where its `Cash` is its balance-sheet line (47.4M; restricted cash elsewhere)
      componentWhen: [G('CashEquivalentsAtCarryingValue'), G('CashAndCashEquivalentsFairValueDisclosure')],
      // CF Industries' cash and cash equivalents (its fair-value table, its 2019 balance sheet)
      // equal its cash-flow ending cash wherever both are reported: its 10-Qs' `Cash` (52M at
      // 2021-09-30 beside 757M) is the note's part. Eversource's differ (15.4M against 117.1M
      // at 2019-12-31: restricted cash), so its `Cash` line stays.
      totals: [G('CashAndCashEquivalentsAtCarryingValue'), G('CashAndCashEquivalentsFairValueDisclosure')],
      flowEnd: G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents') },
    concepts: pos(G('CashAndCashEquivalentsAtCarryingValue'), G('CashAndDueFromBanks'), G('Cash'), G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'), G('CashCashEquivalentsAndShortTermInvestments'), I('CashAndCashEquivalents')) },
  { field: 'bs_mkt_sec_other_st_invest', statement: BS, kind: 'instant',
    concepts: pos(G('ShortTermInvestments'), G('MarketableSecuritiesCurrent'), G('AvailableForSaleSecuritiesDebtSecuritiesCurrent'), G('AvailableForSaleSecuritiesCurrent'), G('OtherShortTermInvestments'), I('CurrentFinancialAssetsAtAmortisedCost')) },
  { field: 'bs_c_and_ce_and_sti_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('CashCashEquivalentsAndShortTermInvestments')),
    compose: [comp('+bs_cash_near_cash_item', '+bs_mkt_sec_other_st_invest?')] },
  { field: 'bs_accts_rec_excl_notes_rec', statement: BS, kind: 'instant', lineOf: CURRENT_ASSETS_WITHOUT_RECEIVABLES,
    concepts: pos(G('AccountsReceivableNetCurrent'), G('AccountsReceivableNet'), I('CurrentTradeReceivables'), I('TradeReceivables')) },
  // Total receivables: a candidate smaller than the trade receivables of the same balance sheet
  // is a part, not the total (J.B. Hunt tags its "Other receivables" line, 2024-12-31: 257.8M,
  // as AccountsAndOtherReceivablesNetCurrent beside 1,224.2M of trade receivables); the trade
  // receivables line is the total when it is the only receivables line (AccountsReceivableNet).
  // Receivables that are no line of the balance sheet (its current lines add up without them)
  // are a note's figure: the reported 0 of the filing, else null (lineOf; Dollar Tree 2019).
  { field: 'bs_acct_note_rcv', statement: BS, kind: 'instant', notBelow: 'bs_accts_rec_excl_notes_rec', lineOf: CURRENT_ASSETS_WITHOUT_RECEIVABLES,
    concepts: pos(G('AccountsNotesAndLoansReceivableNetCurrent'), G('ReceivablesNetCurrent'), G('AccountsAndOtherReceivablesNetCurrent'), G('AccountsReceivableNetCurrent'), I('TradeAndOtherCurrentReceivables'), G('AccountsReceivableNet'), I('CurrentTradeReceivables'), I('TradeReceivables')) },
  { field: 'bs_other_current_receivable', statement: BS, kind: 'instant',
    concepts: pos(G('OtherReceivablesNetCurrent'), G('NontradeReceivablesCurrent'), G('OtherReceivables'), I('OtherCurrentReceivables')) },
  { field: 'bs_inventories', statement: BS, kind: 'instant',
    concepts: pos(G('InventoryNet'), G('RetailRelatedInventoryMerchandise'), G('InventoryNetOfAllowancesCustomerAdvancesAndProgressBillings'), I('Inventories'), I('CurrentInventoriesHeldForSale')),
    // Exxon Mobil: crude oil, products and merchandise 19,444 + materials and supplies 4,080 (2024)
    compose: [comp(`+${G('EnergyRelatedInventory')}`, `+${G('InventoryPartsAndComponentsNetOfReserves')}|${G('InventorySuppliesNetOfReserves')}?`)] },
  { field: 'bs_other_inv', statement: BS, kind: 'instant', concepts: pos(G('OtherInventory'), G('OtherInventorySupplies'), G('InventoryOtherSupplies')) },
  { field: 'bs_other_current_assets_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('OtherAssetsCurrent'), G('PrepaidExpenseAndOtherAssetsCurrent'), I('OtherCurrentAssets'), I('OtherCurrentNonfinancialAssets')) },
  { field: 'bs_cur_asset_report', statement: BS, kind: 'instant', concepts: pos(G('AssetsCurrent'), I('CurrentAssets')) },
  { field: 'bs_net_fix_asset', statement: BS, kind: 'instant',
    concepts: pos(G('PropertyPlantAndEquipmentNet'), G('PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAfterAccumulatedDepreciationAndAmortization'), G('PublicUtilitiesPropertyPlantAndEquipmentNet'), G('RealEstateInvestmentPropertyNet'), I('PropertyPlantAndEquipment')),
    compose: [comp('+bs_gross_fix_asset', '-bs_accum_depr')] },
  { field: 'bs_gross_fix_asset', statement: BS, kind: 'instant',
    concepts: pos(G('PropertyPlantAndEquipmentGross'), G('PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetBeforeAccumulatedDepreciationAndAmortization'), G('RealEstateInvestmentPropertyAtCost'), G('PublicUtilitiesPropertyPlantAndEquipmentPlantInService'), I('PropertyPlantAndEquipmentGrossCarryingAmount')) },
  { field: 'bs_accum_depr', statement: BS, kind: 'instant',
    concepts: pos(G('AccumulatedDepreciationDepletionAndAmortizationPropertyPlantAndEquipment'), G('PropertyPlantAndEquipmentAndFinanceLeaseRightOfUseAssetAccumulatedDepreciationAndAmortization'), G('RealEstateInvestmentPropertyAccumulatedDepreciation'), G('PublicUtilitiesPropertyPlantAndEquipmentAccumulatedDepreciation')) },
  { field: 'bs_lt_invest', statement: BS, kind: 'instant',
    concepts: pos(G('LongTermInvestments'), G('MarketableSecuritiesNoncurrent'), G('AvailableForSaleSecuritiesDebtSecuritiesNoncurrent'), G('HeldToMaturitySecurities'), G('AvailableForSaleSecuritiesDebtSecurities'), I('NoncurrentFinancialAssets')) },
  { field: 'bs_long_term_investments', statement: BS, kind: 'instant',
    concepts: pos(G('LongTermInvestments'), G('MarketableSecuritiesNoncurrent'), G('AvailableForSaleSecuritiesDebtSecuritiesNoncurrent'), G('EquityMethodInvestments'), I('InvestmentsAccountedForUsingEquityMethod')),
    compose: [comp('+bs_lt_invest')] },
  { field: 'bs_other_assets_def_chrg_other', statement: BS, kind: 'instant',
    concepts: pos(G('OtherAssetsNoncurrent'), G('OtherAssets'), I('OtherNoncurrentAssets')) },
  { field: 'bs_other_noncurrent_assets_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('OtherAssetsNoncurrent'), G('OtherAssets'), I('OtherNoncurrentAssets'), I('OtherNoncurrentNonfinancialAssets')) },
  { field: 'bs_tot_asset', statement: BS, kind: 'instant', concepts: pos(G('Assets'), I('Assets')),
    compose: [comp('+bs_tot_liab_and_eqy')] },
  { field: 'bs_tot_non_cur_asset', statement: BS, kind: 'instant', concepts: pos(G('AssetsNoncurrent'), I('NoncurrentAssets')),
    compose: [comp('+bs_tot_asset', '-bs_cur_asset_report')] },
  { field: 'bs_acct_payable', statement: BS, kind: 'instant',
    concepts: pos(G('AccountsPayableCurrent'), G('AccountsPayableTradeCurrent'), G('AccountsPayableCurrentAndNoncurrent'), I('TradeAndOtherCurrentPayablesToTradeSuppliers'), I('TradeAndOtherCurrentPayables'),
      // Celestica's 20-Fs tag the current line without "Current" (1,298.2M at 2023-12-31, its 10-K's AccountsPayableCurrent)
      I('TradeAndOtherPayablesToTradeSuppliers')) },
  { field: 'bs_accrual', statement: BS, kind: 'instant',
    concepts: pos(G('AccruedLiabilitiesCurrent'), G('OtherAccruedLiabilitiesCurrent'), I('AccrualsClassifiedAsCurrent'), I('CurrentAccruedExpensesAndOtherCurrentLiabilities')) },
  { field: 'bs_acct_payable_and_accruals_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('AccountsPayableAndAccruedLiabilitiesCurrent'), G('AccountsPayableAndAccruedLiabilitiesCurrentAndNoncurrent')),
    compose: [comp('+bs_acct_payable', '+bs_accrual?')] },
  { field: 'bs_taxes_payable', statement: BS, kind: 'instant',
    concepts: pos(G('TaxesPayableCurrent'), G('AccruedIncomeTaxesCurrent'), G('AccruedIncomeTaxes'), I('CurrentTaxLiabilitiesCurrent'), I('CurrentTaxLiabilities')) },
  { field: 'bs_st_borrow', statement: BS, kind: 'instant',
    concepts: pos(G('DebtCurrent'), G('ShortTermBorrowingsAndCurrentPortionOfLongTermDebt'), G('LongTermDebtAndShortTermBorrowingsCurrent')),
    compose: [
      comp(`+${G('ShortTermBorrowings')}|${G('CommercialPaper')}`, `+${G('LongTermDebtCurrent')}|${G('LongTermDebtAndCapitalLeaseObligationsCurrent')}|${G('LongTermDebtAndFinanceLeaseObligationsCurrent')}?`),
      comp(`+${G('LongTermDebtCurrent')}|${G('LongTermDebtAndCapitalLeaseObligationsCurrent')}|${G('LongTermDebtAndFinanceLeaseObligationsCurrent')}`),
      comp(`+${I('ShorttermBorrowings')}`, `+${I('CurrentPortionOfLongtermBorrowings')}|${I('CurrentBondsIssuedAndCurrentPortionOfNoncurrentBondsIssued')}?`),
      comp(`+${I('CurrentPortionOfLongtermBorrowings')}|${I('CurrentBondsIssuedAndCurrentPortionOfNoncurrentBondsIssued')}`),
    ] },
  { field: 'bs_short_term_debt_detailed', statement: BS, kind: 'instant', concepts: [], compose: [comp('+bs_st_borrow')] },
  { field: 'bs_st_deferred_revenue', statement: BS, kind: 'instant',
    concepts: pos(G('ContractWithCustomerLiabilityCurrent'), G('DeferredRevenueCurrent'), G('DeferredRevenueAndCustomerAdvancesCurrent'), I('CurrentContractLiabilities')) },
  { field: 'bs_other_current_liabs_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('OtherLiabilitiesCurrent'), I('OtherCurrentLiabilities')) },
  { field: 'bs_other_current_liabs_sub_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('OtherLiabilitiesCurrent'), G('OtherAccruedLiabilitiesCurrent'), I('OtherCurrentLiabilities'), I('OtherCurrentNonfinancialLiabilities')) },
  { field: 'bs_cur_liab', statement: BS, kind: 'instant', concepts: pos(G('LiabilitiesCurrent'), I('CurrentLiabilities')) },
  { field: 'bs_lt_borrow', statement: BS, kind: 'instant',
    concepts: pos(G('LongTermDebtNoncurrent'), G('LongTermDebtAndCapitalLeaseObligations'), G('LongTermDebtAndFinanceLeaseObligationsNoncurrent'), G('LongTermDebtAndCapitalLeaseObligationsNoncurrent'), G('LongTermNotesPayable'), G('SeniorLongTermNotes'), G('LongTermDebt'), G('OtherLongTermDebtNoncurrent'), G('ConvertibleLongTermNotesPayable'), G('UnsecuredLongTermDebt'), G('ConvertibleDebtNoncurrent'), I('NoncurrentPortionOfNoncurrentBondsIssued'), I('LongtermBorrowings'), I('NoncurrentPortionOfNoncurrentLoansReceived')),
    // ConvertibleDebtNoncurrent last: beside another noncurrent line it is a part (Omnicom
    // 2008-12-31: convertible debt 2,041.5M beside 1,012.8M of UnsecuredLongTermDebt); alone it is
    // the debt (Workday 2018-01-31: 1,149.8M).
    // a noncurrent line reported as 0 is the value when the debt is all current that date: the
    // later candidates (LongTermDebt, notes payable) are then the total, equal to the current part
    // (Fastenal 2014-12-31: 0 beside LongTermDebt = LongTermDebtCurrent = 90M)
    currentPart: ['LongTermDebtCurrent', 'LongTermDebtAndCapitalLeaseObligationsCurrent', 'LongTermDebtAndFinanceLeaseObligationsCurrent',
      'DebtCurrent', 'ConvertibleNotesPayableCurrent', 'ConvertibleDebtCurrent', 'NotesPayableCurrent', 'SeniorNotesCurrent'].map(G),
    compose: [
      comp(`+${I('BondsIssued')}`, `-${I('CurrentBondsIssuedAndCurrentPortionOfNoncurrentBondsIssued')}?`),
      // Unclassified balance sheets (banks, insurers, REITs, homebuilders: no current
      // liabilities, so no current portion anywhere else) state their debt as one line that
      // includes current maturities: JPMorgan's "Long-term debt" 401,418M at 2024-12-31 is
      // LongTermDebtAndCapitalLeaseObligationsIncludingCurrentMaturities, Digital Realty's
      // DebtInstrumentCarryingAmount, D.R. Horton's and MAA's NotesPayable; Essex tags secured
      // and unsecured debt apart. Never on a classified balance sheet (the current portion is in
      // bs_st_borrow there), and only on a date with a balance sheet (a debt note's figure for
      // a date without one is no balance: Host Hotels' 328M for 2011-12-31).
      comp(`+${[
        'LongTermDebtAndCapitalLeaseObligationsIncludingCurrentMaturities', 'LongTermDebtAndFinanceLeaseObligations',
        'OtherLongTermDebt', 'DebtInstrumentCarryingAmount', 'NotesPayable', 'SeniorNotes',
      ].map(G).join('|')}`, `!${G('LiabilitiesCurrent')}`, BALANCE_SHEET_DATE),
      comp(`+${G('SecuredDebt')}`, `+${G('UnsecuredDebt')}`, `!${G('LiabilitiesCurrent')}`, BALANCE_SHEET_DATE),
    ] },
  { field: 'bs_long_term_borrowings_detailed', statement: BS, kind: 'instant', concepts: [], compose: [comp('+bs_lt_borrow')] },
  { field: 'bs_other_noncurrent_liabs_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('OtherLiabilitiesNoncurrent'), G('OtherLiabilities'), I('OtherNoncurrentLiabilities')) },
  { field: 'bs_other_noncur_liabs_sub_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('OtherLiabilitiesNoncurrent'), G('OtherLiabilities'), I('OtherNoncurrentLiabilities'), I('OtherNoncurrentNonfinancialLiabilities')) },
  { field: 'bs_total_equity', statement: BS, kind: 'instant',
    concepts: pos(G('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'), G('StockholdersEquity'), G('PartnersCapitalIncludingPortionAttributableToNoncontrollingInterest'), G('PartnersCapital'), I('Equity')),
    compose: [comp('+bs_tot_liab_and_eqy', '-bs_tot_liab', MEZZANINE)] },
  { field: 'bs_tot_liab_and_eqy', statement: BS, kind: 'instant',
    concepts: pos(G('LiabilitiesAndStockholdersEquity'), I('EquityAndLiabilities')),
    compose: [comp(`+${G('Assets')}|${I('Assets')}`)] },
  { field: 'bs_tot_liab', statement: BS, kind: 'instant', concepts: pos(G('Liabilities'), I('Liabilities')),
    compose: [
      comp('+bs_tot_liab_and_eqy', '-bs_total_equity', MEZZANINE),
      comp('+bs_cur_liab', `+${G('LiabilitiesNoncurrent')}|${I('NoncurrentLiabilities')}`),
    ] },
  { field: 'bs_non_cur_liab', statement: BS, kind: 'instant', concepts: pos(G('LiabilitiesNoncurrent'), I('NoncurrentLiabilities')),
    compose: [comp('+bs_tot_liab', '-bs_cur_liab')] },
  { field: 'bs_common_stock', statement: BS, kind: 'instant',
    concepts: pos(G('CommonStockValue'), G('CommonStockValueOutstanding'), I('IssuedCapital'), I('ShareCapital')) },
  { field: 'bs_sh_cap_and_apic', statement: BS, kind: 'instant',
    concepts: pos(G('CommonStocksIncludingAdditionalPaidInCapital'), G('CommonStockIncludingAdditionalPaidInCapital')),
    compose: [
      comp('+bs_common_stock', `+${G('AdditionalPaidInCapitalCommonStock')}|${G('AdditionalPaidInCapital')}`),
      comp('+bs_common_stock', `+${I('SharePremium')}|${I('AdditionalPaidinCapital')}?`),
    ] },
  { field: 'bs_pure_retained_earnings', statement: BS, kind: 'instant',
    concepts: pos(G('RetainedEarningsAccumulatedDeficit'), I('RetainedEarnings')) },
  { field: 'bs_other_ins_res_to_shrhldr_eqy', statement: BS, kind: 'instant',
    concepts: pos(G('AccumulatedOtherComprehensiveIncomeLossNetOfTax'), I('OtherReserves'), I('AccumulatedOtherComprehensiveIncome')) },
  { field: 'bs_eqty_bef_minority_int_detailed', statement: BS, kind: 'instant',
    concepts: pos(G('StockholdersEquity'), G('PartnersCapital'), I('EquityAttributableToOwnersOfParent')),
    compose: [comp('+bs_total_equity', `-${G('MinorityInterest')}|${I('NoncontrollingInterests')}?`)] },
  { field: 'bs_sh_out', statement: BS, kind: 'shares',
    concepts: pos(G('CommonStockSharesOutstanding'), I('NumberOfSharesOutstanding')) },
];
