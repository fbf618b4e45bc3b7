// The concept map's income-statement fields (revenue to EPS, dividends per share, depreciation), in
// the map's order.
import { comp, G, I, IS, pos, ratio } from './builders.js';
import type { FieldMapping } from './mapping-types.js';

// Totals first: the contract-with-customer concepts are often a part of revenue (NextEra tags
// 23,500M of contract revenue beside 24,753M of total operating revenues for 2024).
const REVENUE_CONCEPTS = [
  G('Revenues'),
  // banks: total net revenue (net interest income + noninterest income)
  G('RevenuesNetOfInterestExpense'),
  // utilities: total operating revenues
  G('RegulatedAndUnregulatedOperatingRevenue'),
  G('RevenueFromContractWithCustomerExcludingAssessedTax'),
  G('RevenueFromContractWithCustomerIncludingAssessedTax'),
  G('SalesRevenueNet'),
  G('SalesRevenueGoodsNet'),
  G('ElectricUtilityRevenue'),
  G('RegulatedOperatingRevenue'),
  // REITs
  G('RealEstateRevenueNet'),
  G('OperatingLeasesIncomeStatementLeaseRevenue'),
  G('OperatingLeaseLeaseIncome'),
  // insurers
  G('PremiumsEarnedNet'),
  G('SalesRevenueServicesNet'),
  I('Revenue'),
  I('RevenueFromContractsWithCustomers'),
];

const COST_OF_REVENUE_CONCEPTS = [
  G('CostOfRevenue'),
  G('CostOfGoodsAndServicesSold'),
  G('CostOfGoodsSold'),
  G('CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization'),
  G('CostOfServices'),
  I('CostOfSales'),
];

// The income statement's arithmetic that its revenue line closes with (statement-lines.ts): gross
// profit + cost of revenue; operating income + total costs and expenses, or + operating expenses
// (with or without cost of revenue beside them).
const REVENUE_LINES: readonly (readonly string[])[] = [
  ...COST_OF_REVENUE_CONCEPTS.filter((c) => c.startsWith('us-gaap:')).map((c) => [G('GrossProfit'), c]),
  [I('GrossProfit'), I('CostOfSales')],
  [G('OperatingIncomeLoss'), G('CostsAndExpenses')],
  [G('OperatingIncomeLoss'), G('OperatingExpenses')],
  [G('OperatingIncomeLoss'), G('BenefitsLossesAndExpenses')],
  ...COST_OF_REVENUE_CONCEPTS.filter((c) => c.startsWith('us-gaap:')).map((c) => [G('OperatingIncomeLoss'), G('OperatingExpenses'), c]),
  [I('ProfitLossFromOperatingActivities'), I('CostOfSales'), I('OperatingExpense')],
];

// Taxes collected for governments (excise and sales taxes) that revenue excludes (net-of-taxes.ts).
const TAXES_COLLECTED = [G('ExciseAndSalesTaxes')];

