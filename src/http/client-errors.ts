// Replies to requests Node's HTTP parser rejects before Fastify sees them (header or URL too long,
// NUL bytes, bad header names, Content-Length with Transfer-Encoding, lowercase methods) and to
// CONNECT, which Node hands to no route. Invariant: each gets the contract's error like any other:
// Request-Id, Cache-Control: no-store, nosniff and the envelope of the URL's family, then the
// connection closes (the stream position is unknown after a parse error).
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, familyOfPath, renderError, type ApiFamily } from '../service/errors.js';
import { nextRequestId } from '../service/request-id.js';
import { JSON_TYPE } from './response-format.js';
import type { ServerLog } from './server-log.js';

/** The request target of a raw request line, when it can be read (for the family). */
function targetOf(raw: Buffer | undefined): string {
  if (!raw) return '/';
  const line = raw.subarray(0, Math.min(raw.length, 4096)).toString('latin1').split('\r\n', 1)[0]!;
  const target = line.split(' ')[1];
  return target && target.startsWith('/') ? target : '/';
}

/** The error row for a parser failure code. */
function errorFor(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return new ApiError('request_header_too_large');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_REQUEST_TIMEOUT_ERROR') return new ApiError('request_timeout');
  return new ApiError('request_malformed');
}

/** The whole response, as bytes, for an error outside Fastify's pipeline. */
export function rawErrorResponse(err: ApiError, family: ApiFamily): { requestId: string; status: number; bytes: string } {
  const requestId = nextRequestId();
  const r = renderError(err, family, requestId);
  const bytes = `HTTP/1.1 ${r.status} ${STATUS_CODES[r.status] ?? 'Error'}\r\n` +
    `Request-Id: ${requestId}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
    `Content-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(r.body)}\r\nConnection: close\r\n\r\n${r.body}`;
  return { requestId, status: r.status, bytes };
}

/** Fastify's clientErrorHandler: the parser's failures in the contract's shape. */
export function clientErrorHandler(log: ServerLog): (err: Error, socket: Duplex) => void {
  return (error, socket) => {
    const err = error as NodeJS.ErrnoException & { rawPacket?: unknown };
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const target = targetOf(Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined);
    const { requestId, status, bytes } = rawErrorResponse(errorFor(err.code), familyOfPath(target));
    log.debug({ reqId: requestId, status, code: err.code ?? 'unknown' }, 'request rejected by the HTTP parser');
    // Like Node's own handler: no second status line over a response already being written.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) socket.end(bytes);
    else socket.destroy();
  };
}

/** CONNECT is not a route of this API: answer it (Node would close the socket silently), in the
 *  envelope of its target's family (an authority-form target, `host:port`, is no API path: v2). */
export function answerConnect(server: Server, log: ServerLog): void {
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const target = req.url && req.url.startsWith('/') ? req.url : '/';
    const { requestId, status, bytes } = rawErrorResponse(new ApiError('request_malformed', 'CONNECT is not supported by this server.'), familyOfPath(target));
    log.debug({ reqId: requestId, status, method: 'CONNECT' }, 'request malformed');
    socket.on('error', () => socket.destroy());
    if (socket.writable) socket.end(bytes);
    else socket.destroy();
  });
}
