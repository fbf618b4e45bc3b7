// peer_comparison: one company against the peers the user names, on chosen metrics (a default set
// of growth, profitability, leverage and valuation fields) over a period range, as one
// compare_companies table, with each company's snapshot for context.
import type { ResolvedMetric } from './metric-lookup.js';
import type { McpPrompt } from './prompt-types.js';

/** compare_companies takes at most 10 companies and 20 metrics. */
const MAX_PEERS = 9;
const MAX_METRICS = 20;
const MAX_LIMIT = 20;
const DEFAULT_LIMIT = 5;
/** Compared when the user names no metrics (every name resolves in the metric registry: tested). */
export const DEFAULT_PEER_METRICS: readonly string[] = [
  'is_sales_revenue_turnover', 'oper_margin', 'return_on_inv_capital', 'cf_free_cash_flow',
  'net_debt_to_ebitda', 'pe_ratio', 'ev_to_ttm_ebitda', 'free_cash_flow_yield',
];

function metricLine(m: ResolvedMetric): string {
  return `- \`${m.name}\` (${m.recordType}, ${m.entry.unit}): ${m.entry.description}`;
}

export const peerComparisonPrompt: McpPrompt = {
  def: {
    name: 'peer_comparison',
    title: 'Peer comparison',
    description: 'Compare one US-listed company with the peers you name on growth, profitability, leverage and valuation (or metrics you choose) over a range of periods, in one compare_companies table.',
    arguments: [
      { name: 'identifier', description: 'The company: ticker (AAPL, BRK-B), SEC CIK, CUSIP or ISIN.', required: true },
      { name: 'peers', description: `1 to ${MAX_PEERS} peers, separated by commas (e.g. "MSFT, GOOGL").`, required: true },
      { name: 'metrics', description: `Metric names separated by commas (field names such as oper_margin, or record_type.field; at most ${MAX_METRICS}). Default: ${DEFAULT_PEER_METRICS.join(', ')}.`, required: false },
      { name: 'period', description: 'annual (default) or quarterly (trailing twelve months for flow ratios).', required: false },
      { name: 'limit', description: `Periods per company (1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}).`, required: false },
    ],
  },
  render(args, n) {
    const company = args.company('identifier');
    const peers = args.companies('peers', MAX_PEERS, [company]);
    const metrics = args.metrics('metrics', MAX_METRICS, DEFAULT_PEER_METRICS);
    const period = args.choice('period', ['annual', 'quarterly'], 'annual');
    const limit = args.integer('limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
    for (const m of metrics) n.field(m.recordType, m.entry.name);
    const ids = [company, ...peers].map((c) => c.id);
    const periods = period === 'annual' ? `${limit} fiscal years` : `${limit} quarters`;
    return [
      `Compare ${company.id} (SEC CIK ${company.cik}) with its peers ${peers.map((c) => c.id).join(', ')} over the last ${periods}, using tenk's tools.`,
      '',
      `1. Call ${n.call('compare_companies', { identifiers: ids, metrics: metrics.map((m) => m.name), period, limit })}: one row per company and period end, each metric a column. The metrics:`,
      ...metrics.map(metricLine),
      `2. For context (size, sector, industry, latest close), call ${n.call('company_snapshot', { identifier: company.id })} and the same for each peer.`,
      `3. For how a metric is computed, call ${n.call('metric_definitions', { names: metrics.slice(0, 2).map((m) => m.name) })}, naming the metrics in question.`,
      '',
      `Answer with a table of the latest period (companies as rows, metrics as columns) ranking ${company.id} among its peers on each metric, then how the gaps moved over the periods. Fiscal years end on different dates for different companies: compare by fiscal year and give the period end dates.`,
      'A null value is one tenk could not derive (an input not reported, or no price covering the date): say so and leave that company out of that ranking, never estimate it. If a tool answers that the dataset has no statements for a company, say so.',
    ].join('\n');
  },
};
