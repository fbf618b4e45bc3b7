// MCP over stdio for a desktop assistant on the local dataset: the operator's own process, so no
// key (no window, plan or history limit). Invariant: stdout carries only protocol messages; every
// log line goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { EndpointDef } from '../service/endpoint-types.js';
import type { InvokeServices } from '../service/invoke-endpoint.js';
import { nextRequestId } from '../service/request-id.js';
import { createMcpServer } from './mcp-server.js';
import { toolCatalog } from './tool-catalog.js';

export interface StdioOptions {
  services: InvokeServices;
  endpoints: readonly EndpointDef[];
  version: string;
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

/** Serves until the client closes stdin (resolves then). */
export async function runStdioServer(opts: StdioOptions): Promise<void> {
  const tools = toolCatalog(opts.endpoints);
  const server = createMcpServer(tools, () => ({
    services: opts.services, endpoints: opts.endpoints, caller: { key: null, requestId: nextRequestId(), baseUrl: '' },
  }), opts.version);
  const transport = new StdioServerTransport(opts.input as never, opts.output as never);
  const closed = new Promise<void>((resolve) => { server.onclose = () => resolve(); });
  await server.connect(transport);
  (opts.input ?? process.stdin).once('end', () => { void server.close(); });
  await closed;
}

