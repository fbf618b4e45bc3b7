// The onRequest hook that sends the request id (service/request-id.ts) as `Request-Id` first on every
// response, success or failure (with `X-Content-Type-Options: nosniff`), and refuses an HTTP/1.1
// request without Host (400 request_malformed).
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiError } from '../service/errors.js';

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
