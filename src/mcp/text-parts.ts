// Long text of a tool answer a part at a time: an entry naming `mcp.longText` (a transcript's
// `content`, up to ~100,000 characters) answers at most TEXT_PART_CHARS characters of that field
// per call, from `<field>_offset`, with the field's whole length and the offset of the next part.
// Invariant: the parts of a walk concatenate to the REST field, each character exactly once.
import { ApiError } from '../service/errors.js';
import type { JsonSchema } from './tool-types.js';

export const TEXT_PART_CHARS = 30_000;

export const offsetArg = (field: string) => `${field}_offset`;
const lengthField = (field: string) => `${field}_length`;
const nextField = (field: string) => `next_${field}_offset`;

/** The tool argument of a part. */
export function textPartArgs(field: string): Record<string, JsonSchema> {
  return { [offsetArg(field)]: { type: 'integer', minimum: 0, default: 0, description: `Characters of ${field} to skip: ${nextField(field)} of the previous part.` } };
}

/** The outputSchema of an answer whose long field comes a part at a time. */
export function textPartOutputSchema(field: string, schema: JsonSchema & { type: 'object' }): JsonSchema & { type: 'object' } {
  return {
    ...schema,
    properties: { ...(schema.properties as object), [lengthField(field)]: { type: 'integer' }, [nextField(field)]: { type: ['integer', 'null'] } },
    required: [...((schema.required as string[] | undefined) ?? []), lengthField(field), nextField(field)],
  };
}

/** The offset a call asks for (0 by default; a bad value is refused). */
export function textOffset(field: string, args: Readonly<Record<string, unknown>>): number {
  const name = offsetArg(field);
  const v = args[name];
  if (v === undefined || v === null) return 0;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new ApiError('parameter_invalid', `${name} must be an integer from 0`, name);
  return n;
}

/** The answer with one part of its long field, and a note on which part it is. */
export function textPartOf(field: string, value: Record<string, unknown>, offset: number): { content: Record<string, unknown>; note: string } {
  const text = typeof value[field] === 'string' ? value[field] as string : '';
  let end = Math.min(text.length, offset + TEXT_PART_CHARS);
  // never split a surrogate pair: the part ends before its high half
  if (end < text.length && end > offset && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  const start = Math.min(offset, text.length);
  const next = end < text.length ? end : null;
  const content = { ...value, [field]: text.slice(start, end), [lengthField(field)]: text.length, [nextField(field)]: next };
  if (start === end && text.length > 0) return { content, note: `No ${field} at offset ${offset}: it has ${text.length} characters.` };
  const range = `${field}: characters ${start + 1}-${end} of ${text.length}`;
  return { content, note: next === null ? `${range}.` : `${range}. More: call again with ${offsetArg(field)}=${next}.` };
}
