// Request ids: `req_` + a random per-process tag + a base-36 counter (Fastify's genReqId), and the
// onRequest hook that sends it as `Request-Id` first on every response, success or failure (with `X-Content-Type-Options: nosniff`), and
// refuses an HTTP/1.1 request without Host (400 request_malformed).
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from './errors.js';

let seq = 0;
const PROCESS_TAG = crypto.randomBytes(4).toString('hex');

export function nextRequestId(): string {
  seq = (seq + 1) % 0x7fffffff;
  return `req_${PROCESS_TAG}${seq.toString(36).padStart(6, '0')}`;
}

/** Global onRequest hook (runs before every route's own steps, unknown routes included). */
export function requestIdHook(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.header('Request-Id', req.id);
  reply.header('X-Content-Type-Options', 'nosniff');
  // HTTP/1.1 requires Host (Node's own check answers with a bare 400, so it is turned off).
  if (req.headers.host === undefined && req.raw.httpVersion === '1.1') {
    done(new ApiError('request_malformed', 'The Host header is required (HTTP/1.1).'));
    return;
  }
  done();
}
