// The companyfacts worker pool (standardize-worker, see worker-script.ts). Size min(2, available
// cores) unless told otherwise.
import os from 'node:os';
import { WorkerPool } from './worker-pool.js';
import { BUILD_THREAD_LIMITS, useBuildV8Flags, workerScript } from './worker-script.js';
import type { StandardizeTask, StandardizeTaskResult } from './standardize-worker.js';

export type StandardizePool = WorkerPool<StandardizeTask, StandardizeTaskResult>;

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

export function createStandardizePool(size = defaultPoolSize()): StandardizePool {
  const script = workerScript(import.meta.url, 'standardize-worker');
  useBuildV8Flags();
  return new WorkerPool<StandardizeTask, StandardizeTaskResult>({ script, size, resourceLimits: BUILD_THREAD_LIMITS });
}
