// Reader of one daily price set (`prices/<set>/`): its manifest (CSV format, adjustment basis of
// each price column, as-of date) and its per-symbol CSV files, plain or gzip-compressed.
// No business rules: bars come out exactly as the file states them, with the column basis attached.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { isAscii } from 'node:buffer';
import { csvNumber } from './csv-number.js';

export type PriceBasis = 'none' | 'splits' | 'splits_and_dividends';

export interface PriceSetManifest {
  /** Directory name of the set, e.g. "yahoo-2023". */
  name: string;
  dir: string;
  /** The date the adjustments were made as of (YYYY-MM-DD). */
  asOf: string;
  /** Basis of the close column read as `close`. */
  closeBasis: PriceBasis;
  /** Basis of the second close column (`adj_close`), when the set has one. */
  adjCloseBasis: PriceBasis | null;
  /** Column indexes in the CSV; `dividends` and `splitRatio` only in sets that carry their
   *  adjustment events (Yahoo's `Dividends` and `Stock Splits`). */
  columns: {
    date: number; open: number; high: number; low: number; close: number; adjClose: number | null; volume: number;
    dividends?: number | null; splitRatio?: number | null;
  };
  /** Basis of the volume column (as stated; `none` when the manifest is silent). */
  volumeBasis: PriceBasis;
  /** Basis of the dividends column, when the set has one. */
  dividendsBasis: PriceBasis | null;
}

const BASES: ReadonlySet<string> = new Set(['none', 'splits', 'splits_and_dividends']);

function norm(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/** Parse a set's manifest.json; returns a reason string when the manifest cannot be used. */
export function readPriceSetManifest(dir: string): PriceSetManifest | string {
  const file = path.join(dir, 'manifest.json');
  let json: { format?: unknown; columns?: unknown; as_of?: unknown };
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return 'manifest.json missing or not valid JSON';
  }
  if (typeof json.as_of !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(json.as_of)) return 'manifest as_of is not a YYYY-MM-DD date';
  if (typeof json.format !== 'string') return 'manifest format missing';
  const m = /\(([^)]*)\)/.exec(json.format);
  if (!m) return 'manifest format does not list the CSV columns';
  const header = m[1]!.split(',').map(norm);
  const col = (...names: string[]): number => {
    for (const n of names) { const i = header.indexOf(n); if (i >= 0) return i; }
    return -1;
  };
  const columns = {
    date: col('date'), open: col('open'), high: col('high'), low: col('low'), close: col('close'),
    adjClose: col('adj_close', 'adjclose') as number | null, volume: col('volume'),
    dividends: col('dividends') as number | null, splitRatio: col('stock_splits') as number | null,
  };
  if (columns.date < 0 || columns.close < 0) return 'manifest format has no date or close column';
  if (columns.adjClose === -1) columns.adjClose = null;
  if (columns.dividends === -1) columns.dividends = null;
  if (columns.splitRatio === -1) columns.splitRatio = null;
  const bases: Record<string, PriceBasis> = {};
  if (json.columns && typeof json.columns === 'object') {
    for (const [k, v] of Object.entries(json.columns as Record<string, unknown>)) {
      if (typeof v === 'string' && BASES.has(v)) bases[norm(k)] = v as PriceBasis;
    }
  }
  const closeBasis = bases.close;
  if (!closeBasis) return 'manifest does not state the adjustment basis of the close column';
  return {
    name: path.basename(dir), dir, asOf: json.as_of, closeBasis,
    adjCloseBasis: columns.adjClose === null ? null : (bases.adj_close ?? null),
    columns,
    volumeBasis: bases.volume ?? 'none',
    dividendsBasis: columns.dividends === null ? null : (bases.dividends ?? null),
  };
}

/** Symbols of a set: one file per symbol, `SYMBOL.csv` or `SYMBOL.csv.gz` (the plain file wins). */
export function listPriceFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of fs.readdirSync(dir).sort()) {
    const m = /^(.+)\.csv(\.gz)?$/i.exec(name);
    if (!m) continue;
    const symbol = m[1]!.toUpperCase();
    if (out.has(symbol) && m[2]) continue;
    out.set(symbol, path.join(dir, name));
  }
  return out;
}

/** Start offset of each field of text[start, end) in `at`, with at[n] = end + 1; returns n, the field count. */
function fieldStarts(text: string, start: number, end: number, at: number[]): number {
  let n = 0;
  at[n++] = start;
  for (let i = text.indexOf(',', start); i !== -1 && i < end; i = text.indexOf(',', i + 1)) at[n++] = i + 1;
  at[n] = end + 1;
  return n;
}

/** True when text[start, start + 10) sorts before `date` (both YYYY-MM-DD long). */
function before(text: string, start: number, date: string): boolean {
  for (let i = 0; i < 10; i++) {
    const d = text.charCodeAt(start + i) - date.charCodeAt(i);
    if (d !== 0) return d < 0;
  }
  return false;
}

/** The number in field `col` of a row split by fieldStarts into n fields; NaN when absent, empty or not a number. */
function field(text: string, at: number[], col: number, n: number): number {
  return col >= 0 && col < n ? csvNumber(text, at[col]!, at[col + 1]! - 1) ?? NaN : NaN;
}

/**
 * A price file's rows as columns, sorted by date: one entry per kept row in every column, NaN
 * where a field is empty or not a finite number. Columns, not an object per row: a symbol has
 * thousands of rows and the merge (market/price-basis.ts) reads them by column.
 */
