// Request ids: `req_` + a random per-process tag + a base-36 counter (Fastify's genReqId), and the
// onRequest hook that sends it as `Request-Id` first on every response, success or failure.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

let seq = 0;
const PROCESS_TAG = crypto.randomBytes(4).toString('hex');

export function nextRequestId(): string {
  seq = (seq + 1) % 0x7fffffff;
  return `req_${PROCESS_TAG}${seq.toString(36).padStart(6, '0')}`;
}

/** Global onRequest hook (runs before every route's own steps, unknown routes included). */
export function requestIdHook(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header('Request-Id', req.id);
  done();
}
