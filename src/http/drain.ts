// Graceful drain without connection resets (SIGTERM in `tenk serve`): from the moment it starts,
// every response (in flight or newly arrived on an open keep-alive socket) carries
// `Connection: close`, so clients stop reusing their sockets after it; the listener stops
// accepting; idle keep-alive sockets are given a grace period to carry one last request before
// they are closed. Invariant: a request that reached an open socket is answered, never reset.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

interface Tracked { sockets: Set<Socket> }
const tracked = new WeakMap<Server, Tracked>();

/** Keeps the server's open sockets (one listener per connection, nothing per request). */
export function trackConnections(server: Server): void {
  if (tracked.has(server)) return;
  const t: Tracked = { sockets: new Set() };
  tracked.set(server, t);
  server.on('connection', (socket: Socket) => {
    t.sockets.add(socket);
    socket.once('close', () => t.sockets.delete(socket));
  });
}

/** The response a socket is writing, if any (Node keeps it on the socket while it is in flight). */
function currentResponse(socket: Socket): ServerResponse | null {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

/**
 * Drains and closes the app: Connection: close on every response from now on, no new
 * connections, idle sockets closed once they have had `graceMs` to carry a last request (or all
 * sockets are gone), in-flight requests finished. Resolves when the app is closed.
 */
export async function drainServer(app: FastifyInstance, graceMs = 1000): Promise<void> {
  const server = app.server;
  const t = tracked.get(server);
  // Responses not yet started close their connection after they are sent.
  const closeAfter = (_req: IncomingMessage, res: ServerResponse) => { res.shouldKeepAlive = false; };
  server.prependListener('request', closeAfter);
  for (const socket of t?.sockets ?? []) {
    const res = currentResponse(socket);
    if (res && !res.headersSent) res.shouldKeepAlive = false;
  }
  // app.close() stops the listener; its closing of idle sockets is held back for the grace period
  // (a client may be sending on one right now: closing it would reset that request).
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;
  const closed = app.close();
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && (t?.sockets.size ?? 0) > 0) {
    await new Promise((r) => setTimeout(r, 20));
    // Sockets whose in-flight response had already sent its headers are idle now: they get the
    // rest of the grace period like the others.
  }
  server.closeIdleConnections = closeIdle;
  closeIdle();
  await closed;
}
