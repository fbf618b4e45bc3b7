// Test helpers for the ingest tests: a minimal zip writer (stored or deflated entries, with an
// optional way to damage an entry's bytes) and access to real corpus files, copied only to temp dirs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
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
