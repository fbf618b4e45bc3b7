// Opaque, signed v3 page tokens. A token carries the keyset cursor and is bound to the request
// that created it: resource family, path, filters, order and limit. It expires one hour after it
// was issued (by the injected clock) and never contains credentials.
//
// Format: base64url(JSON payload) "." base64url(HMAC-SHA256(secret, "tenk-page-v1." + payload)).
// The payload holds a SHA-256 digest of the binding (not the filters themselves), the cursor and
// the expiry; verification recomputes the binding digest from the request being served, so a token
// replayed with another filter, order, limit, path or resource family fails like a tampered one.
import crypto from 'node:crypto';
import { ApiError } from './errors.js';

export const PAGE_TOKEN_TTL_MS = 60 * 60 * 1000;
const VERSION = 1;
const DOMAIN = 'tenk-page-v1.';

export interface PageBinding {
  /** Resource family, e.g. "v3.reference.ticker". */
  resource: string;
  /** Endpoint path without query, e.g. "/v3.0.0/tickers". */
  path: string;
  /** Every filter that shapes the result set (not page, limit or credentials). */
  filters: Readonly<Record<string, string | number | boolean | null | undefined>>;
  order: string;
  limit: number;
}

interface Payload { v: number; b: string; c: string; e: number }

function bindingDigest(b: PageBinding): string {
  const filters = Object.keys(b.filters).filter((k) => b.filters[k] !== undefined && b.filters[k] !== null).sort()
    .map((k) => [k, String(b.filters[k])]);
  const canonical = JSON.stringify([b.resource, b.path, filters, b.order, b.limit]);
  return crypto.createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

function mac(secret: string, payloadB64: string): string {
  return crypto.createHmac('sha256', secret).update(DOMAIN + payloadB64).digest('base64url');
}

/** A token for the page after `cursor` of the request described by `binding`. */
export function signPageToken(secret: string, binding: PageBinding, cursor: string, now: number, ttlMs = PAGE_TOKEN_TTL_MS): string {
  const payload: Payload = { v: VERSION, b: bindingDigest(binding), c: cursor, e: now + ttlMs };
  const p = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${p}.${mac(secret, p)}`;
}

function invalid(message: string): ApiError {
  return new ApiError('page_token_invalid', message, 'page');
}

/**
 * The cursor of a valid token for this request; otherwise a 400 invalid_request_error
 * (page_token_invalid, param "page"). Expiry is checked after the signature, so an expired token
 * is reported as expired only when it is genuine.
 */
export function verifyPageToken(secret: string, token: string, binding: PageBinding, now: number): string {
  const dot = token.indexOf('.');
  if (token.length > 2048 || dot <= 0 || dot !== token.lastIndexOf('.')) throw invalid('The page token is malformed.');
  const p = token.slice(0, dot);
  const sig = token.slice(dot + 1);
  const expected = Buffer.from(mac(secret, p), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw invalid('The page token is invalid: it was modified or not issued by this service.');
  }
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Payload;
  } catch {
    throw invalid('The page token is malformed.');
  }
  if (payload.v !== VERSION || typeof payload.c !== 'string' || typeof payload.e !== 'number' || typeof payload.b !== 'string') {
    throw invalid('The page token is malformed.');
  }
  if (now >= payload.e) throw invalid('The page token has expired (tokens are valid for one hour): start again without page.');
  if (payload.b !== bindingDigest(binding)) {
    throw invalid('The page token does not match this request: after changing a filter, order or limit, start again without page.');
  }
  return payload.c;
}

/**
 * Absolute URL of another page: same path and query (credentials and the old page dropped),
 * explicit limit, and the new token.
 */
export function pageUrl(baseUrl: string, path: string, query: Readonly<Record<string, string>>, limit: number, token: string): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (k === 'page' || k === 'limit' || k.toLowerCase() === 'apikey') continue;
    params.append(k, v);
  }
  params.set('limit', String(limit));
  params.set('page', token);
  return `${baseUrl}${path}?${params.toString()}`;
}
