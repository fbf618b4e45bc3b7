// The companyfacts worker pool: standardize-worker.ts under tsx (dev, tests), the compiled
// standardize-worker.js under dist/. Size min(2, available cores) unless told otherwise.
import os from 'node:os';
import { WorkerPool } from './worker-pool.js';
import type { StandardizeTask, StandardizeTaskResult } from './standardize-worker.js';

export type StandardizePool = WorkerPool<StandardizeTask, StandardizeTaskResult>;

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

/**
 * Under tsx the worker is TypeScript, and Node 20 does not apply `--import tsx` to a worker's
 * entry module: a small bootstrap registers tsx's loader in the worker, then imports it.
 */
function tsWorkerBootstrap(workerUrl: URL): { evalCode: string } {
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return { evalCode: `import(${api}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl.href)}); });` };
}

/**
 * A company's parse, standardization and records allocate ~20 MB that lives until the company is
 * done. With V8's default young generation (16 MB semi-spaces) most of it survives a scavenge or
 * two and is copied, then promoted and marked: scavenges took ~2.35 s of each worker's time over
 * the corpus. 64 MB semi-spaces (young generation = 3 semi-spaces) let it die young: ~0.9 s.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 3 * 64 };

export function createStandardizePool(size = defaultPoolSize()): StandardizePool {
  const script = import.meta.url.endsWith('.ts')
    ? tsWorkerBootstrap(new URL('./standardize-worker.ts', import.meta.url))
    : new URL('./standardize-worker.js', import.meta.url);
  return new WorkerPool<StandardizeTask, StandardizeTaskResult>({ script, size, resourceLimits: WORKER_LIMITS });
}
