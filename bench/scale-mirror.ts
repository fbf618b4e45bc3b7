// The scale benchmark's source mirror (bench/scale.ts): the corpus with every companyfacts company
// cloned factor−1 times under new CIKs, names and tickers, laid out the way `tenk ingest` reads a
// mirror (docs/ingest.md, What is read). A clone has its original's facts (only `cik` and
// `entityName` rewritten), submissions (cik, name, tickers), ticker rows, price files, splits and
// ADR ratio rows, so its records equal its original's but for the identifiers.
// Files not cloned (listings, history snapshots, profiles, logos, transcripts, calendars, fx) are
// symbolic links to the corpus; the mirror holds no copy of a file it does not change.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { listCikFiles, type CikFileSource } from '../src/sources/sec-cik-files.js';
import { decodePayload } from '../src/sources/sec-zip.js';
import { listPriceFiles } from '../src/sources/prices-set.js';
import { createZipWriter, type ZipWriter } from './zip-writer.js';

/** A company of the corpus and the symbols the ticker universe gives it (the `tickers` rows of its CIK). */
export interface MirrorCompany {
  cik: string;
  symbols: ReadonlyArray<{ symbol: string; exchange: string | null }>;
}

export interface MirrorOptions {
  sourceDir: string;
  targetDir: string;
  /** The mirror holds factor times the corpus's companyfacts companies (2..27). */
  factor: number;
  /** Symbols per CIK (from the corpus's own build); a facts company not listed here gets no ticker rows. */
  companies: readonly MirrorCompany[];
  /** Every symbol of the corpus's ticker universe: a clone symbol must not be one of them. */
  universe: ReadonlySet<string>;
}

export interface MirrorSummary {
  /** Companyfacts companies of the corpus, and of the mirror. */
  originals: number;
  companies: number;
  /** Bytes the mirror wrote (zips, plain files, rewritten reference files). */
  bytesWritten: number;
  seconds: number;
}

export const MAX_FACTOR = 27;

/** The k-th clone's CIK (k ≥ 1): 10 digits starting 1, above every CIK SEC has issued. */
export function cloneCik(cik: string, k: number): string {
  return String(1_000_000_000 + k * 10_000_000 + Number(cik)).padStart(10, '0');
}

/** The k-th clone's symbol: the prefix `ZQ` + a letter (no symbol of the corpus's universe starts so), so symbols keep their order within a clone. */
export function cloneSymbol(symbol: string, k: number): string {
  return `ZQ${String.fromCharCode(64 + k)}${symbol}`;
}

export function cloneName(name: string, k: number): string {
  return `${name} (clone ${k})`;
}

/** The inverse of the identifiers of a clone, for the benchmark's check: (clone CIK) -> [original CIK, k]. */
export function originalOf(cik: string): { cik: string; k: number } | null {
  const n = Number(cik);
  if (!(n >= 1_010_000_000)) return null;
  const k = Math.floor((n - 1_000_000_000) / 10_000_000);
  return { cik: String(n - 1_000_000_000 - k * 10_000_000).padStart(10, '0'), k };
}

/** The JSON header of a companyfacts file (the text before `"facts"`), with cik and entityName of clone k. */
function cloneFactsHeader(header: string, k: number): string {
  const head = JSON.parse(`${header}"facts":null}`) as Record<string, unknown>;
  delete head.facts;
  if (head.cik !== undefined) {
    const c = cloneCik(String(head.cik).padStart(10, '0'), k);
    head.cik = typeof head.cik === 'number' ? Number(c) : c;
  }
  if (typeof head.entityName === 'string') head.entityName = cloneName(head.entityName, k);
  const text = JSON.stringify(head);
  return text.length > 2 ? `${text.slice(0, -1)},` : '{';
}

/** Where the facts' own header ends (the `"facts"` key), when it comes first in the file's first 4 kB. */
function headerEnd(plain: Buffer): number {
  const at = plain.subarray(0, 4096).indexOf('"facts"');
  if (at <= 0) return -1;
  try {
    JSON.parse(`${plain.subarray(0, at).toString('utf8')}"facts":null}`);
    return at;
  } catch {
    return -1;
  }
}

function cloneSubmission(plain: Buffer, k: number): Buffer {
  const doc = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
  if (doc.cik !== undefined) {
    const c = cloneCik(String(doc.cik).padStart(10, '0'), k);
    doc.cik = typeof doc.cik === 'number' ? Number(c) : c;
  }
  if (typeof doc.name === 'string') doc.name = cloneName(doc.name, k);
  if (Array.isArray(doc.tickers)) doc.tickers = doc.tickers.map((t) => (typeof t === 'string' ? cloneSymbol(t, k) : t));
  return Buffer.from(JSON.stringify(doc), 'utf8');
}

