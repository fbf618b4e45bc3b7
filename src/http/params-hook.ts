// Pipeline step 4 (preHandler): validate the query and path params against the endpoint's
// ParamDefs and cross-param rule (v2 422 / v3 400). Validated params depend only on the raw URL,
// so they are memoized per URL (credentials included; bounded, cleared when full; `validate` must
// be pure); `parseRequestParams` is the plain reference path the memo must always agree with.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { parseEndpointParams } from '../service/params.js';
import type { ParsedParams, RoutePolicy } from './route-policy.js';

/** Validates one request's params (throws the ApiError to render). */
function parseRequestParams(policy: RoutePolicy, pathParams: Readonly<Record<string, string>>, query: Readonly<Record<string, unknown>>): ParsedParams {
  const e = policy.endpoint;
  const params = parseEndpointParams(e, pathParams, query);
  let paramsKey = e.id;
  for (const n of policy.paramNames) paramsKey += `\u0000${params[n] ?? ''}`;
  return { params, paramsKey, format: policy.hasFormat ? String(params.format ?? 'json') : 'json' };
}

interface Memoized { policy: RoutePolicy; parsed: ParsedParams }

type ParamsHook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The validation hooks of one server, sharing one memo of `memoEntries` URLs (0: the reference path on every request). */
export function paramsHooks(memoEntries = 20_000): (policy: RoutePolicy) => ParamsHook {
  const memo = new Map<string, Memoized>();
  return (policy) => function validateParams(req, _reply, done) {
    const m = memo.get(req.url);
    if (m !== undefined && m.policy === policy) {
      req.pipeline!.parsed = m.parsed;
    } else {
      const parsed = parseRequestParams(policy, req.params as Record<string, string>, req.query as Record<string, unknown>);
      if (memoEntries > 0) {
        if (memo.size >= memoEntries) memo.clear();
        memo.set(req.url, { policy, parsed });
      }
      req.pipeline!.parsed = parsed;
    }
    done();
  };
}
