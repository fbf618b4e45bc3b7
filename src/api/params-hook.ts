// Pipeline step 4 (preHandler): validate the query and path params against the endpoint's
// ParamDefs and cross-param rule (v2 422 / v3 400). Validated params depend only on the raw URL,
// so they are memoized per URL (credentials included; bounded, cleared when full; `validate` must
// be pure); `parseRequestParams` is the plain reference path the memo must always agree with.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { parseParams } from './params.js';
import { pipelineOf, type ParsedParams, type RoutePolicy } from './route-policy.js';

/** Validates one request's params (throws the ApiError to render). */
export function parseRequestParams(policy: RoutePolicy, pathParams: Readonly<Record<string, string>>, query: Readonly<Record<string, unknown>>): ParsedParams {
  const e = policy.endpoint;
  const params = parseParams(e.params, pathParams, query);
  const crossErr = e.validate?.(params);
  if (crossErr) throw crossErr;
  let paramsKey = e.id;
  for (const n of policy.paramNames) paramsKey += `\u0000${params[n] ?? ''}`;
  return { params, paramsKey, format: policy.hasFormat ? String(params.format ?? 'json') : 'json' };
}

interface Memoized { policy: RoutePolicy; parsed: ParsedParams }

/** The validation hook; `memoEntries` 0 runs the reference path on every request. */
export function paramsHook(memoEntries = 20_000): (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  const memo = new Map<string, Memoized>();
  return function validateParams(req, _reply, done) {
    const state = pipelineOf(req);
    const m = memo.get(req.url);
    if (m !== undefined && m.policy === state.policy) {
      state.parsed = m.parsed;
    } else {
      state.parsed = parseRequestParams(state.policy, req.params as Record<string, string>, req.query as Record<string, unknown>);
      if (memoEntries > 0) {
        if (memo.size >= memoEntries) memo.clear();
        memo.set(req.url, { policy: state.policy, parsed: state.parsed });
      }
    }
    done();
  };
}
