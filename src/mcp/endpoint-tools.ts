// One MCP tool per endpoint registry entry, named by the entry's `mcp.tool`: the call validates
// and runs exactly what the REST request with the same params runs (api/invoke-endpoint.ts).
// Invariant: the list is derived from the registry passed in; nothing here names an endpoint.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../api/errors.js';
import type { EndpointDef, EndpointResult } from '../api/endpoint-types.js';
import { deniedDecision, invokeEndpoint } from '../api/invoke-endpoint.js';
import { failureResult, okResult, structured } from './tool-results.js';
import { inputSchema, outputSchema, textColumns, toolParams } from './tool-schemas.js';
import type { McpTool, ToolContext } from './tool-types.js';

/** Tool arguments as the strings a URL would carry (so REST validation applies unchanged). */
export function argStrings(e: EndpointDef, args: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of toolParams(e)) {
    const v = args[p.name];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw new ApiError('parameter_invalid', `${p.name} must be a single ${p.type === 'integer' || p.type === 'number' ? 'number' : 'value'}`, p.name);
    }
    out[p.name] = String(v);
  }
  return out;
}

/** The tool result of an endpoint result: JSON as structuredContent; binary as image content (images) or a note. */
export function resultOf(e: EndpointDef, result: EndpointResult): CallToolResult {
  if (result.kind === 'binary') {
    if (result.contentType.startsWith('image/') && result.contentType !== 'image/svg+xml') {
      return { content: [{ type: 'image', data: result.body.toString('base64'), mimeType: result.contentType }] };
    }
    return { content: [{ type: 'text', text: `The ${e.mcp.tool} result is ${result.contentType} (${result.body.length} bytes), which this tool does not return; fetch ${e.path} over REST.` }] };
  }
  const value = result.kind === 'rows' ? result.rows.map((r) => JSON.parse(r) as unknown) : JSON.parse(JSON.stringify(result.value)) as unknown;
  return okResult(structured(value), textColumns(e));
}

function endpointTool(e: EndpointDef): McpTool {
  const out = outputSchema(e);
  return {
    def: {
      name: e.mcp.tool,
      title: e.summary,
      description: e.mcp.description,
      inputSchema: inputSchema(e),
      ...(out ? { outputSchema: out } : {}),
      annotations: { title: e.summary, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async call(ctx: ToolContext, args) {
      try {
        const outcome = await invokeEndpoint(ctx.services, e, ctx.caller, argStrings(e, args));
        if (outcome.rate) ctx.onRate?.(outcome.rate);
        return resultOf(e, outcome.result);
      } catch (err) {
        const decision = deniedDecision(err);
        if (decision) ctx.onRate?.(decision);
        return failureResult(err, ctx.caller.requestId);
      }
    },
  };
}

export function endpointTools(endpoints: readonly EndpointDef[]): McpTool[] {
  return endpoints.map(endpointTool);
}
