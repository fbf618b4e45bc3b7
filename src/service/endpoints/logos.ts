// Registry entries of the company logo endpoints (v2 and v3, one contract): image bytes, not JSON,
// in the variant the query asks for. Never in the response cache (binary: ETag and 304 instead).
import { endpoint, param, type EndpointDef, type TypedEndpointDef } from '../endpoint-types.js';
import { identifierParam } from '../time-series.js';
import { LOGO_FORMATS, LOGO_MAX_SIZE, LOGO_MIN_SIZE, LOGO_CONTENT_TYPES } from '../logo-render.js';
import { logoImage } from '../handlers/logo-image.js';

const LOGO_PARAMS = [
  identifierParam,
  param({ name: 'format', in: 'query', type: 'enum', values: LOGO_FORMATS, default: 'webp', description: 'Image format: webp (default, lossless) or png.' }),
  param({
    name: 'size', in: 'query', type: 'integer', min: LOGO_MIN_SIZE, max: LOGO_MAX_SIZE,
    description: `Longer side in pixels (${LOGO_MIN_SIZE}-${LOGO_MAX_SIZE}); the aspect ratio is kept and a smaller source is enlarged. Default: the source size, capped at ${LOGO_MAX_SIZE}.`,
  }),
  param({ name: 'greyscale', in: 'query', type: 'boolean', default: false, description: 'true: a greyscale image (equal red, green and blue in every pixel; transparency kept).' }),
] as const;

const DESCRIPTION = 'The company\'s logo as image bytes (not a URL), resolved by ticker, CIK, CUSIP or ISIN, in the requested format, size and colour. '
  + 'Each variant has a strong ETag; If-None-Match with it returns 304 with an empty body (still counted against the rate limit). '
  + 'Cache-Control: public, max-age=86400. 404 when the company is unknown or has no logo. '
  + 'Licence of the logo images: CC BY-NC-SA 4.0 (icons by Trade Hub Development, nvstly/icons), non-commercial use only; not covered by the API\'s MIT licence.';

const base = {
  method: 'GET',
  summary: 'Company logo',
  description: DESCRIPTION,
  tag: 'Company',
  params: LOGO_PARAMS,
  response: { kind: 'binary', contentTypes: LOGO_FORMATS.map((f) => LOGO_CONTENT_TYPES[f]) },
  formats: [],
  metering: { metered: true, historyDepth: null },
  pagination: 'none',
  cacheable: false,
  example: { identifier: 'AAPL' },
  handler: logoImage,
} as const satisfies Partial<TypedEndpointDef<typeof LOGO_PARAMS>>;

export const LOGO_ENDPOINTS: readonly EndpointDef[] = [
  endpoint({
    ...base,
    id: 'v2.company_logo',
    path: '/v2/company/logo/{identifier}',
    family: 'v2',
    mcp: { tool: 'get_company_logo', description: 'Logo image of a US-listed company (WebP or PNG bytes; size and greyscale options). Licence CC BY-NC-SA 4.0.' },
  }),
  endpoint({
    ...base,
    id: 'v3.company_logo',
    path: '/v3.0.0/company/logo/{identifier}',
    family: 'v3',
    mcp: { tool: 'get_company_logo', folded: true },
  }),
];
