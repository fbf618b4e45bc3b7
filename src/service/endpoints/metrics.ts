// Registry entries of the derived-metric endpoints (ratios, enterprise value, multiples,
// per-share), all served by the generic time-series handler over the records table. Field
// definitions live in the metric registry (src/metrics/registry.ts, docs/metrics.md).
import type { RecordType } from '../../model/record-types.js';
import type { EndpointDef } from '../endpoint-types.js';
import { timeSeriesEndpoint } from '../time-series.js';

/** The spec: ratio, multiples and yield endpoints accept up to 250 periods per request. */
export const METRICS_MAX_LIMIT = 250;

const NULLS = 'Every field of the record type is present; a value that cannot be derived (input not reported, no price covering the date) is null, never 0. Quarterly records use trailing-twelve-month flows.';

function entry(id: string, path: string, recordType: RecordType, summary: string, description: string, mcpTool: string, mcpDescription: string, mcpKind?: string): EndpointDef {
  return timeSeriesEndpoint({
    id, path, recordType, summary, description: `${description} ${NULLS}`, tag: 'Ratios and valuation',
    maxLimit: METRICS_MAX_LIMIT, mcpTool, mcpDescription, ...(mcpKind ? { mcpKind } : {}),
    example: { identifier: 'AAPL', limit: '4' },
  });
}

export const METRIC_ENDPOINTS: readonly EndpointDef[] = [
  entry('v2.ratios_credit', '/v2/fundamental/ratios/credit/{identifier}', 'credit', 'Credit ratios',
    'Leverage ratios: total and net debt against TTM EBITDA and EBIT, equity, capital and assets.',
    'get_ratios', 'credit and leverage (debt/EBITDA, net debt/EBITDA, debt/equity, debt/capital).', 'credit'),
  entry('v2.ratios_liquidity', '/v2/fundamental/ratios/liquidity/{identifier}', 'liquidity', 'Liquidity ratios',
    'Current, quick and cash ratios, operating cash flow coverage and the Altman Z-score (bands: > 2.99 safe, 1.81-2.99 grey, < 1.81 distress).',
    'get_ratios', 'current, quick and cash ratios, cash-flow coverage, Altman Z-score.', 'liquidity'),
  entry('v2.ratios_profitability', '/v2/fundamental/ratios/profitability/{identifier}', 'profitability', 'Profitability ratios',
    'Returns on equity, assets, capital and invested capital, TTM margins, effective tax rate, payout and sustainable growth.',
    'get_ratios', 'ROE, ROA, ROIC, gross/operating/net margins, tax rate, payout.', 'profitability'),
  entry('v2.ratios_working_capital', '/v2/fundamental/ratios/working-capital/{identifier}', 'working_capital', 'Working capital ratios',
    'Receivable, inventory and payable turnovers and days, cash conversion cycle (bands: < 0 paid before suppliers, 0-30 efficient, 30-90 normal, > 90 capital tied up).',
    'get_ratios', 'receivable/inventory/payable days, cash conversion cycle.', 'working_capital'),
  entry('v2.ratios_yield_analysis', '/v2/fundamental/ratios/yield-analysis/{identifier}', 'yield_analysis', 'Yield analysis',
    'TTM free cash flow, dividends, buybacks and financing flows against market cap and enterprise value (free-cash-flow-yield bands: > 8 potentially undervalued, 4-8 moderate, < 4 lower).',
    'get_ratios', 'free cash flow, shareholder and capital yields.', 'yield_analysis'),
  entry('v2.enterprise_value', '/v2/fundamental/enterprise-value/{identifier}', 'enterprise_value', 'Enterprise value',
    'Market cap at the last as-traded close on or before the period end, enterprise value and EV multiples of TTM flows.',
    'get_ratios', 'market cap, enterprise value, EV/sales, EV/EBITDA, EV/EBIT at each period end.', 'enterprise_value'),
  entry('v2.multiples', '/v2/fundamental/multiples/{identifier}', 'multiples', 'Valuation multiples',
    'P/E, P/B, P/TBV, P/S, P/CF, P/FCF and EV multiples at the last close, the 52-week mean close and the 52-week high and low closes.',
    'get_ratios', 'valuation multiples (P/E, P/B, P/S, P/FCF, EV/EBITDA) at the last close, 52-week average, high and low.', 'multiples'),
  entry('v2.per_share', '/v2/fundamental/per-share/{identifier}', 'per_share', 'Per-share data',
    'Shares, EPS, dividends, revenue, EBITDA, cash flow, book and tangible book value per share, on the share basis of the period end.',
    'get_ratios', 'EPS, book value, cash flow, free cash flow and revenue per share.', 'per_share'),
];
