// Every MCP tool of a server: one per endpoint registry entry, then the assistant tools. Built
// from the endpoint list passed in, so a registry entry added anywhere is a tool here.
// Invariant: tool names are unique, and an entry folded into a tool names one that exists (the
// build throws otherwise).
import type { EndpointDef } from '../service/endpoint-types.js';
import { companySnapshotTool } from './company-snapshot-tool.js';
import { compareCompaniesTool } from './compare-companies-tool.js';
import { endpointTools } from './endpoint-tools.js';
import { metricDefinitionsTool } from './metric-definitions-tool.js';
import type { McpTool } from './tool-types.js';

export const ASSISTANT_TOOLS: readonly McpTool[] = [companySnapshotTool, compareCompaniesTool, metricDefinitionsTool];

export function toolCatalog(endpoints: readonly EndpointDef[]): ReadonlyMap<string, McpTool> {
  const tools = new Map<string, McpTool>();
  for (const t of [...endpointTools(endpoints), ...ASSISTANT_TOOLS]) {
    if (tools.has(t.def.name)) throw new Error(`duplicate MCP tool ${t.def.name}`);
    tools.set(t.def.name, t);
  }
  for (const e of endpoints) if (e.mcp.folded && !tools.has(e.mcp.tool)) throw new Error(`${e.id} is folded into MCP tool ${e.mcp.tool}, which does not exist`);
  return tools;
}
