// One MCP tool per endpoint registry entry (one per family sharing a name, none for an entry folded
// into another tool), named by the entry's `mcp.tool`: the call validates and runs exactly what the
// REST request with the same params runs (service/invoke-endpoint.ts), a complete list a page at a
// time. Invariant: the list is derived from the registry passed in; nothing here names an endpoint.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../service/errors.js';
import type { EndpointDef, EndpointResult } from '../service/endpoint-types.js';
import { deniedDecision, invokeEndpoint } from '../service/invoke-endpoint.js';
import { inferColumns, renderTsv } from '../service/render-tsv.js';
import { listShape, pageArgs, pageOf, pagedOutputSchema, pageText } from './list-pages.js';
import { moreNote } from './more-note.js';
import { textOffset, textPartOf } from './text-parts.js';
import { failureResult, okResult, structured } from './tool-results.js';
import { inputSchema, outputSchema, textColumns, toolParams, withoutDescriptions } from './tool-schemas.js';
import type { JsonSchema, McpTool, ToolContext } from './tool-types.js';

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
  return okResult(structured(jsonOf(result)), textColumns(e));
}

/** The JSON value of a non-binary result, as the REST body carries it. */
function jsonOf(result: Exclude<EndpointResult, { kind: 'binary' }>): unknown {
  return result.kind === 'rows' ? result.rows.map((r) => JSON.parse(r) as unknown) : JSON.parse(JSON.stringify(result.value)) as unknown;
}

/** Runs one entry for a call (the REST steps), as a tool result: one page of a complete list,
 *  else the REST answer with a note on how to get more when it stopped at its limit. */
async function callEntry(e: EndpointDef, ctx: ToolContext, args: Readonly<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    const shape = listShape(e);
    const page = shape === null ? null : pageArgs(args);
    const long = e.mcp.longText;
    const textAt = long ? textOffset(long, args) : 0;
    const outcome = await invokeEndpoint(ctx.services, e, ctx.caller, argStrings(e, args));
    if (outcome.rate) ctx.onRate?.(outcome.rate);
    if (shape !== null && page !== null && outcome.result.kind !== 'binary') {
      const p = pageOf(shape, jsonOf(outcome.result), page);
      const columns = shape === 'array' ? textColumns(e) : undefined;
      return okResult(p.content, undefined, pageText(p, (rows) => renderTsv(columns ?? inferColumns(rows), rows)));
    }
    if (long && outcome.result.kind === 'json') {
      const { content, note } = textPartOf(long, jsonOf(outcome.result) as Record<string, unknown>, textAt);
      const { [long]: part, ...rest } = content;
      return okResult(content, undefined, `${note}\n${JSON.stringify(rest)}\n${String(part)}`);
    }
    const result = e.count && outcome.result.kind !== 'binary'
      ? okResult({ ...(jsonOf(outcome.result) as Record<string, unknown>), total: await e.count(ctx.services.deps, outcome.params) }, textColumns(e))
      : resultOf(e, outcome.result);
    const note = result.structuredContent ? moreNote(e, outcome.params, result.structuredContent) : null;
    if (note !== null && result.content[0]?.type === 'text') result.content[0] = { type: 'text', text: `${note}\n${result.content[0].text}` };
    return result;
  } catch (err) {
    const decision = deniedDecision(err);
    if (decision) ctx.onRate?.(decision);
    return failureResult(err, ctx.caller.requestId);
  }
}

/** Read-only (so destructive and idempotent hints, meaningful only for a writing tool, are left
 *  out) and closed-world: the answers come from the local dataset. */
export const ANNOTATIONS = { readOnlyHint: true, openWorldHint: false } as const;

function endpointTool(e: EndpointDef): McpTool {
  const out = outputSchema(e);
  return {
    def: {
      name: e.mcp.tool,
      title: e.summary,
      description: e.mcp.description,
      inputSchema: inputSchema(e),
      ...(out ? { outputSchema: out } : {}),
      annotations: ANNOTATIONS,
    },
    call: (ctx, args) => callEntry(e, ctx, args),
  };
}

/** The same params (names, types, bounds) on every entry of a family: one input schema serves all. */
function assertSameParams(family: readonly EndpointDef[]): void {
  const shape = (e: EndpointDef) => JSON.stringify(inputSchema(e));
  for (const e of family) if (shape(e) !== shape(family[0]!)) throw new Error(`MCP tool ${e.mcp.tool}: ${e.id} has other params than ${family[0]!.id}`);
}

/** The output schema of a family: its members' (one when they agree, as the ratio records do
 *  without descriptions); for paged lists, one page whose rows are any member's rows. */
function familyOutputSchema(family: readonly EndpointDef[]): (JsonSchema & { type: 'object' }) | undefined {
  const outs = family.map(outputSchema);
  if (!outs.every((o) => o !== undefined)) return undefined;
  const distinct = (schemas: readonly JsonSchema[]) => [...new Map(schemas.map((o) => [JSON.stringify(o), o])).values()];
  if (family.every((e) => listShape(e) === 'array')) {
    const items = distinct(family.map((e) => withoutDescriptions((e.response as { schema: JsonSchema }).schema.items as JsonSchema)));
    return pagedOutputSchema('array', { type: 'array', items: items.length === 1 ? items[0]! : { anyOf: items } });
  }
  const all = distinct(outs as JsonSchema[]);
  return all.length === 1 ? all[0] as JsonSchema & { type: 'object' } : { type: 'object', anyOf: all };
}

/** One tool for a family of entries sharing a tool name: a required `kind` argument picks the entry. */
function familyTool(family: readonly EndpointDef[]): McpTool {
  assertSameParams(family);
  const first = family[0]!;
  const kinds = family.map((e) => e.mcp.kind!);
  const input = inputSchema(first);
  const output = familyOutputSchema(family);
  const description = `${family.map((e) => `kind=${e.mcp.kind}: ${e.mcp.description}`).join(' ')}`;
  return {
    def: {
      name: first.mcp.tool,
      title: `${[...new Set(family.map((e) => e.tag))].join(', ')}: ${kinds.join(', ')}`,
      description,
      inputSchema: {
        ...input,
        properties: { kind: { type: 'string', enum: kinds, description: 'What to get (see the tool description).' }, ...input.properties as object },
        required: ['kind', ...((input.required as string[] | undefined) ?? [])],
      },
      ...(output ? { outputSchema: output } : {}),
      annotations: ANNOTATIONS,
    },
    call(ctx, args) {
      const e = family.find((x) => x.mcp.kind === args.kind);
      if (!e) return Promise.resolve(failureResult(new ApiError('parameter_invalid', `kind must be one of ${kinds.join(', ')} (got '${String(args.kind ?? '').slice(0, 40)}')`, 'kind'), ctx.caller.requestId));
      return callEntry(e, ctx, args);
    },
  };
}

/** The tools of the registry, in registry order: one per entry, or one per family sharing a tool name. */
export function endpointTools(endpoints: readonly EndpointDef[]): McpTool[] {
  const families = new Map<string, EndpointDef[]>();
  // An entry with a request body (the spreadsheet batch) has no tool of its own: its assistant
  // form is compare_companies, which takes the same companies x metrics.
  for (const e of endpoints.filter((x) => x.body === undefined && !x.mcp.folded)) {
    const f = families.get(e.mcp.tool);
    if (f) f.push(e); else families.set(e.mcp.tool, [e]);
  }
  return [...families.values()].map((f) => (f.length === 1 && f[0]!.mcp.kind === undefined ? endpointTool(f[0]!) : familyTool(f)));
}
