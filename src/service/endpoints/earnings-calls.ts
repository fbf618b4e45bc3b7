// Registry entries of the earnings-call endpoints (v2): one call's transcript by fiscal year and
// quarter, a company's calls without text (newest first) and its latest call. Transcripts are
// third-party text served for tests only (their publisher keeps the copyright; docs/api.md).
import { endpoint, param, type EndpointDef } from '../endpoint-types.js';
import { formatParam, identifierParam, resolveOr404 } from '../time-series.js';
import {
  EARNINGS_CALL_COLUMNS, EARNINGS_CALL_LIST_COLUMNS, earningsCallList, earningsCallTranscript, latestEarningsCall,
} from '../earnings-call-records.js';

const LIST_DEFAULT_LIMIT = 100;
const LIST_MAX_LIMIT = 1000;

const LICENCE = 'Transcript text: copyright stays with its publisher; the corpus is provided for tests only, not covered by the API\'s MIT licence.';
const CALENDAR = 'year and quarter are fiscal, in tenk\'s calendar of the company (as its statements label them); the corpus\'s own labels are checked against the text and corrected where they are off (docs/ingest.md, Transcripts).';
const DATE = 'date is the day of the company\'s earnings release for that quarter (the Item 2.02 8-K in its SEC filing history; the next day when the call says the release came out yesterday), null when none matches.';
const HISTORY = 'The plan\'s history depth applies to the quarter a call discusses (its period end).';

const FORMAT = param({ ...formatParam, description: 'json (default) or excel: tab-separated values with a header row, one row per call (the transcript as one quoted field).' });

const item = {
  symbol: { type: 'string' },
  year: { type: 'integer', description: 'fiscal year (tenk\'s calendar)' },
  quarter: { type: 'integer', minimum: 1, maximum: 4, description: 'fiscal quarter' },
  date: { type: ['string', 'null'], format: 'date', description: 'call date derived from the earnings release 8-K; null when none matches' },
};
const listSchema = { type: 'array', items: { type: 'object', properties: item, required: Object.keys(item) } };
const callSchema = { type: 'object', properties: { ...item, content: { type: 'string', description: 'full transcript text' } }, required: [...Object.keys(item), 'content'] };

const common = {
  method: 'GET',
  family: 'v2',
  tag: 'Earnings calls',
  formats: ['json', 'excel'],
  metering: { metered: true, historyDepth: {} },
  pagination: 'none',
  cacheable: true,
} as const satisfies Partial<EndpointDef>;

export const EARNINGS_CALL_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    ...common,
    id: 'v2.earnings_call_transcript',
    path: '/v2/company/earnings-calls/transcript/{identifier}',
    summary: 'Earnings call transcript',
    description: `The transcript of one earnings call: {symbol, year, quarter, date, content}. ${CALENDAR} ${DATE} 404 when the company has no call for that quarter. ${HISTORY} ${LICENCE}`,
    params: [
      identifierParam,
      { name: 'year', in: 'query', type: 'integer', required: true, min: 1900, max: 2200, description: 'Fiscal year (required).' },
      { name: 'quarter', in: 'query', type: 'integer', required: true, min: 1, max: 4, description: 'Fiscal quarter, 1-4 (required).' },
      FORMAT,
    ],
    response: { kind: 'schema', schema: callSchema, columns: EARNINGS_CALL_COLUMNS },
    mcp: { tool: 'get_earnings_call_transcript', description: 'Transcript of a company\'s earnings call for a fiscal year and quarter (list_earnings_calls lists them), with the call date, 30,000 characters a call (test corpus; publisher\'s copyright).', longText: 'content' },
    example: { identifier: 'UNH', year: '2021', quarter: '3' },
    async handler(deps, params, ctx) {
      const company = resolveOr404(deps, params.identifier);
      const name = company.ticker ?? params.identifier;
      return {
        kind: 'json',
        value: await earningsCallTranscript(deps.dataset.earningsCalls, company.cik, name, params.year, params.quarter, ctx.historyCutoff, ctx.key?.plan ?? null),
      };
    },
  }),
  endpoint({
    ...common,
    id: 'v2.earnings_call_list',
    path: '/v2/company/earnings-calls/list/{identifier}',
    summary: 'Earnings calls of a company',
    description: `A company's earnings calls without their text, newest fiscal quarter first: [{symbol, year, quarter, date}]. ${CALENDAR} ${DATE} ${HISTORY} An empty array when the company has none. ${LICENCE}`,
    params: [
      identifierParam,
      { name: 'limit', in: 'query', type: 'integer', min: 1, max: LIST_MAX_LIMIT, default: LIST_DEFAULT_LIMIT, description: `Maximum number of calls (default ${LIST_DEFAULT_LIMIT}, at most ${LIST_MAX_LIMIT}).` },
      FORMAT,
    ],
    response: { kind: 'schema', schema: listSchema, columns: EARNINGS_CALL_LIST_COLUMNS },
    maxLimit: LIST_MAX_LIMIT,
    mcp: { tool: 'list_earnings_calls', description: 'List of a company\'s earnings calls (fiscal year, quarter, date), newest first.' },
    example: { identifier: 'UNH' },
    async handler(deps, params, ctx) {
      const company = resolveOr404(deps, params.identifier);
      return { kind: 'json', value: await earningsCallList(deps.dataset.earningsCalls, company.cik, ctx.historyCutoff, params.limit ?? LIST_DEFAULT_LIMIT) };
    },
  }),
  endpoint({
    ...common,
    id: 'v2.earnings_call_latest',
    path: '/v2/company/earnings-calls/latest/{identifier}',
    summary: 'Latest earnings call transcript',
    description: `The company's newest earnings call with its transcript: {symbol, year, quarter, date, content}. ${CALENDAR} ${DATE} 404 when the company has no call. ${HISTORY} ${LICENCE}`,
    params: [identifierParam, FORMAT],
    response: { kind: 'schema', schema: callSchema, columns: EARNINGS_CALL_COLUMNS },
    mcp: { tool: 'get_latest_earnings_call', description: 'Transcript of a company\'s most recent earnings call in the dataset, with its fiscal quarter and date, 30,000 characters a call.', longText: 'content' },
    example: { identifier: 'UNH' },
    async handler(deps, params, ctx) {
      const company = resolveOr404(deps, params.identifier);
      const name = company.ticker ?? params.identifier;
      return { kind: 'json', value: await latestEarningsCall(deps.dataset.earningsCalls, company.cik, name, ctx.historyCutoff, ctx.key?.plan ?? null) };
    },
  }),
];
