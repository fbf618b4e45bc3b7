// Test support for the pipeline hooks' unit tests: a request and reply with only what the hooks
// touch, and a runner that reports how a hook ended (done, done with an error, thrown, or neither:
// it answered the request itself). Not used by the server.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AuthenticatedKey, EndpointDef } from '../../src/service/endpoint-types.js';
import { routePolicy, type PipelineState } from '../../src/http/route-policy.js';

export interface FakeReply {
  headers: Record<string, unknown>;
  statusCode: number;
  hijacked: boolean;
  /** What a hijacked reply wrote to the raw response. */
  written: { status: number; headers: unknown[]; body: Buffer } | null;
}

export function fakeRequest(o: { url?: string; query?: Record<string, unknown>; params?: Record<string, string>; authorization?: string; pipeline?: PipelineState | null } = {}): FastifyRequest {
  return {
    id: 'req_test', url: o.url ?? '/x', query: o.query ?? {}, params: o.params ?? {},
    headers: o.authorization === undefined ? { host: 'localhost' } : { host: 'localhost', authorization: o.authorization }, pipeline: o.pipeline ?? null,
    raw: { httpVersion: '1.1', rawHeaders: o.authorization === undefined ? ['Host', 'localhost'] : ['Host', 'localhost', 'Authorization', o.authorization] },
  } as unknown as FastifyRequest;
}

export function fakeReply(): FastifyReply & FakeReply {
  const r = {
    headers: {} as Record<string, unknown>, statusCode: 200, hijacked: false, written: null as FakeReply['written'],
    header(k: string, v: unknown) { r.headers[k.toLowerCase()] = v; return r; },
    getHeader(k: string) { return r.headers[k.toLowerCase()]; },
    getHeaders() { return { ...r.headers }; },
    hijack() { r.hijacked = true; return r; },
    raw: {
      writeHead(status: number, headers: unknown[]) { r.written = { status, headers, body: Buffer.alloc(0) }; },
      end(body: Buffer) { r.written!.body = body; },
    },
  };
  return r as unknown as FastifyReply & FakeReply;
}

/** A pipeline state for `endpoint` as the hooks before the one under test would leave it. */
export function stateFor(endpoint: EndpointDef, key: AuthenticatedKey | null = null, more: Partial<PipelineState> = {}): PipelineState {
  return { policy: routePolicy(endpoint), key, rate: null, parsed: null, cutoff: null, bodyKey: null, ...more };
}

export type HookOutcome = { ended: 'done'; error: unknown } | { ended: 'threw'; error: unknown } | { ended: 'answered' };

/** Runs a callback-style hook to its end; 'answered' when it neither called done nor threw (after pending promises settle). */
export function runHook(
  hook: (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void, req: FastifyRequest, reply: FastifyReply,
): Promise<HookOutcome> {
  return new Promise((resolve) => {
    try {
      hook(req, reply, ((err?: unknown) => resolve({ ended: 'done', error: err ?? null })) as HookHandlerDoneFunction);
    } catch (error) {
      resolve({ ended: 'threw', error });
      return;
    }
    setImmediate(() => resolve({ ended: 'answered' }));
  });
}