const FULL_FLUSH = { finishFlush: zlib.constants.Z_FULL_FLUSH };

/**
 * Writes sec/<name>.zip and sec/<name>/ of the mirror: every original as stored, then its clones.
 * Companyfacts clones share their original's compressed body: the rewritten header is deflated on
 * its own up to a full flush (byte-aligned, no back references), then the body's stream follows.
 */
async function writeCikSet(o: MirrorOptions, name: 'companyfacts' | 'submissions', clone: ReadonlySet<string>): Promise<{ bytes: number; ciks: string[] }> {
  const set = await listCikFiles(o.sourceDir, name);
  if (set.missing) return { bytes: 0, ciks: [] };
  const zipPath = path.join(o.sourceDir, 'sec', `${name}.zip`);
  const dir = path.join(o.targetDir, 'sec', name);
  let zip: ZipWriter | null = null;
  if (fs.existsSync(zipPath)) zip = createZipWriter(path.join(o.targetDir, 'sec', `${name}.zip`));
  let bytes = 0;
  const ciks: string[] = [];
  try {
    for (const src of set.sources) {
      const inZip = src.origin.startsWith(`${name}.zip:`);
      const raw = src.readSync();
      if (inZip && zip) {
        zip.add({ name: `CIK${src.cik}.json`, method: raw.encoding === 'deflate-raw' ? 8 : 0, parts: [raw.bytes], crc32: raw.expectedCrc32 ?? 0, size: raw.expectedSize ?? raw.bytes.byteLength });
      } else {
        fs.mkdirSync(dir, { recursive: true });
        fs.symlinkSync(path.resolve(o.sourceDir, 'sec', name, `CIK${src.cik}.json`), path.join(dir, `CIK${src.cik}.json`));
      }
      if (!clone.has(src.cik)) continue;
      ciks.push(src.cik);
      bytes += writeClones(o, name, src, decodePayload(raw), inZip ? zip : null, dir);
    }
  } finally {
    set.close();
    if (zip) bytes += zip.close();
  }
  return { bytes, ciks };
}

/** The factor−1 clones of one file, into the zip when the original came from one, else as plain files. */
function writeClones(o: MirrorOptions, name: string, src: CikFileSource, plain: Buffer, zip: ZipWriter | null, dir: string): number {
  let bytes = 0;
  const plainFile = (k: number, text: Buffer) => {
    fs.writeFileSync(path.join(dir, `CIK${cloneCik(src.cik, k)}.json`), text);
    bytes += text.length;
  };
  const end = name === 'companyfacts' ? headerEnd(plain) : -1;
  if (end > 0) {
    const header = plain.subarray(0, end).toString('utf8');
    const body = plain.subarray(end);
    const bodyDeflated = zip ? zlib.deflateRawSync(body) : null;
    for (let k = 1; k < o.factor; k++) {
      const head = Buffer.from(cloneFactsHeader(header, k), 'utf8');
      if (zip && bodyDeflated) {
        zip.add({ name: `CIK${cloneCik(src.cik, k)}.json`, method: 8, parts: [zlib.deflateRawSync(head, FULL_FLUSH), bodyDeflated], crc32: zlib.crc32(body, zlib.crc32(head)), size: head.length + body.length });
      } else {
        plainFile(k, Buffer.concat([head, body]));
      }
    }
    return bytes;
  }
  for (let k = 1; k < o.factor; k++) {
    const text = name === 'companyfacts' ? cloneFactsWhole(plain, k) : cloneSubmission(plain, k);
    if (zip) zip.add({ name: `CIK${cloneCik(src.cik, k)}.json`, method: 8, parts: [zlib.deflateRawSync(text)], crc32: zlib.crc32(text), size: text.length });
    else plainFile(k, text);
  }
  return bytes;
}

/** The slow path: a facts file whose header is not first, parsed and written again whole. */
function cloneFactsWhole(plain: Buffer, k: number): Buffer {
  const doc = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
  if (doc.cik !== undefined) {
    const c = cloneCik(String(doc.cik).padStart(10, '0'), k);
    doc.cik = typeof doc.cik === 'number' ? Number(c) : c;
  }
  if (typeof doc.entityName === 'string') doc.entityName = cloneName(doc.entityName, k);
  return Buffer.from(JSON.stringify(doc), 'utf8');
}

