// Notices a new dataset build renamed over the served file (`tenk sync`, `tenk ingest`): polls the
// file's identity (inode, mtime) every couple of seconds, opens a changed file, warms its
// reference data and hands it over; a file that cannot be opened is reported and the old one kept.
import fs from 'node:fs';
import { Dataset } from '../dataset/sqlite/sqlite-dataset.js';
import { warmReferenceData } from '../dataset/reference-warmup.js';

export const DATASET_POLL_MS = 2000;

function identity(file: string): string | null {
  try {
    const s = fs.statSync(file);
    return `${s.dev}:${s.ino}:${s.mtimeMs}:${s.size}`;
  } catch {
    return null;
  }
}

export function watchDataset(file: string, onNew: (dataset: Dataset) => void, onError: (message: string) => void, intervalMs = DATASET_POLL_MS): { stop(): void } {
  let seen = identity(file);
  const timer = setInterval(() => {
    const now = identity(file);
    if (now === null || now === seen) return;
    seen = now;
    let next: Dataset | null = null;
    try {
      // the start-up checks: a complete tenk build of this schema (dataset-file-check.ts)
      next = Dataset.openChecked(file);
      warmReferenceData(next);
    } catch (err) {
      next?.close();
      onError(`the new dataset could not be opened, still serving the previous one (${err instanceof Error ? err.message : String(err)})`);
      return;
    }
    onNew(next);
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
