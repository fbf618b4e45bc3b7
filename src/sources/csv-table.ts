// CSV records exactly as csv-parse/sync returns them with { skip_empty_lines: true,
// relax_column_count: true } (plus trim / bom when asked), as string arrays with the header first.
// Plain files are split here in one pass (csv-parse's byte-by-byte state machine was ~0.5 s of the
// reference step's 2.8 s CPU); anything outside that plain subset (a lone CR, mixed line breaks,
// a quote inside an unquoted field, text after a closing quote, whitespace that trim would cut, an
// unclosed quote, an unexpected BOM) goes to csv-parse itself, so the result, or the error, is its own.
import { parse as parseCsv } from 'csv-parse/sync';

export interface CsvReadOptions {
  /** csv-parse `trim`: whitespace around fields is dropped. */
  trim?: boolean;
  /** csv-parse `bom`: a leading byte order mark is skipped. */
  bom?: boolean;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** After the first line break outside quotes decided it: LF, or CRLF (a lone LF is then field content). */
const UNDECIDED = 0;
const LF_BREAKS = 1;
const CRLF_BREAKS = 2;

/**
 * csv-parse takes the record delimiter from the first line break outside quotes. Plain texts are
 * those where it is LF and no CR occurs anywhere, or it is CRLF and every CR starts a CRLF.
 * Returns the mode, or UNDECIDED when the text is not plain.
 */
function breakModeAt(text: string, pos: number): number {
  if (text.charCodeAt(pos) === LF) return text.indexOf('\r') < 0 ? LF_BREAKS : UNDECIDED;
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 2)) if (text.charCodeAt(i + 1) !== LF) return UNDECIDED;
  return CRLF_BREAKS;
}

/** The records of a plain CSV text, or null when csv-parse must decide. */
function plainRecords(text: string, trim: boolean, bom: boolean): string[][] | null {
  let pos = 0;
  if (text.charCodeAt(0) === 0xfeff) {
    if (!bom) return null;
    pos = 1;
  }
  let mode = UNDECIDED;
  const n = text.length;
  const records: string[][] = [];
  while (pos < n) {
    let code = text.charCodeAt(pos);
    if (code === CR || (code === LF && mode !== CRLF_BREAKS)) { // skip_empty_lines
      if (mode === UNDECIDED && (mode = breakModeAt(text, pos)) === UNDECIDED) return null;
      pos += mode;
      continue;
    }
    const record: string[] = [];
    let quoted = false;
    for (;;) {
      quoted = pos < n && text.charCodeAt(pos) === QUOTE;
      if (quoted) {
        let value = '';
        let start = pos + 1;
        for (;;) {
          const q = text.indexOf('"', start);
          if (q < 0) return null;
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(start, q + 1);
            start = q + 2;
            continue;
          }
          value += text.slice(start, q);
          pos = q + 1;
          break;
        }
        record.push(value);
      } else {
        const start = pos;
        while (pos < n) {
          code = text.charCodeAt(pos);
          if (code === COMMA || code === CR || (code === LF && mode !== CRLF_BREAKS)) break;
          if (code === QUOTE) return null;
          pos += 1;
        }
        // csv-parse trims unquoted fields by the ECMAScript white space set, as String.prototype.trim does.
        record.push(trim ? text.slice(start, pos).trim() : text.slice(start, pos));
      }
      if (pos >= n) break;
      code = text.charCodeAt(pos);
      if (code === COMMA) { pos += 1; continue; }
      if (code === CR || (code === LF && mode !== CRLF_BREAKS)) {
        if (mode === UNDECIDED && (mode = breakModeAt(text, pos)) === UNDECIDED) return null;
        pos += mode;
        break;
      }
      return null; // text after a closing quote
    }
    // A line trimmed to nothing is an empty line (skip_empty_lines).
    if (record.length === 1 && !quoted && record[0] === '') continue;
    records.push(record);
  }
  return records;
}

/** Every record of a CSV text (header first), as csv-parse/sync with skip_empty_lines and relax_column_count gives them. */
export function csvRecords(text: string, options: CsvReadOptions = {}): string[][] {
  const trim = options.trim ?? false;
  const bom = options.bom ?? false;
  return plainRecords(text, trim, bom)
    ?? (parseCsv(text, { skip_empty_lines: true, relax_column_count: true, trim, bom }) as string[][]);
}

/** Positions of a column name in a header, ascending (one unless the header repeats it). */
export function columnPositions(header: readonly string[], name: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < header.length; i += 1) if (header[i] === name) out.push(i);
  return out;
}

/** columnPositions of each of `names`, by name: read a record's fields with cell(record, columns.name). */
export function columnsOf<K extends string>(header: readonly string[], names: readonly K[]): Record<K, number[]> {
  const out = {} as Record<K, number[]>;
  for (const name of names) out[name] = columnPositions(header, name);
  return out;
}

/** A field's text trimmed, or null when it is absent or blank. */
export function nonBlank(v: string | undefined): string | null {
  return v !== undefined && v.trim() !== '' ? v.trim() : null;
}

/**
 * A record's value for a column as csv-parse's `columns: true` object holds it: the field at the
 * column's last position within the record; undefined when the record is too short or the header lacks it.
 */
export function cell(record: readonly string[], positions: readonly number[]): string | undefined {
  for (let k = positions.length - 1; k >= 0; k -= 1) {
    const i = positions[k] as number;
    if (i < record.length) return record[i];
  }
  return undefined;
}

/** A record as csv-parse's `columns: true` object: header names to fields, in header order, for the fields the record has. */
export function csvObject(header: readonly string[], record: readonly string[]): Record<string, string> {
  const obj: Record<string, string> = {};
  const n = Math.min(header.length, record.length);
  for (let i = 0; i < n; i += 1) obj[header[i] as string] = record[i] as string;
  return obj;
}