/** sec/company_tickers_exchange.json and sec/company_tickers.json with every clone's symbols appended. */
function writeTickerFiles(o: MirrorOptions, cloned: ReadonlyMap<string, MirrorCompany>, names: ReadonlyMap<string, string>): number {
  let bytes = 0;
  const exFile = path.join(o.sourceDir, 'sec', 'company_tickers_exchange.json');
  if (fs.existsSync(exFile)) {
    const doc = JSON.parse(fs.readFileSync(exFile, 'utf8')) as { fields: string[]; data: unknown[][] };
    const col = (n: string) => doc.fields.indexOf(n);
    const [ci, ni, ti, ei] = [col('cik'), col('name'), col('ticker'), col('exchange')];
    const added: unknown[][] = [];
    for (let k = 1; k < o.factor; k++) {
      for (const [cik, c] of cloned) {
        for (const s of c.symbols) {
          const row: unknown[] = new Array(doc.fields.length).fill(null);
          if (ci >= 0) row[ci] = Number(cloneCik(cik, k));
          if (ni >= 0) row[ni] = cloneName(names.get(cik) ?? cik, k);
          if (ti >= 0) row[ti] = cloneSymbol(s.symbol, k);
          if (ei >= 0) row[ei] = s.exchange;
          added.push(row);
        }
      }
    }
    doc.data.push(...added);
    const text = JSON.stringify(doc);
    fs.writeFileSync(path.join(o.targetDir, 'sec', 'company_tickers_exchange.json'), text);
    bytes += text.length;
  }
  const plainFile = path.join(o.sourceDir, 'sec', 'company_tickers.json');
  if (fs.existsSync(plainFile)) {
    const doc = JSON.parse(fs.readFileSync(plainFile, 'utf8')) as Record<string, { cik_str: number; ticker: string; title: string }>;
    let i = Object.keys(doc).length;
    for (let k = 1; k < o.factor; k++) {
      for (const [cik, c] of cloned) {
        for (const s of c.symbols) doc[String(i++)] = { cik_str: Number(cloneCik(cik, k)), ticker: cloneSymbol(s.symbol, k), title: cloneName(names.get(cik) ?? cik, k) };
      }
    }
    const text = JSON.stringify(doc);
    fs.writeFileSync(path.join(o.targetDir, 'sec', 'company_tickers.json'), text);
    bytes += text.length;
  }
  return bytes;
}

/** A CSV whose first column is a symbol, with the rows of cloned symbols repeated per clone. */
function writeSymbolCsv(o: MirrorOptions, rel: string, symbols: ReadonlySet<string>): number {
  const src = path.join(o.sourceDir, rel);
  if (!fs.existsSync(src)) return 0;
  const lines = fs.readFileSync(src, 'utf8').split(/\r?\n/).filter((l) => l.length > 0);
  const out = [...lines];
  for (let k = 1; k < o.factor; k++) {
    for (const line of lines.slice(1)) {
      const comma = line.indexOf(',');
      const symbol = line.slice(0, comma).trim().toUpperCase();
      if (comma > 0 && symbols.has(symbol)) out.push(`${cloneSymbol(symbol, k)}${line.slice(comma)}`);
    }
  }
  const text = `${out.join('\n')}\n`;
  fs.mkdirSync(path.dirname(path.join(o.targetDir, rel)), { recursive: true });
  fs.writeFileSync(path.join(o.targetDir, rel), text);
  return text.length;
}

/** prices/<set>/: links to every file of the set, and one per clone symbol to its original's file. */
function linkPriceSets(o: MirrorOptions, symbols: ReadonlySet<string>): void {
  const pricesDir = path.join(o.sourceDir, 'prices');
  if (!fs.existsSync(pricesDir)) return;
  for (const set of fs.readdirSync(pricesDir).sort()) {
    const from = path.join(pricesDir, set);
    if (!fs.statSync(from).isDirectory()) { fs.symlinkSync(path.resolve(from), path.join(o.targetDir, 'prices', set)); continue; }
    const to = path.join(o.targetDir, 'prices', set);
    fs.mkdirSync(to, { recursive: true });
    for (const f of fs.readdirSync(from)) fs.symlinkSync(path.resolve(from, f), path.join(to, f));
    for (const [symbol, file] of listPriceFiles(from)) {
      if (!symbols.has(symbol)) continue;
      const ext = /\.csv(\.gz)?$/i.exec(file)![0];
      for (let k = 1; k < o.factor; k++) fs.symlinkSync(path.resolve(file), path.join(to, `${cloneSymbol(symbol, k)}${ext}`));
    }
  }
}

