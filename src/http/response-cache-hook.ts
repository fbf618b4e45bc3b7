// Pipeline step 6 (preHandler, cacheable endpoints): the response cache in front of the handler.
// Consulted only after authentication, metering, plan access, validation and the history check
// have all passed, so a cached answer is given under exactly the same conditions as a computed
// one and is counted once (by the meter hook). A hit is written from here; a miss leaves the key
// on the request and the body is stored when it is sent (onSend), as the bytes that went out.
import type { OutgoingHttpHeader, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { LimitDecision } from '../ratelimit/limiter.js';
import { bodyKey, type CachedBody, type ResponseCache } from './response-cache.js';

/** Writes a cached 200 body with the pipeline's headers: those the global onRequest hooks set on
 *  the reply (Request-Id, nosniff, CORS), then type, length, window. */
function writeCachedBody(res: ServerResponse, reply: FastifyReply, requestId: string, hit: CachedBody, d: LimitDecision | null): void {
  const headers: OutgoingHttpHeader[] = ['request-id', requestId];
  for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined && k !== 'request-id') headers.push(k, v as OutgoingHttpHeader);
  headers.push('content-type', hit.contentType, 'content-length', hit.body.length);
  if (d) headers.push('x-ratelimit-limit', d.limit, 'x-ratelimit-remaining', d.remaining, 'x-ratelimit-reset', d.resetAt);
  res.writeHead(200, headers);
  res.end(hit.body);
}

export interface ResponseCacheHooks {
  /** preHandler: answers from the cache (the reply is hijacked and written at once), or notes the key. */
  lookup(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
  /** onSend: keeps a computed 200 body under the key its lookup noted. */
  store(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void;
}

/** `cacheOf`: the cache of the request's dataset (a swapped-in dataset starts with an empty one). */
export function responseCacheHooks(cacheOf: ResponseCache | ((req: FastifyRequest) => ResponseCache)): ResponseCacheHooks {
  const cacheFor = typeof cacheOf === 'function' ? cacheOf : () => cacheOf;
  return {
    lookup(req, reply, done) {
      const state = req.pipeline!;
      const key = bodyKey(state.parsed!.paramsKey, state.cutoff);
      const hit = cacheFor(req).get(key);
      if (hit === undefined) {
        state.bodyKey = key;
        done();
        return;
      }
      // The reply's headers are written by writeCachedBody (the order pinned since the cache
      // began); Fastify's send pipeline is skipped, and its onResponse hooks still run.
      reply.hijack();
      writeCachedBody(reply.raw, reply, req.id, hit, state.rate);
    },
    store(req, reply, payload, done) {
      const key = req.pipeline?.bodyKey ?? null;
      if (key === null || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
        done(null, payload);
        return;
      }
      // Kept as bytes: later hits skip UTF-8 encoding and length computation.
      const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
      cacheFor(req).set(key, { body, contentType: String(reply.getHeader('content-type')) });
      done(null, body);
    },
  };
}
