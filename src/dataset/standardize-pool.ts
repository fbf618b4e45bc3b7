// The companyfacts worker pool (standardize-worker, see worker-script.ts). Size min(2, available
// cores) unless told otherwise.
import os from 'node:os';
import { WorkerPool } from './worker-pool.js';
import { workerScript } from './worker-script.js';
import type { StandardizeTask, StandardizeTaskResult } from './standardize-worker.js';

export type StandardizePool = WorkerPool<StandardizeTask, StandardizeTaskResult>;

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

/**
 * A company's parse, standardization and records allocate ~20 MB that lives until the company is
 * done. With V8's default young generation (16 MB semi-spaces) most of it survives a scavenge or
 * two and is copied, then promoted and marked: scavenges took ~2.35 s of each worker's time over
 * the corpus. 64 MB semi-spaces (young generation = 3 semi-spaces) let it die young: ~0.9 s.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 3 * 64 };

export function createStandardizePool(size = defaultPoolSize()): StandardizePool {
  const script = workerScript(import.meta.url, 'standardize-worker');
  return new WorkerPool<StandardizeTask, StandardizeTaskResult>({ script, size, resourceLimits: WORKER_LIMITS });
}
