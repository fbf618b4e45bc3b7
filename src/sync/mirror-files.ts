// Writes into the source mirror: every file goes to a temporary name in its own directory, is
// fsynced and renamed into place, so the mirror never holds a partial file (a killed sync leaves
// the old file or the new one). Also the sync state: each file's validators (ETag, Last-Modified)
// and content hash, kept in sync-state.json at the mirror's root and written the same way.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export interface FileState {
  etag: string | null;
  lastModified: string | null;
  /** sha256 of the file's bytes as written. */
  sha256: string;
  bytes: number;
  fetchedAt: string;
}

export interface SyncState {
  /** By path relative to the mirror root, with '/' separators. */
  files: Record<string, FileState>;
}

export const STATE_FILE = 'sync-state.json';

function tmpName(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.part-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
}

/** A temporary path beside `target` for a caller that streams into it (then commitFile). */
export function tempPathFor(target: string): string {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  return tmpName(target);
}

/** fsyncs `tmp` and renames it over `target` (atomic within one directory). */
export function commitFile(tmp: string, target: string): void {
  const fd = fs.openSync(tmp, 'r');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
  fs.renameSync(tmp, target);
}

export function writeFileAtomic(target: string, bytes: Uint8Array | string): void {
  const tmp = tempPathFor(target);
  try {
    fs.writeFileSync(tmp, bytes);
    commitFile(tmp, target);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

export function sha256(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = crypto.createHash('sha256');
    fs.createReadStream(file).on('data', (d) => h.update(d)).on('error', reject).on('end', () => resolve(h.digest('hex')));
  });
}

/** Removes temporary files a killed sync left in `dir` and below. */
export function removeStaleParts(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) removeStaleParts(p);
    else if (e.name.startsWith('.') && e.name.includes('.part-')) fs.rmSync(p, { force: true });
  }
}

export function readSyncState(mirror: string): SyncState {
  try {
    const json = JSON.parse(fs.readFileSync(path.join(mirror, STATE_FILE), 'utf8')) as SyncState;
    if (json && typeof json.files === 'object' && json.files !== null) return json;
  } catch {
    // no state yet, or unreadable: every file is fetched unconditionally and hashed again
  }
  return { files: {} };
}

export function writeSyncState(mirror: string, state: SyncState): void {
  writeFileAtomic(path.join(mirror, STATE_FILE), `${JSON.stringify(state)}\n`);
}