export const INCOME_STATEMENT_MAPPINGS: readonly FieldMapping[] = [
  // ---------------- income statement ----------------
  // first-unless-partial: General Mills tags Revenues = 2,037.8M (one line of a note) beside its
  // 19,857.2M total (RevenueFromContractWithCustomerExcludingAssessedTax) for fiscal 2024,
  // BlackRock Revenues = 12,794M beside 20,407M for 2024; Emerson's 10-Q tags Revenues = 1,660M
  // for fiscal 2022. But Southern Company's contract revenue (26,764M) slightly exceeds its total
  // operating revenues (Revenues, 26,724M): the first concept keeps precedence unless it is
  // clearly a part. Revenue including excise taxes (gross; Brown-Forman 5,328M against 4,178M
  // of net sales) never replaces net revenue, and a concept the company fills with revenue
  // including excise taxes is taken net of them (Philip Morris' SalesRevenueNet 2007–2017).
  // Where the candidates differ, the one the statement's lines add up to is the line
  // (Mastercard 2020–2021: Revenues, not contract revenue before rebates).
  { field: 'is_sales_revenue_turnover', statement: IS, kind: 'flow', pick: 'first-unless-partial', nonNegativeDerived: true,
    neverLargest: [G('RevenueFromContractWithCustomerIncludingAssessedTax')], statementLines: REVENUE_LINES, netOfTaxes: TAXES_COLLECTED,
    concepts: pos(...REVENUE_CONCEPTS),
    compose: [
      comp(`+${G('InterestIncomeExpenseNet')}`, `+${G('NoninterestIncome')}`),
      comp(`+${G('InterestAndDividendIncomeOperating')}`, `+${G('NoninterestIncome')}`),
    ] },
  { field: 'is_sales_and_services_revenues', statement: IS, kind: 'flow', statementLines: REVENUE_LINES, netOfTaxes: TAXES_COLLECTED,
    concepts: pos(G('RevenueFromContractWithCustomerExcludingAssessedTax'), G('RevenueFromContractWithCustomerIncludingAssessedTax'), G('SalesRevenueNet'), G('SalesRevenueGoodsNet'), I('RevenueFromContractsWithCustomers')),
    compose: [comp('+is_sales_revenue_turnover')] },
  { field: 'is_cogs', statement: IS, kind: 'flow', nonNegativeDerived: true, concepts: pos(...COST_OF_REVENUE_CONCEPTS),
    compose: [comp('+is_sales_revenue_turnover', `-${G('GrossProfit')}|${I('GrossProfit')}`)] },
  { field: 'is_cog_and_services_sold', statement: IS, kind: 'flow',
    concepts: pos(G('CostOfGoodsAndServicesSold'), G('CostOfRevenue'), G('CostOfGoodsSold'), G('CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization'), I('CostOfSales')),
    compose: [comp('+is_cogs')] },
  { field: 'is_gross_profit', statement: IS, kind: 'flow', concepts: pos(G('GrossProfit'), I('GrossProfit')),
    compose: [comp('+is_sales_revenue_turnover', '-is_cogs')] },
  { field: 'is_operating_expn', statement: IS, kind: 'flow', nonNegative: true,
    concepts: pos(G('OperatingExpenses'), G('NoninterestExpense'), G('OperatingCostsAndExpenses'), I('OperatingExpense')),
    // then the filer's own total line when it reports costs and expenses as one total (Alphabet)
    compose: [comp('+is_gross_profit', '-is_oper_income'), comp(`+${G('CostsAndExpenses')}`)] },
  { field: 'is_sg_and_a_expense', statement: IS, kind: 'flow', nonNegative: true,
    concepts: pos(G('SellingGeneralAndAdministrativeExpense'), I('SellingGeneralAndAdministrativeExpense')),
    compose: [
      comp(`+${G('GeneralAndAdministrativeExpense')}`, `+${G('SellingAndMarketingExpense')}|${G('MarketingAndAdvertisingExpense')}`),
      // IFRS: administrative + selling expenses; TSMC tags general and administrative and marketing
      // expenses (2018: 20,265.9M + 5,987.8M)
      comp(`+${I('AdministrativeExpense')}|${I('GeneralAndAdministrativeExpense')}`, `+${I('SellingExpense')}|${I('DistributionCosts')}|${I('SalesAndMarketingExpense')}`),
    ] },
  { field: 'is_operating_expenses_r_and_d', statement: IS, kind: 'flow', nonNegative: true,
    concepts: pos(G('ResearchAndDevelopmentExpense'), G('ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost'), G('ResearchAndDevelopmentExpenseSoftwareExcludingAcquiredInProcessCost'), I('ResearchAndDevelopmentExpense')) },
  { field: 'is_oper_income', statement: IS, kind: 'flow',
    concepts: pos(G('OperatingIncomeLoss'), I('ProfitLossFromOperatingActivities')),
    compose: [
      comp('+is_sales_revenue_turnover', `-${G('CostsAndExpenses')}|${G('BenefitsLossesAndExpenses')}`),
      comp('+is_gross_profit', `-${G('OperatingExpenses')}`),
      // banks: no operating-income subtotal; operating income is income before taxes
      // (net revenue − noninterest expense − credit provisions)
      comp('+is_pretax_income', `*${G('NoninterestExpense')}`, `*${G('InterestExpense')}|${G('InterestIncomeExpenseNet')}|${G('InterestExpenseOperating')}`),
      // filers that go from gross profit straight to pretax income (J&J, Nike, Clorox…)
      comp('+is_gross_profit', '-is_sg_and_a_expense', '-is_operating_expenses_r_and_d?'),
    ] },
  { field: 'is_nonop_income_loss', statement: IS, kind: 'flow',
    concepts: pos(G('NonoperatingIncomeExpense')),
    // only against a reported operating income: where operating income is itself derived from
    // pre-tax income (banks) the difference would be a meaningless 0
    compose: [comp('+is_pretax_income', '-is_oper_income', `*${G('OperatingIncomeLoss')}|${I('ProfitLossFromOperatingActivities')}`)] },
  { field: 'is_other_nonop_income_loss', statement: IS, kind: 'flow',
    concepts: pos(G('OtherNonoperatingIncomeExpense'), I('OtherGainsLosses')) },
  // Pre-tax income is the income statement's line: including equity-method income where the
  // filer shows that income before tax (…ExtraordinaryItemsNoncontrollingInterest), before it
  // where the filer shows it after tax (…MinorityInterestAndIncomeLossFromEquityMethodInvestments:
  // McCormick 2024, 898.3M, then 184.0M of tax and 74.2M of equity income). The tax note's
  // domestic pre-tax income is a part of the line beside foreign pre-tax income (McDonald's
  // 2024: 3,282M of 10,344M): domestic + foreign, or domestic alone where the period has no
  // foreign pre-tax income (PulteGroup, NVR, Camden and Eversource tag their line so).
  { field: 'is_pretax_income', statement: IS, kind: 'flow',
    concepts: pos(
      G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest'),
      G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments'),
      I('ProfitLossBeforeTax')),
    compose: [
      comp(`+${G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic')}`, `+${G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign')}`),
      comp(`+${G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic')}`, `!${G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign')}`),
      comp('+is_inc_bef_xo_item', '+is_inc_tax_exp'),
    ] },
  { field: 'is_inc_tax_exp', statement: IS, kind: 'flow',
    concepts: pos(G('IncomeTaxExpenseBenefit'), G('IncomeTaxExpenseBenefitContinuingOperations'), I('IncomeTaxExpenseContinuingOperations')) },
  { field: 'is_inc_bef_xo_item', statement: IS, kind: 'flow',
    concepts: pos(G('IncomeLossFromContinuingOperations'), G('IncomeLossBeforeExtraordinaryItemsAndCumulativeEffectOfChangeInAccountingPrinciple'), I('ProfitLossFromContinuingOperations')),
    compose: [comp(`+${G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest')}|${G('IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments')}|${I('ProfitLossBeforeTax')}`, '-is_inc_tax_exp')] },
  { field: 'is_ni_including_minority_int_ratio', statement: IS, kind: 'flow',
    concepts: pos(G('ProfitLoss'), I('ProfitLoss')),
    compose: [comp('+is_net_income', `+${G('NetIncomeLossAttributableToNoncontrollingInterest')}?`)] },
  { field: 'is_net_income', statement: IS, kind: 'flow',
    // ProfitLoss last: Illinois Tool Works, Mastercard, VeriSign and LyondellBasell tag their
    // single net income line (2024) only as ProfitLoss.
    concepts: pos(G('NetIncomeLoss'), G('NetIncomeLossAvailableToCommonStockholdersBasic'), I('ProfitLossAttributableToOwnersOfParent'), G('ProfitLoss'), I('ProfitLoss')) },
  { field: 'is_earn_for_common', statement: IS, kind: 'flow', sameScaleAs: 'is_net_income',
    concepts: pos(G('NetIncomeLossAvailableToCommonStockholdersBasic'), I('ProfitLossAttributableToOrdinaryEquityHoldersOfParentEntity')),
    compose: [comp('+is_net_income', `-${G('PreferredStockDividendsIncomeStatementImpact')}|${G('DividendsPreferredStock')}?`)] },
  { field: 'is_avg_num_sh_for_eps', statement: IS, kind: 'shares',
    concepts: pos(G('WeightedAverageNumberOfSharesOutstandingBasic'), G('WeightedAverageNumberOfShareOutstandingBasicAndDiluted'), I('WeightedAverageShares')) },
  { field: 'eps', statement: IS, kind: 'per_share',
    concepts: pos(G('EarningsPerShareBasic'), G('EarningsPerShareBasicAndDiluted'), I('BasicEarningsLossPerShare')),
    compose: [ratio('is_earn_for_common', 'is_avg_num_sh_for_eps')] },
  { field: 'eps_cont_ops', statement: IS, kind: 'per_share',
    concepts: pos(G('IncomeLossFromContinuingOperationsPerBasicShare'), G('IncomeLossFromContinuingOperationsPerBasicAndDilutedShare'), I('BasicEarningsLossPerShareFromContinuingOperations')),
    // without discontinued operations in the period, all earnings are from continuing operations
    compose: [comp('+eps', `!${G('IncomeLossFromDiscontinuedOperationsNetOfTax')}|${G('IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity')}|${G('DiscontinuedOperationIncomeLossFromDiscontinuedOperationNetOfTaxPerBasicShare')}|${I('ProfitLossFromDiscontinuedOperations')}`)] },
  { field: 'is_sh_for_diluted_eps', statement: IS, kind: 'shares',
    concepts: pos(G('WeightedAverageNumberOfDilutedSharesOutstanding'), G('WeightedAverageNumberOfShareOutstandingBasicAndDiluted'), I('AdjustedWeightedAverageShares')),
    // No diluted count tagged but diluted EPS = basic EPS: nothing dilutes, the diluted count is
    // the basic one (Exxon Mobil has tagged only its basic count since 2013 and states that both
    // per-share figures are the same: 2024 basic and diluted EPS 7.84 on 4,298M shares).
    compose: [comp('+is_avg_num_sh_for_eps', '=eps=diluted_eps')] },
  { field: 'diluted_eps', statement: IS, kind: 'per_share',
    concepts: pos(G('EarningsPerShareDiluted'), G('EarningsPerShareBasicAndDiluted'), I('DilutedEarningsLossPerShare')),
    compose: [ratio('is_earn_for_common', 'is_sh_for_diluted_eps')] },
  { field: 'dil_eps_cont_ops', statement: IS, kind: 'per_share',
    concepts: pos(G('IncomeLossFromContinuingOperationsPerDilutedShare'), G('IncomeLossFromContinuingOperationsPerBasicAndDilutedShare'), I('DilutedEarningsLossPerShareFromContinuingOperations')),
    compose: [comp('+diluted_eps', `!${G('IncomeLossFromDiscontinuedOperationsNetOfTax')}|${G('IncomeLossFromDiscontinuedOperationsNetOfTaxAttributableToReportingEntity')}|${G('DiscontinuedOperationIncomeLossFromDiscontinuedOperationNetOfTaxPerBasicShare')}|${I('ProfitLossFromDiscontinuedOperations')}`)] },
  { field: 'div_per_shr', statement: IS, kind: 'per_share_flow',
    concepts: pos(G('CommonStockDividendsPerShareDeclared'), G('CommonStockDividendsPerShareCashPaid'), I('DividendsRecognisedAsDistributionsToOwnersPerShare')) },
  { field: 'is_depr_exp', statement: IS, kind: 'flow',
    concepts: pos(G('Depreciation'), G('DepreciationDepletionAndAmortization'), G('DepreciationAndAmortization'), G('DepreciationAmortizationAndAccretionNet'), I('DepreciationExpense'), I('DepreciationAndAmortisationExpense')) },
];
