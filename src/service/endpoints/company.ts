// Registry entry of the company profile: one object per company, every spec field present
// (null where no source provides it).
import { endpoint, type EndpointDef } from '../endpoint-types.js';
import { formatParam, identifierParam } from '../time-series.js';
import { PROFILE_COLUMNS, companyProfile } from '../handlers/company-profile.js';

const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

export const COMPANY_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    id: 'v2.company_profile',
    method: 'GET',
    path: '/v2/company/profile/{identifier}',
    family: 'v2',
    summary: 'Company profile',
    description: 'Name, exchange, sector, industry, market cap, description, employees, website, country and currency of a company. Fields no source provides (CEO; IPO date, where only the year is known) are null.',
    tag: 'Company',
    params: [identifierParam, formatParam],
    response: {
      kind: 'schema',
      schema: {
        type: 'object',
        properties: {
          symbol: nullable('string', 'Ticker symbol'),
          name: nullable('string', 'Registered company name (SEC)'),
          exchange: nullable('string', 'Short exchange code'),
          sector: nullable('string', 'Sector; values match /v2/sectors/list'),
          industry: nullable('string', 'Industry; values match /v2/industries/list'),
          market_cap: nullable('number', 'Market value of outstanding shares at the latest period with a price (reporting currency)'),
          description: nullable('string', 'Business description'),
          ceo: nullable('string', 'Chief executive (no source in the corpus: null)'),
          employees: nullable('number', 'Employee count as last reported'),
          ipo_date: nullable('string', 'IPO date YYYY-MM-DD'),
          website: nullable('string', 'Website URL with scheme'),
          country: nullable('string', 'Headquarters country'),
          currency: nullable('string', 'ISO 4217 reporting currency'),
        },
        required: [...PROFILE_COLUMNS],
      },
      columns: PROFILE_COLUMNS,
    },
    formats: ['json', 'excel'],
    metering: { metered: true, historyDepth: null },
    pagination: 'none',
    cacheable: true,
    mcp: { tool: 'get_company_profile', description: 'Profile of a US-listed company: name, exchange, sector, industry, market cap, description, employees, website, country, currency.' },
    example: { identifier: 'AAPL' },
    handler: async (deps, p) => ({ kind: 'json', value: await companyProfile(deps, p.identifier) }),
  }),
];
