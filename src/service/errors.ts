// The error table: one row per (type, code) with its HTTP status, v2 status and retryability.
// v2 bodies `{ error }` and the v3 envelope are both rendered from it. Codes are stable and are
// never reused for a different meaning; add rows, never rename them (docs/api.md lists them all).
import { isDependencyUnavailable } from '../model/dependency-error.js';

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'payment_required_error'
  | 'permission_error'
  | 'conflict_error'
  | 'rate_limit_error'
  | 'api_error';

export interface ErrorRow {
  type: ErrorType;
  code: string;
  /** Status on v3 (and v1). */
  status: number;
  /** Status on v2 where it differs (v2 validation errors are 422). */
  v2Status?: number;
  retryable: boolean;
  /** Default message when the thrower gives none. */
  message: string;
}

export const ERROR_TABLE = {
  parameter_invalid: { type: 'invalid_request_error', code: 'parameter_invalid', status: 400, v2Status: 422, retryable: false, message: 'A request parameter is invalid.' },
  page_token_invalid: { type: 'invalid_request_error', code: 'page_token_invalid', status: 400, v2Status: 422, retryable: false, message: 'The page token is invalid, expired or does not match this request.' },
  body_invalid: { type: 'invalid_request_error', code: 'body_invalid', status: 400, v2Status: 422, retryable: false, message: 'The request body is not valid JSON of the expected shape.' },
  body_too_large: { type: 'invalid_request_error', code: 'body_too_large', status: 413, retryable: false, message: 'The request body is too large.' },
  request_malformed: { type: 'invalid_request_error', code: 'request_malformed', status: 400, retryable: false, message: 'The request could not be parsed.' },
  request_header_too_large: { type: 'invalid_request_error', code: 'request_header_too_large', status: 431, retryable: false, message: 'The request line or headers are too large (16 KB at most).' },
  request_timeout: { type: 'invalid_request_error', code: 'request_timeout', status: 408, retryable: true, message: 'The request was not received in time.' },
  resource_missing: { type: 'invalid_request_error', code: 'resource_missing', status: 404, retryable: false, message: 'The requested resource does not exist.' },
  currency_unsupported: { type: 'invalid_request_error', code: 'currency_unsupported', status: 400, retryable: false, message: 'The dataset holds no exchange rates of this currency (GET /v3.0.0/forex-pairs lists the currencies).' },
  statements_not_covered: { type: 'invalid_request_error', code: 'statements_not_covered', status: 404, retryable: false, message: 'The dataset holds no financial statements of this company (its coverage, not a server fault).' },
  api_key_missing: { type: 'authentication_error', code: 'api_key_missing', status: 401, retryable: false, message: 'No API key was provided: pass it as the apikey query parameter.' },
  api_key_malformed: { type: 'authentication_error', code: 'api_key_malformed', status: 401, retryable: false, message: 'The API key is malformed.' },
  api_key_unknown: { type: 'authentication_error', code: 'api_key_unknown', status: 401, retryable: false, message: 'The API key is not recognised.' },
  api_key_revoked: { type: 'authentication_error', code: 'api_key_revoked', status: 401, retryable: false, message: 'The API key has been revoked.' },
  credentials_conflict: { type: 'authentication_error', code: 'credentials_conflict', status: 401, retryable: false, message: 'The Authorization header and the apikey parameter carry different keys.' },
  plan_upgrade_required: { type: 'payment_required_error', code: 'plan_upgrade_required', status: 402, retryable: false, message: 'Your plan does not include this endpoint.' },
  history_beyond_plan: { type: 'permission_error', code: 'history_beyond_plan', status: 403, retryable: false, message: 'The requested history is beyond your plan.' },
  conflict: { type: 'conflict_error', code: 'conflict', status: 409, retryable: false, message: 'The request conflicts with existing state.' },
  rate_limit_exceeded: { type: 'rate_limit_error', code: 'rate_limit_exceeded', status: 429, retryable: true, message: 'Rate limit exceeded.' },
  internal_error: { type: 'api_error', code: 'internal_error', status: 500, retryable: true, message: 'An unexpected error occurred. Retry later; the Request-Id identifies this failure.' },
  service_unavailable: { type: 'api_error', code: 'service_unavailable', status: 503, retryable: true, message: 'A required dependency is unavailable. Retry later.' },
} as const satisfies Record<string, ErrorRow>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** The one typed error thrown at the API edge; rendered by the error renderer from its row. */
export class ApiError extends Error {
  readonly row: ErrorRow;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly param?: string,
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message ?? ERROR_TABLE[code].message);
    this.row = ERROR_TABLE[code];
  }
}

/** A networked dependency's failure (Redis, PostgreSQL) as the 503 every transport answers
 *  (retryable after a second); any other error unchanged. */
export function unavailableAsApiError(err: unknown): unknown {
  if (!isDependencyUnavailable(err)) return err;
  return new ApiError('service_unavailable', `The service is temporarily unavailable (${err.dependency === 'redis' ? 'rate limiting' : 'storage'} backend unreachable). Retry later.`,
    undefined, { 'Retry-After': '1' });
}

export type ApiFamily = 'v1' | 'v2' | 'v3';

export interface RenderedError {
  status: number;
  body: string;
}

/** Render an error for a path family: v2/v1 `{ "error": msg }` on 422, `{ error, type, code }`
 *  otherwise; v3 the envelope. */
export function renderError(err: ApiError, family: ApiFamily, requestId: string): RenderedError {
  if (family === 'v3') {
    const e: Record<string, string> = { type: err.row.type, code: err.row.code, message: err.message, request_id: requestId };
    if (err.param) e.param = err.param;
    return { status: err.row.status, body: JSON.stringify({ error: e }) };
  }
  const status = err.row.v2Status ?? err.row.status;
  // The v2 422 body is exactly `{ error }` (spec); other v2 errors add the type and code of the
  // status table, so clients can branch on them as on v3.
  if (status === 422) return { status, body: JSON.stringify({ error: err.message }) };
  return { status, body: JSON.stringify({ error: err.message, type: err.row.type, code: err.row.code }) };
}

/** The family of a URL path: /v3.0.0/… is v3, and so is /mcp (authenticated like v3); /v1/… is
 *  v1, anything else answers like v2. */
export function familyOfPath(url: string): ApiFamily {
  if (url.startsWith('/v3') || /^\/mcp(?:[/?]|$)/.test(url)) return 'v3';
  if (url.startsWith('/v1/')) return 'v1';
  return 'v2';
}
