// Tool results: structuredContent (always an object; arrays wrapped as {records: [...]}) with a
// compact text rendering, and errors as isError results carrying the REST API's message.
// Invariant: no stack, SQL, path or key reaches a result; an unexpected failure is the REST 500 text.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../service/errors.js';
import { inferColumns, renderTsv } from '../service/render-tsv.js';
import { redactForLog } from '../service/redact.js';

/** structuredContent of a JSON value: an object as it is, an array as {records: [...]}. */
export function structured(value: unknown): Record<string, unknown> {
  return Array.isArray(value) ? { records: value } : (value as Record<string, unknown>);
}

/** A compact text of a structured result: tab-separated rows for a record list, else compact JSON. */
export function textOf(content: Record<string, unknown>, columns?: readonly string[]): string {
  const keys = Object.keys(content);
  if (keys.length === 1 && Array.isArray(content[keys[0]!])) {
    const rows = content[keys[0]!] as Record<string, unknown>[];
    if (rows.length === 0) return `No ${keys[0]} match.`;
    if (rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) return renderTsv(columns ?? inferColumns(rows), rows);
  }
  return JSON.stringify(content);
}

/** A result with structuredContent; `text` replaces the default rendering. */
export function okResult(content: Record<string, unknown>, columns?: readonly string[], text?: string): CallToolResult {
  return { content: [{ type: 'text', text: text ?? textOf(content, columns) }], structuredContent: content };
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The isError result of a failure: an ApiError's own message (as REST sends it), anything else the 500 text. */
export function failureResult(err: unknown, requestId: string): CallToolResult {
  if (err instanceof ApiError) return errorResult(err.message);
  const e = err as { name?: string; message?: string };
  process.stderr.write(`${JSON.stringify({ level: 'error', reqId: requestId, msg: 'unexpected tool failure', failure: { name: e?.name, message: redactForLog(String(e?.message ?? err)) } })}\n`);
  return errorResult(`${new ApiError('internal_error').message} (Request-Id ${requestId})`);
}
