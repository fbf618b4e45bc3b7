// MCP over Streamable HTTP at /mcp on `tenk serve`, stateless (a new SDK server and transport per
// POST, JSON responses). Authenticated like v3 before anything else (401 in the v3 envelope);
// each tools/call counts in the key's window inside the tool, with the X-RateLimit-* headers (and
// Retry-After on a denial) on the HTTP response. GET and DELETE are 405: a stateless server has no
// stream to open and no session to end.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { authenticateRequest } from '../service/authenticate.js';
import { authorizationHeaders } from './authorization-headers.js';
import type { AuthenticatedKey } from '../service/endpoint-types.js';
import { ApiError, renderError } from '../service/errors.js';
import type { ServerServices } from '../service/invoke-endpoint.js';
import { publicBaseUrl } from './public-url.js';
import { JSON_TYPE } from './response-format.js';
import type { LimitDecision } from '../ratelimit/limiter.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { toolCatalog } from '../mcp/tool-catalog.js';

export const MCP_PATH = '/mcp';

const keys = new WeakMap<FastifyRequest, AuthenticatedKey>();

function sendV3Error(req: FastifyRequest, reply: FastifyReply, err: unknown, headers: Record<string, string> = {}, status?: number): FastifyReply {
  const apiErr = err instanceof ApiError ? err : new ApiError('internal_error');
  const r = renderError(apiErr, 'v3', String(req.id));
  reply.code(status ?? r.status).header('Cache-Control', 'no-store').header('Content-Type', JSON_TYPE);
  for (const [k, v] of Object.entries({ ...headers, ...(apiErr.headers ?? {}) })) reply.header(k, v);
  return reply.send(r.body);
}

function setRateHeaders(res: ServerResponse, d: LimitDecision): void {
  if (res.headersSent) return;
  res.setHeader('x-ratelimit-limit', d.limit);
  res.setHeader('x-ratelimit-remaining', d.remaining);
  res.setHeader('x-ratelimit-reset', d.resetAt);
  if (!d.allowed) res.setHeader('Retry-After', String(d.retryAfter));
}

/** The /mcp routes, for buildServer's `extraRoutes`; tools come from the server's own endpoint list. */
export function mcpRoutes(version = '0.1.0'): (app: FastifyInstance, services: ServerServices) => void {
  return (app, services) => {
    const tools = toolCatalog(services.endpoints);
    const authenticate = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        keys.set(req, await authenticateRequest('v3', req.query as Record<string, unknown>, req.headers.authorization === undefined ? undefined : authorizationHeaders(req.raw.rawHeaders), services.keyStore));
      } catch (err) {
        return sendV3Error(req, reply, err);
      }
    };
    app.route({
      method: ['GET', 'DELETE'], url: MCP_PATH, onRequest: authenticate,
      handler: async (req, reply) => sendV3Error(req, reply,
        new ApiError('request_malformed', `${req.method} ${MCP_PATH} is not supported: this MCP server is stateless; send JSON-RPC messages with POST.`),
        { Allow: 'POST' }, 405),
    });
    app.route({
      method: 'POST', url: MCP_PATH, onRequest: authenticate,
      handler: async (req, reply) => {
        const key = keys.get(req)!;
        const res = reply.raw;
        const caller = { key, requestId: String(req.id), baseUrl: publicBaseUrl(req, services.config) };
        const server = createMcpServer(tools, () => ({ services, endpoints: services.endpoints, caller, onRate: (d) => setRateHeaders(res, d) }), version);
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        reply.hijack();
        res.setHeader('Request-Id', String(req.id));
        res.on('close', () => { void transport.close(); void server.close(); });
        try {
          await server.connect(transport);
          await transport.handleRequest(req.raw, res, req.body);
        } catch {
          if (!res.headersSent) {
            res.writeHead(500, { 'Content-Type': JSON_TYPE, 'Request-Id': String(req.id) });
            res.end(renderError(new ApiError('internal_error'), 'v3', String(req.id)).body);
          }
        }
      },
    });
  };
}
