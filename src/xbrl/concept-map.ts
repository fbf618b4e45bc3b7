// The concept map, as data: per standardized field, the ordered XBRL concepts that report it
// (us-gaap and ifrs-full), the sign that turns each into tenk's convention (cash outflows
// negative), and composition rules that derive the field from other fields or concepts when no
// concept reports it. The resolver tries concepts first, in order, then compositions, in order.
import type { StatementType } from '../model/record-types.js';

/** flow: additive over time (quarters derive from YTD differences); instant: balance at a date;
 *  per_share and shares: durations that are not additive (quarters only as reported);
 *  per_share_flow: a per-share amount that adds up over quarters (dividends declared per share). */
export type FieldKind = 'flow' | 'instant' | 'per_share' | 'per_share_flow' | 'shares';

/** A concept with the sign applied to its value (−1 turns a reported payment into an outflow). */
export interface ConceptRef { concept: string; sign: 1 | -1 }

/** One term of a composition: a field name or a concept ("us-gaap:X"); alternatives are tried in order.
 *  `same`: a condition that the two fields of `refs` both have a value and the values are equal. */
export interface Term { refs: readonly string[]; sign: 1 | -1 | 0; optional: boolean; absent?: boolean; same?: boolean }

/** sum: Σ sign × term (sign 0: a condition, the term must be reported but adds nothing);
 *  ratio: first term / second term, rounded to cents (per-share values). */
export interface Composition { op?: 'sum' | 'ratio'; terms: readonly Term[] }

export interface FieldMapping {
  field: string;
  statement: StatementType;
  kind: FieldKind;
  /** first: the first concept with a value wins (default). first-unless-partial: the first
   *  concept wins unless another candidate is more than 1.5 times as large — then the largest
   *  wins (a filer that tags one line of a note with the total's concept). */
  pick?: 'first' | 'first-unless-partial';
  /** Concepts that never replace the first under first-unless-partial (gross amounts that are
   *  larger by nature: revenue including excise taxes). */
  neverLargest?: readonly string[];
  /** A quarter derived as a year-to-date difference must not be negative (revenue, cost of
   *  revenue): a negative result means the two inputs are on different bases (a year recast for
   *  a discontinued business minus nine months that were not), so the quarter stays null.
   *  Reported negative values (EQT's revenue after derivative losses) are kept. */
  nonNegativeDerived?: boolean;
  /** Any negative value (reported or derived) is refused: expenses tagged negative are sign
   *  errors (Prologis tags OperatingExpenses = −2,104M for 2024). */
  nonNegative?: boolean;
  /** The field is a cash outflow (≤ 0): a positive quarter derived as a year-to-date difference
   *  means the two inputs are on different bases (Intuit's 10-Qs include capitalized software in
   *  PaymentsToAcquirePropertyPlantAndEquipment, its 10-Ks do not: Q4 = +53M), so the quarter
   *  stays null, like nonNegativeDerived for revenue. */
  outflow?: boolean;
  /** A concept value less than 1 % of this (earlier) field's value is a scale error and is
   *  skipped: Corteva tags NetIncomeLossAvailableToCommonStockholdersBasic = 0.91 (its EPS) in
   *  USD for 2020, beside net income of 681M. */
  sameScaleAs?: string;
  /** A concept value below this (earlier) field's value for the period is a part of the field,
   *  not its total, and is skipped (total receivables never below trade receivables). */
  notBelow?: string;
  /** Balance candidates that may be a component of the balance-sheet line or a wider total
   *  (cash: a note's `Cash` without cash equivalents; cash and short-term investments) are
   *  checked against the cash-flow statement: the candidate's change over a period ending on
   *  the date must equal the statement's net change in cash (`change` concepts) for that period.
   *  A candidate in `components` is a component when a `componentWhen` concept (cash
   *  equivalents reported apart) has a nonzero value at the date, or when the filer's totals
   *  (`totals`) equal the cash-flow statement's ending cash (`flowEnd`) at every date that
   *  reports both (it holds no restricted cash, so that ending cash is its balance-sheet line):
   *  it is then skipped when it fails the check and another candidate passes it. One in
   *  `required` is taken only when it passes. */
  /** Flows that are one line of a statement section with a total (capex in investing): for a
   *  year, the candidates are checked against the section as the filing of the total states it:
   *  the other `lines` it reports (signed as cash moves) plus some candidates must sum to the
   *  `total`. When exactly one smallest set of candidates does, its first-ranked candidate wins
   *  (a segment note's figure is no line of the statement and never closes it). */
  closes?: { total: readonly string[]; lines: readonly ConceptRef[] };
  reconcile?: {
    change: readonly string[]; components: readonly string[]; componentWhen: readonly string[];
    totals: readonly string[]; flowEnd: string; required: readonly string[];
  };
  concepts: readonly ConceptRef[];
  compose?: readonly Composition[];
}

