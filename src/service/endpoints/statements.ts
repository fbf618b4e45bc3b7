// Registry entries of the three statement endpoints (income statement, balance sheet, cash flow),
// all served by the generic time-series handler over the records table.
import type { EndpointDef } from '../endpoint-types.js';
import { STATEMENT_MAX_LIMIT, timeSeriesEndpoint } from '../time-series.js';

export const STATEMENT_ENDPOINTS: readonly EndpointDef[] = [
  timeSeriesEndpoint({
    id: 'v2.income_statement',
    path: '/v2/fundamental/income-statement/{identifier}',
    recordType: 'income_statement',
    summary: 'Income statements',
    description: 'Annual or quarterly standardized income statements from SEC XBRL filings, newest first by default.',
    tag: 'Fundamentals',
    maxLimit: STATEMENT_MAX_LIMIT,
    mcpTool: 'get_financial_statements',
    mcpKind: 'income_statement',
    mcpDescription: 'standardized from SEC XBRL: revenue, costs, operating income, net income, EPS, margins.',
  }),
  timeSeriesEndpoint({
    id: 'v2.balance_sheet',
    path: '/v2/fundamental/balance-sheet/{identifier}',
    recordType: 'balance_sheet',
    summary: 'Balance sheets',
    description: 'Annual or quarterly standardized balance sheets from SEC XBRL filings, newest first by default.',
    tag: 'Fundamentals',
    maxLimit: STATEMENT_MAX_LIMIT,
    mcpTool: 'get_financial_statements',
    mcpKind: 'balance_sheet',
    mcpDescription: 'assets, liabilities, equity, shares outstanding, net debt at period ends.',
  }),
  timeSeriesEndpoint({
    id: 'v2.cash_flow',
    path: '/v2/fundamental/cash-flow/{identifier}',
    recordType: 'cash_flow',
    summary: 'Cash flow statements',
    description: 'Annual or quarterly standardized cash flow statements from SEC XBRL filings (outflows negative), newest first by default.',
    tag: 'Fundamentals',
    maxLimit: STATEMENT_MAX_LIMIT,
    mcpTool: 'get_financial_statements',
    mcpKind: 'cash_flow',
    mcpDescription: 'operating, investing and financing cash flows, capex, free cash flow (outflows negative).',
  }),
];
