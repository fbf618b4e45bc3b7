// Test helpers for the ingest tests: a minimal zip writer (stored or deflated entries, with an
// optional way to damage an entry's bytes), access to real corpus files, copied only to temp dirs,
// a small mirror of two companies, and a dataset's rows for comparing two builds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { listCikFiles } from '../src/sources/sec-cik-files.js';
import { decodePayload } from '../src/sources/sec-zip.js';

export const corpusDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

export interface ZipFixtureEntry {
  name: string;
  data: Buffer;
  /** Rewrites the deflated bytes before they are stored (e.g. truncation); sizes follow the result. */
  damage?: (deflated: Buffer) => Buffer;
}

/** Writes a zip of deflated entries whose central directory records the undamaged CRC and size. */
export function writeZip(file: string, entries: readonly ZipFixtureEntry[]): void {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const deflated = zlib.deflateRawSync(e.data);
    const stored = e.damage ? e.damage(deflated) : deflated;
    const crc = zlib.crc32(e.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(0, 12);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(stored.length, 20);
    cd.writeUInt32LE(e.data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, name, stored);
    central.push(cd, name);
    offset += local.length + name.length + stored.length;
  }
  const cdSize = central.reduce((a, b) => a + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(file, Buffer.concat([...parts, ...central, end]));
}

/** The plain bytes of one corpus file (sec/<set>.zip entry or sec/<set>/ file) for a CIK. */
export async function corpusFile(set: 'companyfacts' | 'submissions', cik: string): Promise<Buffer> {
  const files = await listCikFiles(corpusDir, set);
  try {
    const src = files.sources.find((s) => s.cik === cik);
    if (!src) throw new Error(`corpus has no ${set} file for CIK${cik}`);
    return decodePayload(await src.read());
  } finally {
    files.close();
  }
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `tenk-${prefix}-`));
}

/**
 * A mirror of two corpus companies (Solventum, BlackRock: facts and submissions), BlackRock's
 * prices in every set that has them and the splits file, so price-based fields are derived too.
 */
export async function writeSmallMirror(dir: string): Promise<void> {
  fs.mkdirSync(path.join(dir, 'sec', 'companyfacts'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'sec', 'submissions'), { recursive: true });
  for (const cik of ['0001964738', '0002012383']) {
    fs.writeFileSync(path.join(dir, 'sec', 'companyfacts', `CIK${cik}.json`), await corpusFile('companyfacts', cik));
    fs.writeFileSync(path.join(dir, 'sec', 'submissions', `CIK${cik}.json`), await corpusFile('submissions', cik));
  }
  for (const set of fs.readdirSync(path.join(corpusDir, 'prices'))) {
    const from = path.join(corpusDir, 'prices', set);
    if (!fs.existsSync(path.join(from, 'BLK.csv.gz'))) continue;
    fs.mkdirSync(path.join(dir, 'prices', set), { recursive: true });
    for (const f of ['manifest.json', 'BLK.csv.gz']) fs.copyFileSync(path.join(from, f), path.join(dir, 'prices', set, f));
  }
  fs.mkdirSync(path.join(dir, 'splits'));
  fs.copyFileSync(path.join(corpusDir, 'splits', 'splits.csv'), path.join(dir, 'splits', 'splits.csv'));
}

/** Every row of every table and view of a dataset, in key order (meta without built_at), and the schema. */
export function datasetRows(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    out['(schema)'] = db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").raw().all();
    const objects = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[];
    for (const name of objects) {
      const cols = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(name) as string[]).map((c) => `"${c}"`).join(', ');
      const where = name === 'meta' ? " WHERE key <> 'built_at'" : '';
      out[name] = db.prepare(`SELECT ${cols} FROM "${name}"${where} ORDER BY ${cols}`).raw().all();
    }
    return out;
  } finally {
    db.close();
  }
}