/** The entity names of the facts companies (submissions name first, as the build names them). */
async function companyNames(o: MirrorOptions, ciks: ReadonlySet<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const exFile = path.join(o.sourceDir, 'sec', 'company_tickers_exchange.json');
  if (fs.existsSync(exFile)) {
    const doc = JSON.parse(fs.readFileSync(exFile, 'utf8')) as { fields: string[]; data: unknown[][] };
    const ci = doc.fields.indexOf('cik');
    const ni = doc.fields.indexOf('name');
    for (const r of doc.data) {
      const cik = String(r[ci]).padStart(10, '0');
      if (ciks.has(cik) && !names.has(cik) && typeof r[ni] === 'string') names.set(cik, r[ni] as string);
    }
  }
  return names;
}

/** Builds the mirror in o.targetDir (created; must not exist or be empty). */
export async function buildScaleMirror(o: MirrorOptions): Promise<MirrorSummary> {
  if (!Number.isInteger(o.factor) || o.factor < 2 || o.factor > MAX_FACTOR) throw new Error(`scale mirror: factor must be a whole number from 2 to ${MAX_FACTOR}`);
  const t0 = performance.now();
  fs.mkdirSync(path.join(o.targetDir, 'sec'), { recursive: true });
  fs.mkdirSync(path.join(o.targetDir, 'prices'), { recursive: true });
  const facts = await listCikFiles(o.sourceDir, 'companyfacts');
  const factCiks = new Set(facts.sources.map((s) => s.cik));
  facts.close();
  const byCik = new Map(o.companies.map((c) => [c.cik, c]));
  const cloned = new Map<string, MirrorCompany>();
  for (const cik of factCiks) cloned.set(cik, byCik.get(cik) ?? { cik, symbols: [] });
  const symbols = new Set<string>();
  for (const c of cloned.values()) for (const s of c.symbols) symbols.add(s.symbol);
  for (const s of symbols) {
    for (let k = 1; k < o.factor; k++) {
      if (o.universe.has(cloneSymbol(s, k))) throw new Error(`scale mirror: clone symbol ${cloneSymbol(s, k)} is a real symbol of the universe`);
    }
  }

  let bytes = 0;
  bytes += (await writeCikSet(o, 'companyfacts', factCiks)).bytes;
  bytes += (await writeCikSet(o, 'submissions', factCiks)).bytes;
  bytes += writeTickerFiles(o, cloned, await companyNames(o, factCiks));
  for (const f of fs.readdirSync(path.join(o.sourceDir, 'sec'))) {
    if (/^(companyfacts|submissions)(\.zip)?$/.test(f) || /^company_tickers(_exchange)?\.json$/.test(f)) continue;
    fs.symlinkSync(path.resolve(o.sourceDir, 'sec', f), path.join(o.targetDir, 'sec', f));
  }
  bytes += writeSymbolCsv(o, path.join('splits', 'splits.csv'), symbols);
  linkPriceSets(o, symbols);
  const refDir = path.join(o.sourceDir, 'reference');
  if (fs.existsSync(refDir)) {
    fs.mkdirSync(path.join(o.targetDir, 'reference'), { recursive: true });
    for (const f of fs.readdirSync(refDir)) {
      if (f === 'adr_ratios.csv') bytes += writeSymbolCsv(o, path.join('reference', f), symbols);
      else fs.symlinkSync(path.resolve(refDir, f), path.join(o.targetDir, 'reference', f));
    }
  }
  for (const f of fs.readdirSync(o.sourceDir)) {
    if (['sec', 'prices', 'splits', 'reference'].includes(f)) continue;
    fs.symlinkSync(path.resolve(o.sourceDir, f), path.join(o.targetDir, f));
  }
  const splitsDir = path.join(o.sourceDir, 'splits');
  if (fs.existsSync(splitsDir)) {
    for (const f of fs.readdirSync(splitsDir)) {
      if (f !== 'splits.csv') fs.symlinkSync(path.resolve(splitsDir, f), path.join(o.targetDir, 'splits', f));
    }
  }
  return { originals: factCiks.size, companies: factCiks.size * o.factor, bytesWritten: bytes, seconds: (performance.now() - t0) / 1000 };
}
