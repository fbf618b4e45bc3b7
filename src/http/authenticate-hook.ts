// Pipeline step 1 (onRequest): authenticate the request's credentials against the key store (401
// otherwise); starts the request's pipeline state. Invariant: nothing after it runs for a request
// without a valid, unrevoked key.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { KeyStore } from '../store/key-store.js';
import { authenticateRequest } from '../service/authenticate.js';
import { authorizationHeaders } from './authorization-headers.js';
import { startPipeline, type RoutePolicy } from './route-policy.js';

export function authenticateHook(keyStore: KeyStore, policy: RoutePolicy): (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void {
  const family = policy.endpoint.family;
  return function authenticate(req, _reply, done) {
    const state = startPipeline(req, policy);
    authenticateRequest(family, req.query as Readonly<Record<string, unknown>>, req.headers.authorization === undefined ? undefined : authorizationHeaders(req.raw.rawHeaders), keyStore)
      .then((key) => { state.key = key; done(); }, done);
  };
}