export interface PriceColumns {
  dates: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  /** Sets with adjustment events only: cash dividend per share on its ex-date (0 none). */
  dividends?: number[];
  /** Sets with adjustment events only: the source's split or spin-off ratio on its ex-date (0 none). */
  splitRatio?: number[];
}

/**
 * Parse a price CSV's text into columns; rows with no date or no positive close are dropped, and
 * rows dated before `fromDate` (when given) are skipped before being split. Sorted by date
 * (stable). Fields are read in place (csvNumber), not split into substrings: half the CPU of
 * split(',') and Number() over the corpus (3.3-3.9 -> 1.4-1.6 s). The plain reference path is
 * price-csv-plain.ts; prices-set.test.ts checks both give the same columns.
 */
export function parsePriceColumns(
  text: string, columns: PriceSetManifest['columns'], fromDate?: string,
): PriceColumns {
  const dateFirst = columns.date === 0 && fromDate !== undefined;
  const out: PriceColumns = { dates: [], open: [], high: [], low: [], close: [], volume: [] };
  const divCol = columns.dividends ?? -1;
  const splitCol = columns.splitRatio ?? -1;
  const events = divCol >= 0 && splitCol >= 0;
  if (events) { out.dividends = []; out.splitRatio = []; }
  const at: number[] = [];
  let sorted = true;
  let lineStart = text.indexOf('\n') + 1;
  while (lineStart > 0 && lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const next = nl === -1 ? text.length + 1 : nl + 1;
    let lineEnd = nl === -1 ? text.length : nl;
    const start = lineStart;
    lineStart = next;
    if (lineEnd - start < 12) continue;
    if (dateFirst && before(text, start, fromDate!)) continue;
    if (text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
    const n = fieldStarts(text, start, lineEnd, at);
    if (columns.date >= n) throw new TypeError(`price row without a date column: ${text.slice(start, lineEnd)}`);
    const ds = at[columns.date]!;
    if (at[columns.date + 1]! - 1 - ds !== 10 || text.charCodeAt(ds + 4) !== 45 || text.charCodeAt(ds + 7) !== 45) continue;
    const date = text.slice(ds, ds + 10);
    if (fromDate !== undefined && date < fromDate) continue;
    const close = field(text, at, columns.close, n);
    if (!(close > 0)) continue; // also drops NaN (no close)
    if (sorted && out.dates.length > 0 && out.dates[out.dates.length - 1]! >= date) sorted = false;
    out.dates.push(date);
    out.open.push(field(text, at, columns.open, n));
    out.high.push(field(text, at, columns.high, n));
    out.low.push(field(text, at, columns.low, n));
    out.close.push(close);
    out.volume.push(field(text, at, columns.volume, n));
    if (events) {
      out.dividends!.push(field(text, at, divCol, n));
      out.splitRatio!.push(field(text, at, splitCol, n));
    }
  }
  return sorted ? out : sortedByDate(out);
}

/** The same columns with rows in date order (a stable sort: rows of one date keep their order). */
export function sortedByDate(c: PriceColumns): PriceColumns {
  const order = c.dates.map((_, i) => i).sort((a, b) => (c.dates[a]! < c.dates[b]! ? -1 : c.dates[a]! > c.dates[b]! ? 1 : 0));
  const inOrder = <T>(xs: readonly T[]): T[] => order.map((i) => xs[i]!);
  const out: PriceColumns = {
    dates: inOrder(c.dates), open: inOrder(c.open), high: inOrder(c.high), low: inOrder(c.low), close: inOrder(c.close),
    volume: inOrder(c.volume),
  };
  if (c.dividends && c.splitRatio) { out.dividends = inOrder(c.dividends); out.splitRatio = inOrder(c.splitRatio); }
  return out;
}

function readPriceText(file: string): string {
  let buf = fs.readFileSync(file);
  if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) {
    // One output chunk of the size the gzip trailer states (ISIZE, only a hint, ignored when
    // implausible): no growing and concatenating of 16 KiB chunks (inflating the price sets: -25 % CPU).
    const size = buf.length >= 18 ? buf.readUInt32LE(buf.length - 4) : 0;
    buf = size > 0 && size <= 64 * buf.length ? zlib.gunzipSync(buf, { chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, size + 1) }) : zlib.gunzipSync(buf);
  }
  // every price file is ASCII: Latin-1 decoding gives the same string, cheaper than UTF-8's
  return buf.toString(isAscii(buf) ? 'latin1' : 'utf8');
}

/** Read one symbol's file (gzip detected by magic bytes, not only by name) into columns; the file's own adjusted close is not read (the merge does not use it), its event columns are. */
export function readPriceColumns(file: string, columns: PriceSetManifest['columns'], fromDate?: string): PriceColumns {
  return parsePriceColumns(readPriceText(file), columns, fromDate);
}

/**
 * Date of the first data row of a price file without decoding all of it (a gzip prefix is
 * inflated with a sync flush), or null when it cannot be read.
 */
export function peekFirstDate(file: string, columns: PriceSetManifest['columns']): string | null {
  try {
    const fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(8192);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    let buf = head.subarray(0, n);
    if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) buf = zlib.gunzipSync(buf, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const lines = buf.toString('utf8').split('\n');
    for (let i = 1; i < lines.length - 1; i++) {
      const date = lines[i]!.split(',')[columns.date];
      if (date && date.length >= 10 && date[4] === '-' && date[7] === '-') return date.slice(0, 10);
    }
    return null;
  } catch {
    return null;
  }
}
