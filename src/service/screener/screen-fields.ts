// Field names of a screen (where, fields, sort) resolved against the screen columns
// (metrics/screen-fields.ts): numeric metric fields available in the period kind, and the profile's
// text fields. An unknown name is a 400 naming the closest known names.
import { SCREEN_NUMERIC_FIELDS, SCREEN_TEXT_FIELDS, type ScreenKind, type ScreenNumericField } from '../../metrics/screen-fields.js';
import { editDistance } from '../../search/text.js';

export type ResolvedField =
  | { kind: 'number'; name: string; field: ScreenNumericField }
  | { kind: 'text'; name: string };

const TEXT = new Set<string>(SCREEN_TEXT_FIELDS);
const ALL_NAMES: readonly string[] = [...SCREEN_NUMERIC_FIELDS.keys(), ...SCREEN_TEXT_FIELDS];

/** Up to three known names closest to `name` (edit distance, then a shared part of the name). */
export function closestNames(name: string): string[] {
  const scored: Array<{ n: string; d: number }> = [];
  for (const n of ALL_NAMES) {
    let d = editDistance(name, n, 4);
    if (d > 4 && name.length >= 4 && (n.includes(name) || name.includes(n))) d = 4.5;
    if (d <= 4.5) scored.push({ n, d });
  }
  return scored.sort((a, b) => a.d - b.d || a.n.localeCompare(b.n)).slice(0, 3).map((s) => s.n);
}

/** The field a name means in a kind, or an error message (unknown name, or not available in the kind). */
export function resolveField(name: string, kind: ScreenKind): ResolvedField | string {
  if (TEXT.has(name)) return { kind: 'text', name };
  const f = SCREEN_NUMERIC_FIELDS.get(name);
  if (!f) {
    const near = closestNames(name);
    return `unknown field '${name}'${near.length > 0 ? `; closest known names: ${near.join(', ')}` : ''} (every field: metric_definitions or /v3.0.0/metrics)`;
  }
  if (f.source[kind] === undefined) return `'${name}' has no ${kind === 'ttm' ? 'TTM' : kind} value (a flow of the income statement or cash flow only): use period=annual or period=quarterly`;
  return { kind: 'number', name, field: f };
}
