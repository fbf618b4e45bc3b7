// The shape of one MCP tool of tenk and of what a call knows: the server's services and the
// caller (a key on /mcp, none on the local stdio process). Invariant: a tool's call never throws
// for a user mistake; it returns a result with isError (tool-results.ts).
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { LimitDecision } from '../ratelimit/limiter.js';
import type { Caller, InvokeServices } from '../service/invoke-endpoint.js';
import type { EndpointDef } from '../service/endpoint-types.js';

export type JsonSchema = Record<string, unknown>;

export interface ToolContext {
  services: InvokeServices;
  endpoints: readonly EndpointDef[];
  caller: Caller;
  /** Told each window decision of a counted call (the HTTP transport sets the rate headers). */
  onRate?: (d: LimitDecision) => void;
}

export interface McpTool {
  /** The MCP Tool description (name, description, inputSchema, outputSchema, annotations). */
  def: Tool;
  call(ctx: ToolContext, args: Readonly<Record<string, unknown>>): Promise<CallToolResult>;
}