// ---- small builders so the table reads as data ----
const G = (name: string): string => `us-gaap:${name}`;
const I = (name: string): string => `ifrs-full:${name}`;
const pos = (...concepts: string[]): ConceptRef[] => concepts.map((concept) => ({ concept, sign: 1 as const }));
const neg = (...concepts: string[]): ConceptRef[] => concepts.map((concept) => ({ concept, sign: -1 as const }));
/** "+a", "-b", "+a?" (optional), "*a" (condition: must be reported, adds nothing), "!a"
 *  (condition: must not be reported), "=a=b" (condition: fields a and b have equal values),
 *  alternatives with "|": "+us-gaap:A|us-gaap:B". */
function comp(...terms: string[]): Composition {
  return {
    terms: terms.map((t) => {
      if (t.startsWith('=')) return { refs: t.slice(1).split('='), sign: 0, optional: false, same: true };
      const sign = t.startsWith('-') ? -1 : t.startsWith('*') || t.startsWith('!') ? 0 : 1;
      const body = t.replace(/^[+*!-]/, '');
      const optional = body.endsWith('?');
      const term: Term = { refs: body.replace(/\?$/, '').split('|'), sign, optional };
      return t.startsWith('!') ? { ...term, absent: true } : term;
    }),
  };
}

function ratio(numerator: string, denominator: string): Composition {
  return { op: 'ratio', terms: [comp(`+${numerator}`).terms[0]!, comp(`+${denominator}`).terms[0]!] };
}

// Mezzanine (temporary) equity, between liabilities and equity on the balance sheet: the
// carrying-amount concepts, then the redeemable noncontrolling interest concepts that filers use
// for the same line (General Mills RedeemableNoncontrollingInterestEquityOtherFairValue 551.7M,
// Mastercard …EquityFairValue 74M, Masco …EquityRedemptionValue 25M, Micron
// …EquityPreferredCarryingAmount 98M).
const MEZZANINE = `-${[
  'TemporaryEquityCarryingAmountAttributableToParent', 'TemporaryEquityCarryingAmountIncludingPortionAttributableToNoncontrollingInterests',
  'RedeemableNoncontrollingInterestEquityCarryingAmount', 'TemporaryEquityCarryingAmount', 'RedeemableNoncontrollingInterestEquityCommonCarryingAmount',
  'RedeemableNoncontrollingInterestEquityPreferredCarryingAmount', 'RedeemableNoncontrollingInterestEquityFairValue',
  'RedeemableNoncontrollingInterestEquityOtherFairValue', 'RedeemableNoncontrollingInterestEquityRedemptionValue',
].map(G).join('|')}?`;

/** Condition: the date has a balance sheet (total liabilities and equity, else total assets). */
const BALANCE_SHEET_DATE = `*${G('LiabilitiesAndStockholdersEquity')}|${G('Assets')}`;

const IS = 'income_statement' as const;
const BS = 'balance_sheet' as const;
const CF = 'cash_flow' as const;

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
];

