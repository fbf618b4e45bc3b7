// Registry entry of the provenance lookup: where one statement value comes from, with every
// candidate fact and the rule that chose (handlers/provenance-lookup.ts; docs/api.md, Provenance).
import { endpoint, type EndpointDef } from '../endpoint-types.js';
import { identifierParam } from '../time-series.js';
import { STATEMENT_FIELD_TYPES, provenanceLookup } from '../handlers/provenance-lookup.js';

const fact = {
  type: 'object',
  properties: {
    concept: { type: 'string' }, order: { type: 'integer' }, unit: { type: 'string' }, value: { type: 'number' },
    start: { type: ['string', 'null'] }, end: { type: 'string' }, accession: { type: 'string' }, form: { type: 'string' },
    filed: { type: 'string' }, url: { type: 'string' }, role: { type: ['string', 'null'], enum: ['chosen', 'input', null] },
  },
};

export const PROVENANCE_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    id: 'v2.provenance',
    method: 'GET',
    path: '/v2/fundamental/provenance/{identifier}',
    family: 'v2',
    summary: 'Provenance of one value',
    description: 'Where one statement value comes from: its provenance (concept, unit, filing, fact period, EDGAR folder URL, derivation), every candidate fact of the field\'s concept-map concepts for that period in every filing, and the rule by which the chosen one won.',
    tag: 'Fundamentals',
    params: [
      identifierParam,
      { name: 'field', in: 'query', type: 'enum', required: true, values: [...STATEMENT_FIELD_TYPES.keys()], description: 'A statement field (income statement, balance sheet or cash flow), e.g. is_sales_revenue_turnover.' },
      { name: 'date', in: 'query', type: 'date', required: true, description: 'The period end date (YYYY-MM-DD) of the record.' },
      { name: 'period', in: 'query', type: 'enum', values: ['annual', 'quarterly'], default: 'annual', description: 'Reporting period: annual (default) or quarterly.' },
    ],
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          ticker: { type: ['string', 'null'] }, cik: { type: 'string' }, record_type: { type: 'string' }, field: { type: 'string' },
          period: { type: 'string' }, date: { type: 'string' }, fiscal_year: { type: ['string', 'null'] }, period_label: { type: ['string', 'null'] },
          value: { type: ['number', 'null'] },
          provenance: { type: ['object', 'null'], description: 'As in include=provenance (docs: Provenance)' },
          inputs: { type: 'object', additionalProperties: { type: 'object' }, description: 'For a composition or formula: the provenance of each input field of the same record that has a value' },
          rule: { type: 'string', description: 'Why the chosen value won' },
          concepts: { type: 'array', items: { type: 'string' }, description: 'The field\'s concepts in the order the resolver tries them' },
          candidates: { type: ['array', 'null'], items: fact, description: 'Every fact of those concepts for the period(s), by concept order; null when the dataset has no fact store' },
        },
      },
    },
    formats: ['json'],
    metering: { metered: true, historyDepth: { dateEndParam: 'date' } },
    pagination: 'none',
    cacheable: true,
    mcp: { tool: 'get_value_provenance', description: 'Where one standardized statement value comes from: the XBRL concept, filing (accession, form, date, EDGAR URL), fact period, derivation, every candidate fact considered and the rule that chose.' },
    errors: ['statements_not_covered'],
    example: { identifier: 'AAPL', field: 'is_sales_revenue_turnover', date: '2023-09-30' },
    handler: async (deps, p) => ({ kind: 'json', value: await provenanceLookup(deps, p.identifier, p.field, p.period ?? 'annual', p.date) }),
  }),
];
