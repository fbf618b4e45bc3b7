// The base URL of links the server hands out (v3 next_page_url / previous_page_url, MCP page
// links). Invariant: never taken from request headers unless TENK_TRUST_PROXY is set, and then
// only a syntactically valid host; otherwise TENK_PUBLIC_URL, else the address the connection
// actually reached (the listen address), so a forged Host cannot redirect a client's key.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../model/config.js';

/** host[:port] with a DNS name or IPv4, or a bracketed IPv6 literal; nothing else (no userinfo, path). */
const VALID_HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function firstValue(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.split(',', 1)[0]!.trim();
}

/** The address this connection reached, as an origin (http://127.0.0.1:8080, http://[::1]:8080). */
export function listenOrigin(req: FastifyRequest): string {
  let host = req.socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice(7);
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${req.socket.localPort ?? 80}`;
}

/** A host from a trusted proxy's header, or null when it is absent or not a plain host[:port]. */
export function validProxyHost(value: string | undefined): string | null {
  return value !== undefined && value.length <= 261 && VALID_HOST.test(value) ? value : null;
}

export function publicBaseUrl(req: FastifyRequest, config: Pick<Config, 'publicUrl' | 'trustProxy'>): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.trustProxy) {
    const host = validProxyHost(firstValue(req.headers['x-forwarded-host']) ?? firstValue(req.headers.host));
    const proto = firstValue(req.headers['x-forwarded-proto'])?.toLowerCase();
    if (host) return `${proto === 'https' ? 'https' : 'http'}://${host}`;
  }
  return listenOrigin(req);
}