/** The cash-flow statement's net change in cash (with and without restricted cash). */
const CASH_CHANGE_CONCEPTS = [
  G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect'),
  G('CashAndCashEquivalentsPeriodIncreaseDecrease'),
  G('CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseExcludingExchangeRateEffect'),
  G('CashPeriodIncreaseDecrease'),
  I('IncreaseDecreaseInCashAndCashEquivalents'),
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

export const CONCEPT_MAP: readonly FieldMapping[] = [
  // ---------------- income statement ----------------
  // first-unless-partial: General Mills tags Revenues = 2,037.8M (one line of a note) beside its
  // 19,857.2M total (RevenueFromContractWithCustomerExcludingAssessedTax) for fiscal 2024,
  // BlackRock Revenues = 12,794M beside 20,407M for 2024; Emerson's 10-Q tags Revenues = 1,660M
  // for fiscal 2022. But Southern Company's contract revenue (26,764M) slightly exceeds its total
  // operating revenues (Revenues, 26,724M): the first concept keeps precedence unless it is
  // clearly a part. Revenue including excise taxes (gross; Brown-Forman 5,328M against 4,178M
  // of net sales) never replaces net revenue.
  { field: 'is_sales_revenue_turnover', statement: IS, kind: 'flow', pick: 'first-unless-partial', nonNegativeDerived: true,
    neverLargest: [G('RevenueFromContractWithCustomerIncludingAssessedTax')], concepts: pos(...REVENUE_CONCEPTS),
    compose: [
      comp(`+${G('InterestIncomeExpenseNet')}`, `+${G('NoninterestIncome')}`),
      comp(`+${G('InterestAndDividendIncomeOperating')}`, `+${G('NoninterestIncome')}`),
    ] },
  { field: 'is_sales_and_services_revenues', statement: IS, kind: 'flow',
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
      comp(`+${I('AdministrativeExpense')}`, `+${I('SellingExpense')}|${I('DistributionCosts')}`),
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
  { field: 'bs_accts_rec_excl_notes_rec', statement: BS, kind: 'instant',
    concepts: pos(G('AccountsReceivableNetCurrent'), G('AccountsReceivableNet'), I('CurrentTradeReceivables'), I('TradeReceivables')) },
  // Total receivables: a candidate smaller than the trade receivables of the same balance sheet
  // is a part, not the total (J.B. Hunt tags its "Other receivables" line, 2024-12-31: 257.8M,
  // as AccountsAndOtherReceivablesNetCurrent beside 1,224.2M of trade receivables); the trade
  // receivables line is the total when it is the only receivables line (AccountsReceivableNet).
  { field: 'bs_acct_note_rcv', statement: BS, kind: 'instant', notBelow: 'bs_accts_rec_excl_notes_rec',
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
    concepts: pos(G('AccountsPayableCurrent'), G('AccountsPayableTradeCurrent'), G('AccountsPayableCurrentAndNoncurrent'), I('TradeAndOtherCurrentPayablesToTradeSuppliers'), I('TradeAndOtherCurrentPayables')) },
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
    concepts: pos(G('LongTermDebtNoncurrent'), G('LongTermDebtAndCapitalLeaseObligations'), G('LongTermDebtAndFinanceLeaseObligationsNoncurrent'), G('LongTermDebtAndCapitalLeaseObligationsNoncurrent'), G('LongTermNotesPayable'), G('SeniorLongTermNotes'), G('LongTermDebt'), G('OtherLongTermDebtNoncurrent'), G('ConvertibleLongTermNotesPayable'), G('UnsecuredLongTermDebt'), I('NoncurrentPortionOfNoncurrentBondsIssued'), I('LongtermBorrowings'), I('NoncurrentPortionOfNoncurrentLoansReceived')),
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

  // ---------------- cash flow ----------------
  { field: 'cf_net_inc', statement: CF, kind: 'flow',
    concepts: pos(G('ProfitLoss'), G('NetIncomeLoss'), G('IncomeLossFromContinuingOperations'), I('ProfitLoss')) },
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
  { field: 'cf_chng_non_cash_work_cap', statement: CF, kind: 'flow',
    concepts: [...neg(G('IncreaseDecreaseInOperatingCapital')), ...pos(I('IncreaseDecreaseInWorkingCapital'))] },
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

/**
 * Per-company overrides keyed by 10-digit CIK: concepts tried before the standard ones for a
 * field. Only where a real company needs it; each entry says why.
 */
export const COMPANY_OVERRIDES: Readonly<Record<string, Readonly<Record<string, readonly ConceptRef[]>>>> = {
  // Prologis tags CommonStockDividendsPerShareDeclared as 0.01 for 2024 (a tagging error: the
  // 10-K declares $3.84); the cash-paid per-share concept carries the real amount.
  '0001045609': { div_per_shr: pos(G('CommonStockDividendsPerShareCashPaid')) },
};

/** Every concept named anywhere in the map (for the unmapped report). */
export function mappedConcepts(): Set<string> {
  const out = new Set<string>();
  const add = (ref: string): void => { if (ref.includes(':')) out.add(ref); };
  for (const m of CONCEPT_MAP) {
    for (const c of m.concepts) add(c.concept);
    for (const comp of m.compose ?? []) for (const t of comp.terms) for (const r of t.refs) add(r);
    for (const c of [...m.closes?.total ?? [], ...(m.closes?.lines ?? []).map((l) => l.concept)]) add(c);
    if (m.reconcile) for (const c of [...m.reconcile.change, ...m.reconcile.componentWhen, ...m.reconcile.totals, m.reconcile.flowEnd]) add(c);
  }
  for (const o of Object.values(COMPANY_OVERRIDES)) for (const refs of Object.values(o)) for (const c of refs) add(c.concept);
  return out;
}
