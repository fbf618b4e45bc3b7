// The shape of one endpoint registry entry and of the transport-agnostic handler contract.
// Routes, validation, OpenAPI, TSV columns and (later) MCP tools are all generated from these
// entries; a handler never sees HTTP, it gets validated params and returns records.
import type { Config } from '../model/config.js';
import type { DatasetQueries } from '../dataset/queries/read-queries.js';
import type { RecordType } from '../model/record-types.js';
import type { Clock } from '../model/clock.js';
import type { Plan, PlanName } from '../store/plans.js';
import type { ApiError, ApiFamily, ErrorCode } from './errors.js';
import type { IdentifierResolver } from '../reference/resolve-identifier.js';

export type ParamType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'enum';

export interface ParamDef {
  name: string;
  in: 'path' | 'query';
  type: ParamType;
  description: string;
  /** A shorter description for tool schemas (MCP), where `description` is long and the tool list
   *  repeats the param on many tools; `description` otherwise. */
  brief?: string;
  required?: boolean;
  /** Applied when the parameter is absent (or empty). */
  default?: string | number | boolean;
  /** enum: allowed values, matched case-insensitively and normalised to the listed spelling. */
  values?: readonly string[];
  /** integer/number: inclusive bounds. */
  min?: number;
  max?: number;
  /** string: length bounds and pattern. */
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

export type ParamValue = string | number | boolean;
export type ParamValues = Readonly<Record<string, ParamValue | undefined>>;

/** A ParamDef with its literal name, type and enum values kept (declare params through it). */
export function param<const D extends ParamDef>(def: D): D {
  return def;
}

/** The value a validated param holds (params.ts): integer and number -> number, boolean ->
 *  boolean, enum -> one of its listed values, string and date -> string; any of them for a
 *  ParamDef whose type is not a literal (declared without `param`). */
export type ParamValueOf<D extends ParamDef> =
  [D['type']] extends ['integer' | 'number'] ? number
    : [D['type']] extends ['boolean'] ? boolean
      : [D['type']] extends ['enum'] ? (D['values'] extends readonly (infer V extends string)[] ? V : string)
        : [D['type']] extends ['string' | 'date'] ? string
          : ParamValue;

/** A validated param is always there when it is required or has a default; else it may be absent. */
type AlwaysPresent<D extends ParamDef> = D extends { required: true } ? true : D extends { default: ParamValue } ? true : false;

/** The validated params of a param list, by name: what a handler of an entry with these params gets. */
export type ParamsOf<Ps extends readonly ParamDef[]> = {
  readonly [D in Ps[number] as D['name']]: AlwaysPresent<D> extends true ? ParamValueOf<D> : ParamValueOf<D> | undefined;
};

/** A key that passed authentication (the plaintext key is never kept). */
export interface AuthenticatedKey {
  id: string;
  plan: Plan;
}

/** What a handler may know about the request besides its params; no transport objects. */
export interface HandlerContext {
  requestId: string;
  family: ApiFamily;
  endpointId: string;
  /** URL path as requested, without the query string. */
  path: string;
  /** Raw query parameters except credentials (apikey), first value of each. */
  query: Readonly<Record<string, string>>;
  key: AuthenticatedKey | null;
  /** Oldest period end date (YYYY-MM-DD) the plan may see; null = all history. */
  historyCutoff: string | null;
  /** ms since epoch from the injected clock. */
  now: number;
  /** The parsed JSON request body (endpoints with `body`); undefined otherwise. */
  body?: unknown;
  /** Scheme and host the client used (e.g. "http://127.0.0.1:8080"), for absolute page URLs.
   *  Computed only for endpoints with pagination 'cursor'; '' otherwise. */
  baseUrl: string;
}

/** Everything handlers share; built once per server (one dataset handle, one resolver). */
export interface ApiDeps {
  /** The dataset's named queries (src/dataset/read-queries.ts); handlers hold no SQL. */
  dataset: DatasetQueries;
  resolver: IdentifierResolver;
  clock: Clock;
  config: Config;
  /** Server secret for signing page tokens (TENK_SECRET or generated and kept in state). */
  secret: string;
}

export type EndpointResult =
  /** Pre-rendered JSON objects (e.g. records-table bodies), emitted as a bare JSON array. */
  | { kind: 'rows'; rows: readonly string[] }
  /** Any JSON value: a bare object, an array of objects, a v3 envelope. `columns`: the TSV
   *  header (format=excel) where the rows cannot give it (no row, columns chosen per request). */
  | { kind: 'json'; value: unknown; columns?: readonly string[] }
  /** Raw bytes (logos): sent as-is with their content type. With an `etag` (quoted, strong) the
   *  response carries it, and a request whose If-None-Match matches it is answered 304, no body. */
  | { kind: 'binary'; contentType: string; body: Buffer; etag?: string; headers?: Readonly<Record<string, string>> };

export type ResponseShape =
  /** Period records of a metric-registry record type: columns = recordColumns(recordType). */
  | { kind: 'records'; recordType: RecordType }
  /** Any other JSON response: a JSON Schema (OpenAPI 3.1 dialect) and the TSV columns for excel. */
  | { kind: 'schema'; schema: Record<string, unknown>; columns?: readonly string[] }
  | { kind: 'binary'; contentTypes: readonly string[] };

export interface Metering {
  /** Counted against the key's sliding window (every authenticated endpoint is, by default). */
  metered: boolean;
  /** Names of the params that request an explicit history start or end (an end before the plan's
   *  depth asks only for history beyond it: 403); null when the endpoint has no history. */
  historyDepth: null | { fiscalYearStartParam?: string; dateStartParam?: string; fiscalYearEndParam?: string; dateEndParam?: string };
}

/** The MCP side of an entry: its own tool, or `folded` into another tool that already answers the
 *  same records for an assistant (a legacy or v3 form of them: the REST route stays, no tool).
 *  `longText` names a field of the answer the tool serves a part at a time (a transcript). */
export type EndpointMcp =
  | { tool: string; description: string; kind?: string; longText?: string; folded?: undefined }
  | { tool: string; folded: true; description?: undefined; kind?: undefined; longText?: undefined };

export interface EndpointDef {
  /** Stable id, e.g. "v2.income_statement". */
  id: string;
  method: 'GET' | 'POST';
  /** OpenAPI-style path: /v2/fundamental/income-statement/{identifier}. */
  path: string;
  family: ApiFamily;
  summary: string;
  description: string;
  tag: string;
  params: readonly ParamDef[];
  /** A JSON request body (POST): its size cap and JSON Schema (OpenAPI); the handler validates it (ctx.body). */
  body?: { maxBytes: number; schema: Record<string, unknown>; example: unknown };
  /** Cross-parameter rules after each param is valid (e.g. start <= end). Must be a pure
   *  function of the params: validated params are memoized per URL. Time-dependent checks
   *  (page-token expiry) belong in the handler, which reads ctx.now. */
  validate?: (params: ParamValues) => ApiError | null;
  response: ResponseShape;
  formats: readonly ('json' | 'excel')[];
  metering: Metering;
  /** Plans allowed to call it (402 otherwise); omitted = every plan (the spec's default). */
  plans?: readonly PlanName[];
  pagination: 'none' | 'cursor';
  /** Largest accepted `limit` (time series: 250 for ratios/multiples/yield). */
  maxLimit?: number;
  /** Results depend only on (params, history cutoff) over the immutable dataset: cacheable. */
  cacheable?: boolean;
  /** The MCP tool of the entry. Entries sharing a tool name form one tool with a `kind`
   *  argument (each names its own kind; their params must be the same). */
  mcp: EndpointMcp;
  /** Codes of the error table the entry answers beyond the ones every endpoint can (named in its
   *  OpenAPI responses), e.g. statements_not_covered. */
  errors?: readonly ErrorCode[];
  /** A request that succeeds on the corpus: path params and query (used by docs, OpenAPI, tests). */
  example: Readonly<Record<string, string>>;
  handler: (deps: ApiDeps, params: ParamValues, ctx: HandlerContext) => EndpointResult | Promise<EndpointResult>;
  /** A cursor-paged list: how many rows its pages hold in all for these params (MCP tools report
   *  it as `total`; the REST answer does not carry it). */
  count?: (deps: ApiDeps, params: ParamValues) => Promise<number>;
}

/** A registry entry as written: `validate` and `handler` read the params typed from the entry's
 *  own `params` (ParamsOf), with no casts. */
export type TypedEndpointDef<Ps extends readonly ParamDef[]> = Omit<EndpointDef, 'params' | 'validate' | 'handler' | 'count'> & {
  params: Ps;
  validate?: (params: ParamsOf<Ps>) => ApiError | null;
  handler: (deps: ApiDeps, params: ParamsOf<Ps>, ctx: HandlerContext) => EndpointResult | Promise<EndpointResult>;
  count?: (deps: ApiDeps, params: ParamsOf<Ps>) => Promise<number>;
};

/** One registry entry, its handler's params typed from its param list. The one widening to
 *  ParamValues is sound: every call reaches the handler through parseEndpointParams (params.ts),
 *  which validates exactly these ParamDefs (required params and defaults always set). */
export function endpoint<const Ps extends readonly ParamDef[]>(def: TypedEndpointDef<Ps>): EndpointDef {
  return def as unknown as EndpointDef;
}
