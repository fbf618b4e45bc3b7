// Pipeline step 1 (onRequest): authenticate the request's credentials against the key store (401
// otherwise). Invariant: nothing after it runs for a request without a valid, unrevoked key.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyStore } from '../store/key-store.js';
import { authenticateRequest } from './authenticate.js';
import { pipelineOf } from './route-policy.js';

export function authenticateHook(keyStore: KeyStore): (req: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async function authenticate(req) {
    const state = pipelineOf(req);
    state.key = await authenticateRequest(state.policy.endpoint.family, req.query as Readonly<Record<string, unknown>>, req.headers.authorization, keyStore);
  };
}
