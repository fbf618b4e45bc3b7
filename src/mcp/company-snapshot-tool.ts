// company_snapshot: one company in one call: the profile, the key lines of the latest annual
// record of each statement and ratio record type, of the valuation record types the latest one
// with a price (the newest fiscal year can end after the prices do), each with its period end
// date, and the latest close with its age. Every part is the registry endpoint's own answer (same
// plan and history rules); a record type with no record in reach is null, and `notes` says why
// (a company the dataset holds no statements of: every section, with the REST message).
import { ApiError } from '../service/errors.js';
import { fieldNames } from '../metrics/registry.js';
import type { RecordType } from '../model/record-types.js';
import { assistantTool } from './assistant-tool.js';
import { endpointById, recordsOf, subCall } from './registry-lookup.js';
import { okResult } from './tool-results.js';

/** The key lines shown per record type (every name is a registry field: checked by the unit test). */
export const SNAPSHOT_FIELDS: Readonly<Partial<Record<RecordType, readonly string[]>>> = {
  income_statement: ['is_sales_revenue_turnover', 'is_gross_profit', 'is_oper_income', 'is_net_income', 'diluted_eps', 'ebitda'],
  balance_sheet: ['bs_c_and_ce_and_sti_detailed', 'bs_tot_asset', 'bs_tot_liab', 'bs_total_equity', 'net_debt', 'bs_sh_out'],
  cash_flow: ['cf_cash_from_oper', 'cf_cap_expenditures', 'cf_free_cash_flow', 'cf_dvd_paid'],
  profitability: ['return_com_eqy', 'return_on_asset', 'return_on_inv_capital', 'gross_margin', 'oper_margin', 'profit_margin'],
  credit: ['tot_debt_to_ebitda', 'net_debt_to_ebitda', 'tot_debt_to_tot_eqy'],
  liquidity: ['cur_ratio', 'quick_ratio', 'altman_z_score'],
  enterprise_value: ['market_cap', 'enterprise_value', 'ev_to_ttm_ebitda'],
  multiples: ['pe_ratio', 'pr_to_book_ratio', 'pr_to_sales_ratio', 'pr_to_free_cash_flow', 'ev_to_ttm_ebitda', 'pr_last'],
};

const PROFILE_ID = 'v2.company_profile';
const LATEST_PRICE_ID = 'v2.stock_price_latest';
/** Valuation record types: shown for the newest annual record priced (the field that says so). */
const PRICED_BY: Readonly<Partial<Record<RecordType, string>>> = { enterprise_value: 'market_cap', multiples: 'pr_last' };
/** Annual records looked through for a priced one. */
const PRICED_LOOKBACK = '5';
const META = ['date', 'period_label', 'fiscal_year', 'currency'] as const;

const sectionSchema = {
  type: ['object', 'null'],
  description: 'The latest annual record in reach: its period end date, labels and key lines (null: none).',
  properties: {
    date: { type: 'string', description: 'Period end date' }, period_label: { type: 'string' }, fiscal_year: { type: 'string' },
    currency: { type: 'string' }, values: { type: 'object', additionalProperties: { type: ['number', 'null'] } },
  },
  required: ['date', 'values'],
};

function section(record: Record<string, unknown> | undefined, fields: readonly string[]): Record<string, unknown> | null {
  if (!record) return null;
  const out: Record<string, unknown> = {};
  for (const m of META) if (record[m] !== undefined) out[m] = record[m];
  const values: Record<string, unknown> = {};
  for (const f of fields) values[f] = record[f] ?? null;
  out.values = values;
  return out;
}

export const companySnapshotTool = assistantTool({
  name: 'company_snapshot',
  title: 'Company snapshot',
  description: 'Everything to start an answer about one US-listed company in one call: profile (name, sector, industry, market cap), the key lines of the latest annual income statement, balance sheet and cash flow, key profitability, credit and liquidity ratios, enterprise value, valuation multiples and the last close, each with its period end date. notes says why a part is null (e.g. a company the dataset holds no financial statements of).',
  inputSchema: {
    type: 'object',
    properties: { identifier: { type: 'string', minLength: 1, maxLength: 40, description: 'Ticker (AAPL, BRK-B), SEC CIK, CUSIP or ISIN.' } },
    required: ['identifier'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      identifier: { type: 'string' },
      notes: { type: 'array', items: { type: 'string' }, description: 'Why a part is null (e.g. no financial statements for the company in this dataset); empty when none is.' },
      profile: { type: ['object', 'null'], description: 'As get_company_profile returns it (null when the registry has no profile endpoint).' },
      sections: { type: 'object', description: 'By record type.', additionalProperties: sectionSchema },
      last_price: {
        type: ['object', 'null'],
        description: 'The latest close the dataset has (as get_latest_stock_price gives it): value, date, age_days and stale (null: no prices).',
        properties: { value: { type: ['number', 'null'] }, date: { type: 'string' }, age_days: { type: 'integer' }, stale: { type: 'boolean' } },
      },
    },
    required: ['identifier', 'notes', 'profile', 'sections', 'last_price'],
  },
}, async (ctx, args) => {
  const identifier = args.identifier;
  if (typeof identifier !== 'string') throw new ApiError('parameter_invalid', 'identifier is required', 'identifier');
  const profileEndpoint = endpointById(ctx.endpoints, PROFILE_ID);
  const profile = profileEndpoint ? (await subCall(ctx, profileEndpoint, { identifier })).value as Record<string, unknown> : null;
  const sections: Record<string, unknown> = {};
  const notes: string[] = [];
  // set by the first section: a company the dataset holds no statements of has none of any type
  let uncovered = false;
  for (const [rt, fields] of Object.entries(SNAPSHOT_FIELDS) as [RecordType, readonly string[]][]) {
    if (uncovered) { sections[rt] = null; continue; }
    const priced = PRICED_BY[rt];
    let records: Record<string, unknown>[];
    try {
      records = await recordsOf(ctx, rt, { identifier, period: 'annual', limit: priced ? PRICED_LOOKBACK : '1' });
    } catch (err) {
      if (!(err instanceof ApiError && err.row.code === 'statements_not_covered')) throw err;
      uncovered = true;
      notes.push(`every section is null: ${err.message}`);
      sections[rt] = null;
      continue;
    }
    const shown = priced ? records.find((r) => r[priced] != null) ?? records[0] : records[0];
    sections[rt] = section(shown, fields.filter((f) => fieldNames(rt).includes(f)));
    if (!shown) notes.push(`sections.${rt}: no annual record within the plan's history`);
  }
  const latestPrice = endpointById(ctx.endpoints, LATEST_PRICE_ID);
  let lastPrice: Record<string, unknown> | null = null;
  if (latestPrice) {
    try {
      const p = (await subCall(ctx, latestPrice, { identifier })).value as Record<string, unknown>;
      lastPrice = { value: p.close ?? null, date: p.as_of, age_days: p.age_days, stale: p.stale };
    } catch (err) {
      // a company without prices: null, not a failed snapshot
      if (!(err instanceof ApiError && err.row.code === 'resource_missing')) throw err;
      notes.push(`last_price: ${err.message}`);
    }
  }
  return okResult(JSON.parse(JSON.stringify({ identifier, notes, profile, sections, last_price: lastPrice })) as Record<string, unknown>);
});
