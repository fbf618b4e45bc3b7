// Statement inputs the derivations need that are not output fields of any statement record
// (goodwill, intangibles, interest paid...). The XBRL layer may carry them in a statement
// record's `values` under these names; the records writer never outputs them. A name the build
// never produced for a company ("not extracted") makes every metric needing it null.
export const AUX = {
  goodwill: 'aux_goodwill',
  otherIntangibles: 'aux_other_intangibles',
  preferredEquity: 'aux_preferred_equity',
  minorityInterest: 'aux_minority_interest',
  interestPaid: 'aux_interest_paid',
  interestExpense: 'aux_interest_expense',
  amortizationOfIntangibles: 'aux_amortization_intangibles',
  allowanceForDoubtfulAccounts: 'aux_allowance_doubtful_accounts',
  netDeferredTaxLiabilities: 'aux_net_deferred_tax_liabilities',
} as const;

/** Auxiliary inputs with the record they belong to and the XBRL concepts that usually carry them. */
export const AUX_INPUTS: ReadonlyArray<{ name: string; record: 'income_statement' | 'balance_sheet' | 'cash_flow'; concepts: string }> = [
  { name: AUX.goodwill, record: 'balance_sheet', concepts: 'us-gaap:Goodwill' },
  { name: AUX.otherIntangibles, record: 'balance_sheet', concepts: 'us-gaap:IntangibleAssetsNetExcludingGoodwill, FiniteLivedIntangibleAssetsNet (+ IndefiniteLivedIntangibleAssetsExcludingGoodwill)' },
  { name: AUX.preferredEquity, record: 'balance_sheet', concepts: 'us-gaap:PreferredStockValue' },
  { name: AUX.minorityInterest, record: 'balance_sheet', concepts: 'us-gaap:MinorityInterest' },
  { name: AUX.allowanceForDoubtfulAccounts, record: 'balance_sheet', concepts: 'us-gaap:AllowanceForDoubtfulAccountsReceivableCurrent' },
  { name: AUX.netDeferredTaxLiabilities, record: 'balance_sheet', concepts: 'us-gaap:DeferredTaxLiabilitiesNet / DeferredIncomeTaxLiabilitiesNet' },
  { name: AUX.interestExpense, record: 'income_statement', concepts: 'us-gaap:InterestExpense' },
  { name: AUX.amortizationOfIntangibles, record: 'income_statement', concepts: 'us-gaap:AmortizationOfIntangibleAssets' },
  { name: AUX.interestPaid, record: 'cash_flow', concepts: 'us-gaap:InterestPaidNet / InterestPaid' },
];
