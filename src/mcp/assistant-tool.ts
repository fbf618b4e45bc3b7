// The frame of a tool that only an assistant needs (snapshot, comparison, definitions): one tool
// call is counted once in the caller's window, like one REST request, then the body runs; errors
// become isError results with the REST messages.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { deniedDecision, meterCall } from '../service/invoke-endpoint.js';
import { ANNOTATIONS } from './endpoint-tools.js';
import { failureResult } from './tool-results.js';
import { withoutDescriptions } from './tool-schemas.js';
import type { McpTool, ToolContext } from './tool-types.js';

export function assistantTool(def: Tool, body: (ctx: ToolContext, args: Readonly<Record<string, unknown>>) => Promise<CallToolResult>): McpTool {
  return {
    def: { ...def, ...(def.outputSchema ? { outputSchema: withoutDescriptions(def.outputSchema) } : {}), annotations: ANNOTATIONS },
    async call(ctx, args) {
      try {
        const d = await meterCall(ctx.services, ctx.caller.key);
        if (d) ctx.onRate?.(d);
        return await body(ctx, args);
      } catch (err) {
        const d = deniedDecision(err);
        if (d) ctx.onRate?.(d);
        return failureResult(err, ctx.caller.requestId);
      }
    },
  };
}

/** A string-list argument (a lone string counts as a list of one); null when missing or malformed. */
export function stringList(v: unknown, max: number): string[] | null {
  const list = typeof v === 'string' ? [v] : Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  if (list === null || list.length === 0 || list.length > max) return null;
  return list;
}
