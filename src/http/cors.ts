// CORS for browsers calling the API from any origin (keys travel in the apikey parameter or the
// Authorization header, never in cookies, so no credentials mode): @fastify/cors with the
// origins of TENK_CORS_ORIGINS (`*` by default, a list, or off), preflight answered with 204.
// Invariant: the headers a client reads (Request-Id, rate limits, Retry-After, ETag) are exposed.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../model/config.js';

export const CORS_EXPOSED_HEADERS = ['Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'ETag'];

export function corsOptions(origins: Config['corsOrigins']): FastifyCorsOptions {
  return {
    origin: origins === '*' ? '*' : [...(origins ?? [])],
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: 86_400,
    // Any OPTIONS is a preflight answered 204 (a strict preflight would answer bare text/plain 400s).
    strictPreflight: false,
  };
}

/** Registers CORS on the app unless TENK_CORS_ORIGINS turned it off. */
export async function registerCors(app: FastifyInstance, origins: Config['corsOrigins']): Promise<void> {
  if (origins === null) return;
  await app.register(cors, corsOptions(origins));
}
