// Reader for the NASDAQ Trader symbol directory (nasdaqlisted.txt / otherlisted.txt, plain or gzip,
// current or monthly history snapshots): pipe-delimited rows, header by name, footer line dropped.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { csvRows } from './csv-table.js';

export interface DirectoryRow {
  /** Symbol exactly as the directory writes it (ACT symbol for otherlisted, e.g. BRK.B, ABR$D). */
  rawSymbol: string;
  securityName: string;
  /** 'nasdaq' for nasdaqlisted.txt (exchange Q, tier in marketCategory), 'other' for otherlisted.txt. */
  file: 'nasdaq' | 'other';
  /** Exchange letter: Q for nasdaqlisted; N, A, P, Z, V, M... for otherlisted. */
  exchangeLetter: string;
  /** NASDAQ tier (Q Global Select, G Global Market, S Capital Market) or null. */
  marketCategory: string | null;
  etf: boolean;
  testIssue: boolean;
}

export interface DirectorySnapshot {
  /** YYYY-MM-DD of the snapshot (from the file name or the footer), or null when unknown. */
  date: string | null;
  rows: DirectoryRow[];
}

function readMaybeGzip(file: string): string {
  const buf = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(buf) : buf).toString('utf8');
}

/** Runs of whitespace other than one plain space: only names with these need collapsing. */
const UNEVEN_SPACE = /\s\s|[^\S ]/;

/** Whitespace runs collapsed to one space, trimmed; most names need no new string. */
function collapseSpaces(s: string): string {
  return (UNEVEN_SPACE.test(s) ? s.replace(/\s+/g, ' ') : s).trim();
}

/** The text's lines as split(/\r?\n/) gives them, without the regular-expression split. */
function textLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i += 1) {
    const line = lines[i] as string;
    if (line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** Parses one directory file's text. Unknown layouts yield no rows rather than garbage. */
export function parseDirectory(text: string, file: 'nasdaq' | 'other'): DirectoryRow[] {
  const lines = textLines(text);
  const header = (lines[0] ?? '').split('|').map((h) => h.trim());
  const col = (name: string) => header.indexOf(name);
  const iSym = file === 'nasdaq' ? col('Symbol') : col('ACT Symbol');
  const iName = col('Security Name');
  const iEx = col('Exchange');
  const iCat = col('Market Category');
  const iEtf = col('ETF');
  const iTest = col('Test Issue');
  if (iSym < 0 || iName < 0) return [];
  const out: DirectoryRow[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i];
    if (!line || line.startsWith('File Creation Time')) continue;
    const f = line.split('|');
    const rawSymbol = (f[iSym] ?? '').trim();
    if (!rawSymbol) continue;
    out.push({
      rawSymbol,
      securityName: collapseSpaces(f[iName] ?? ''),
      file,
      exchangeLetter: file === 'nasdaq' ? 'Q' : (f[iEx] ?? '').trim(),
      marketCategory: file === 'nasdaq' && iCat >= 0 ? (f[iCat] ?? '').trim() || null : null,
      etf: iEtf >= 0 && (f[iEtf] ?? '').trim() === 'Y',
      testIssue: iTest >= 0 && (f[iTest] ?? '').trim() === 'Y',
    });
  }
  return out;
}

function footerDate(text: string): string | null {
  // "File Creation Time: 0721202521:31" -> MMDDYYYY
  const m = /File Creation Time: (\d{2})(\d{2})(\d{4})/.exec(text);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : null;
}

/** The current directory (listings/nasdaqlisted.txt + otherlisted.txt), or null when absent. */
export function readCurrentDirectory(sourceDir: string): DirectorySnapshot | null {
  const dir = path.join(sourceDir, 'listings');
  const rows: DirectoryRow[] = [];
  let date: string | null = null;
  let found = false;
  for (const [name, kind] of [['nasdaqlisted.txt', 'nasdaq'], ['otherlisted.txt', 'other']] as const) {
    for (const candidate of [name, `${name}.gz`]) {
      const file = path.join(dir, candidate);
      if (!fs.existsSync(file)) continue;
      const text = readMaybeGzip(file);
      date ??= footerDate(text);
      rows.push(...parseDirectory(text, kind));
      found = true;
      break;
    }
  }
  return found ? { date, rows } : null;
}

/** Monthly history snapshots (listings/history/<stamp>_{nasdaq,other}listed.txt[.gz]), oldest first. */
export function readDirectoryHistory(sourceDir: string): DirectorySnapshot[] {
  const dir = path.join(sourceDir, 'listings', 'history');
  if (!fs.existsSync(dir)) return [];
  const byDate = new Map<string, DirectoryRow[]>();
  for (const name of fs.readdirSync(dir).sort()) {
    const m = /^(\d{4}-\d{2}-\d{2})[^_]*_(nasdaq|other)listed\.txt(\.gz)?$/.exec(name);
    if (!m) continue;
    const date = m[1] as string;
    const rows = parseDirectory(readMaybeGzip(path.join(dir, name)), m[2] as 'nasdaq' | 'other');
    const list = byDate.get(date) ?? [];
    list.push(...rows);
    byDate.set(date, list);
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, rows]) => ({ date, rows }));
}

export interface DerivedGoneRow {
  rawSymbol: string;
  securityName: string;
  /** e.g. N, A, P, Z, or Q:G (NASDAQ with tier). */
  exchangeCode: string;
  etf: boolean;
  lastSeen: string | null;
  firstSeen: string | null;
}

/** The value of the first column whose name starts with `prefix`, trimmed; '' when there is none. */
function pick(rec: Record<string, string>, prefix: string): string {
  const key = Object.keys(rec).find((k) => k.startsWith(prefix));
  return key ? (rec[key] ?? '').trim() : '';
}

/**
 * The derived_*.csv files beside the history: symbols that disappeared between snapshots
 * (`derived_gone_between_*`) and symbol lifespans (`derived_symbol_lifespans_*`). Column names
 * vary by file (security_name_2016 / security_name_last ...), so they are matched by prefix.
 */
export function readDerivedSymbols(sourceDir: string): DerivedGoneRow[] {
  const dir = path.join(sourceDir, 'listings');
  if (!fs.existsSync(dir)) return [];
  const out: DerivedGoneRow[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!/^derived_.*\.csv(\.gz)?$/.test(name)) continue;
    for (const r of csvRows(readMaybeGzip(path.join(dir, name)), { trim: true })) {
      const rawSymbol = pick(r, 'symbol');
      if (!rawSymbol) continue;
      out.push({
        rawSymbol,
        securityName: pick(r, 'security_name').replace(/\s+/g, ' '),
        exchangeCode: pick(r, 'exchange_code'),
        etf: pick(r, 'etf') === 'Y',
        lastSeen: pick(r, 'last_seen') || null,
        firstSeen: pick(r, 'first_seen') || null,
      });
    }
  }
  return out;
}
