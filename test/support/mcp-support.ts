// Helpers of the MCP end-to-end tests: SDK clients over Streamable HTTP and stdio, and the tool
// arguments of a registry entry's example (typed as a model would send them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { EndpointDef } from '../../src/service/endpoint-types.js';
import { listShape } from '../../src/mcp/list-pages.js';
import { corpusDatasetPath } from './test-server.js';

/** An SDK client connected to `baseUrl`/mcp with a Bearer key. */
export async function httpClient(baseUrl: string, key: string): Promise<Client> {
  const client = new Client({ name: 'tenk-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

/** An SDK client of a spawned `tenk mcp` on a temp home whose dataset is the corpus dataset. */
export async function stdioClient(): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-mcp-'));
  fs.symlinkSync(corpusDatasetPath(), path.join(home, 'dataset.sqlite'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', path.resolve('src/cli/main.ts'), 'mcp'],
    env: { PATH: process.env.PATH ?? '', TENK_HOME: home, TENK_LOG_LEVEL: 'silent' },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (b: Buffer) => { err += b.toString(); });
  const client = new Client({ name: 'tenk-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => err,
    async close() { await client.close(); fs.rmSync(home, { recursive: true, force: true }); },
  };
}

/** The tool arguments of the entry's example: integers and booleans typed, format left out, the
 *  entry's kind when its tool serves a family. */
export function exampleArgs(e: EndpointDef, overrides: Record<string, string> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = e.mcp.kind !== undefined ? { kind: e.mcp.kind } : {};
  for (const [k, v] of Object.entries({ ...e.example, ...overrides })) {
    const def = e.params.find((p) => p.name === k);
    if (!def || k === 'format') continue;
    out[k] = def.type === 'integer' || def.type === 'number' ? Number(v) : def.type === 'boolean' ? ['true', '1'].includes(v.toLowerCase()) : v;
  }
  return out;
}

/** A REST JSON body as the tool's structuredContent carries it (arrays wrapped as {records}). */
export function asStructured(body: unknown): unknown {
  return Array.isArray(body) ? { records: body } : body;
}

/** The structuredContent a tool called without limit or offset gives for the entry's REST JSON
 *  body: a complete list's first 50 rows with the page fields, a long text's first part, else the
 *  body as asStructured. */
export function expectedStructured(e: EndpointDef, body: unknown): unknown {
  const long = e.mcp.longText;
  if (long) {
    // a long text field comes 30,000 characters at a time
    const text = (body as Record<string, string>)[long]!;
    return { ...(body as object), [long]: text.slice(0, 30_000), [`${long}_length`]: text.length, [`next_${long}_offset`]: text.length > 30_000 ? 30_000 : null };
  }
  const shape = listShape(e);
  if (shape === null) return asStructured(body);
  const all = (shape === 'array' ? body : (body as { data: unknown[] }).data) as unknown[];
  const page = { total: all.length, offset: 0, limit: 50, next_offset: all.length > 50 ? 50 : null };
  if (shape === 'array') return { records: all.slice(0, 50), ...page };
  const { next_page_url: _n, previous_page_url: _p, ...head } = body as Record<string, unknown>;
  return { ...head, data: all.slice(0, 50), ...page };
}

/** A tool's structuredContent without the `total` an entry with `count` adds to the REST JSON
 *  (tests compare the rest with REST and the total on its own). */
export function withoutCount(e: EndpointDef, sc: unknown): unknown {
  if (!e.count || sc === null || typeof sc !== 'object') return sc;
  const { total: _t, ...rest } = sc as Record<string, unknown>;
  return rest;
}

/** The registry entries that are tools of their own (not an entry with a request body, nor one folded into another tool). */
export function toolEntries(endpoints: readonly EndpointDef[]): EndpointDef[] {
  return endpoints.filter((e) => e.body === undefined && !e.mcp.folded);
}

/** The base64 image of a tool result's first content item ('' when it is none). */
export function firstImage(r: unknown): string {
  const c = ((r as { content?: unknown }).content as Array<{ type: string; data?: string }> | undefined)?.[0];
  return c?.type === 'image' ? c.data ?? '' : '';
}

/** The text of a tool result's first content item. */
export function firstText(r: unknown): string {
  const c = ((r as { content?: unknown }).content as Array<{ type: string; text?: string }> | undefined)?.[0];
  return c?.type === 'text' ? c.text ?? '' : '';
}

/** The tool names the registry should give: one per distinct `mcp.tool`, plus the assistant tools. */
export function expectedToolNames(endpoints: readonly EndpointDef[]): string[] {
  return [...new Set(toolEntries(endpoints).map((e) => e.mcp.tool)), 'company_snapshot', 'compare_companies', 'metric_definitions'].sort();
}
