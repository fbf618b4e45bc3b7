// The companyfacts worker pool (standardize-worker, see worker-script.ts), its threads set up by
// build-v8.ts. Size min(2, available cores) unless told otherwise.
import os from 'node:os';
import { WorkerPool } from './worker-pool.js';
import { workerScript } from './worker-script.js';
import { buildThreadLimits, useBuildV8Flags, type BuildV8 } from './build-v8.js';
import type { StandardizeTask, StandardizeTaskResult } from './standardize-worker.js';

export type StandardizePool = WorkerPool<StandardizeTask, StandardizeTaskResult>;

function defaultPoolSize(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

export function createStandardizePool(size = defaultPoolSize(), v8: BuildV8 = 'tuned'): StandardizePool {
  const script = workerScript(import.meta.url, 'standardize-worker');
  useBuildV8Flags(v8);
  return new WorkerPool<StandardizeTask, StandardizeTaskResult>({ script, size, resourceLimits: buildThreadLimits(v8) });
}
