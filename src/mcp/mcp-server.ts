// The MCP server of one connection (stdio) or one HTTP request (stateless Streamable HTTP), on the
// SDK's low-level Server: the tool catalog's JSON Schemas are published as they are (the registry
// speaks JSON Schema, not zod). Invariant: listing and housekeeping never touch the caller's
// window; only tools/call does, inside the tool.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { GetPromptRequestSchema, ListPromptsRequestSchema, ListResourceTemplatesRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { METRIC_RESOURCE_TEMPLATES, metricResources, readMetricResource } from './metric-resources.js';
import { getPrompt, promptDefs } from './prompt-registry.js';
import { RequestError } from './request-error.js';
import type { McpTool, ToolContext } from './tool-types.js';

export const SERVER_NAME = 'tenk';

/** `contextOf` gives each tools/call its context (a fresh request id per call on stdio). */
export function createMcpServer(tools: ReadonlyMap<string, McpTool>, contextOf: () => ToolContext, version: string): Server {
  const server = new Server(
    { name: SERVER_NAME, version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: 'tenk: SEC XBRL fundamentals, ratios, valuation and reference data of US-listed companies. Start with company_snapshot for one company, compare_companies for several, metric_definitions for what a field means.',
    },
  );
  const defs = [...tools.values()].map((t) => t.def);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: defs }));
  server.setRequestHandler(CallToolRequestSchema, (req) => {
    const tool = tools.get(req.params.name);
    if (!tool) throw new RequestError(ErrorCode.InvalidParams, `Unknown tool ${req.params.name.slice(0, 80)}`);
    return tool.call(contextOf(), req.params.arguments ?? {});
  });
  const resources = metricResources();
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources }));
  server.setRequestHandler(ReadResourceRequestSchema, (req) => {
    const r = readMetricResource(req.params.uri);
    if (!r) throw new RequestError(ErrorCode.InvalidParams, `Unknown resource ${req.params.uri.slice(0, 120)}`);
    return r;
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [...METRIC_RESOURCE_TEMPLATES] }));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: promptDefs() }));
  server.setRequestHandler(GetPromptRequestSchema, (req) => getPrompt(req.params.name, req.params.arguments ?? {}, { tools, resolver: contextOf().services.deps.resolver }));
  return server;
}
