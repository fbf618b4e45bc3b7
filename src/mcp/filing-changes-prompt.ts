// latest_filing_changes: what one filing changed in a company's statements, through `as_of`: the
// statements as tenk served them the day before the filing against today's (or, for a filing
// date the user gives, against the day of that filing). The latest filing's date is read from
// the newest quarter's provenance (`filed`).
import { dayNumber, isoDate } from '../model/dates.js';
import type { McpPrompt, PromptNames } from './prompt-types.js';

const STATEMENT_KINDS = ['income_statement', 'balance_sheet', 'cash_flow'] as const;
const QUARTERS = 8;
const YEARS = 3;

function keyLines(n: PromptNames): string {
  return [
    n.field('income_statement', 'is_sales_revenue_turnover'), n.field('income_statement', 'is_oper_income'),
    n.field('income_statement', 'is_net_income'), n.field('income_statement', 'diluted_eps'),
    n.field('cash_flow', 'cf_cash_from_oper'), n.field('cash_flow', 'cf_free_cash_flow'),
    n.field('balance_sheet', 'bs_tot_asset'), n.field('balance_sheet', 'net_debt'),
  ].map((f) => `\`${f}\``).join(', ');
}

export const filingChangesPrompt: McpPrompt = {
  def: {
    name: 'latest_filing_changes',
    title: 'What changed in the last filing',
    description: 'What a company\'s latest filing (or the filing of a date you give) changed in its statements: the periods it added and every restated value, comparing the statements as of the day before the filing with today\'s (as_of).',
    arguments: [
      { name: 'identifier', description: 'The company: ticker (AAPL, BRK-B), SEC CIK, CUSIP or ISIN.', required: true },
      { name: 'filing_date', description: 'The filing date (YYYY-MM-DD) to look at; default: the latest filing, found from the statements\' provenance.', required: false },
    ],
  },
  render(args, n) {
    const c = args.company('identifier');
    const filed = args.date('filing_date');
    const id = c.id;
    const quarterly = { identifier: id, period: 'quarterly', limit: QUARTERS };
    const before = filed === undefined ? '<the day before F, YYYY-MM-DD>' : isoDate(dayNumber(filed) - 1);
    const find = filed === undefined
      ? `1. Find the latest filing: call ${n.call('get_financial_statements', { identifier: id, kind: 'income_statement', period: 'quarterly', limit: 1, include: 'provenance' })}. Each non-null field of that record has a \`provenance\` entry with the \`filed\` date, \`form\` and \`accession\` of the filing it comes from: the newest \`filed\` date is the latest filing's date F, and its form says whether it is a 10-Q or a 10-K.`
      : `1. The filing: the one filed on ${filed} (F). To see which it is, call ${n.call('get_financial_statements', { identifier: id, kind: 'income_statement', period: 'quarterly', limit: 1, include: 'provenance', as_of: filed })} and read the \`form\` and \`accession\` of the \`provenance\` entries filed on ${filed}.`;
    const after = filed === undefined
      ? '3. Today: the same three calls without `as_of`.'
      : `3. After: the same three calls with "as_of":"${filed}" (the statements as of the filing day).`;
    return [
      `What changed in the statements of ${id} (SEC CIK ${c.cik}) with ${filed === undefined ? 'its latest filing' : `its filing of ${filed}`}? Compare the statements as tenk served them the day before the filing with ${filed === undefined ? "today's" : 'those of the filing day'}, using tenk's tools (\`as_of\` answers as the filings stood on a day).`,
      '',
      find,
      `2. Before: call ${STATEMENT_KINDS.map((kind) => n.call('get_financial_statements', { ...quarterly, kind, as_of: before })).join(', ')}.`,
      after,
      `   If the filing is a 10-K, do 2 and 3 also with "period":"annual","limit":${YEARS}.`,
      '',
      `Report first the periods the filing added (period end dates in the later answer and not in the earlier one), with their key lines (${keyLines(n)}) against the same period a year before.`,
      'Then every value of a period present in both answers that differs (a restatement or reclassification): field, period end, before, after and the change. No difference is a finding too: say so.',
      `For a changed value, ${n.call('get_value_provenance', { identifier: id, field: 'is_net_income', date: '<period end>', period: 'quarterly' })} (the field and period in question) shows the filing each version comes from. If a tool answers that the dataset has no statements for the company, say so.`,
    ].join('\n');
  },
};
