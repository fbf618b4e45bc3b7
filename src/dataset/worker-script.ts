// The script of a worker thread that sits beside `fromUrl`'s module (`<name>.ts` under tsx, in dev
// and tests; the compiled `<name>.js` under dist/), and starting it.
import v8 from 'node:v8';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';

/**
 * 64 MB semi-spaces (young generation = 3 semi-spaces) for the build's threads: a company's
 * parse, standardization and records (~20 MB) and the rows the build thread receives die young
 * there; with V8's default 16 MB semi-spaces most of it was copied by a scavenge or two, then
 * promoted (--trace-gc over the corpus: each pool worker's scavenges 2.35 s -> 0.9 s).
 */
export const BUILD_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 3 * 64 };

/**
 * The old generation a build's threads start with. V8 starts a heap small and grows it by
 * collecting: each companyfacts worker, holding a dozen companies' statements at a time, ran ~23
 * mark-compacts over the corpus, ~11 with this. resourceLimits only sets maximums, so this is a V8
 * flag: process-wide and read when an isolate is created, so it shapes the threads started after
 * useBuildHeapSizes() and not the process's main thread. Alternating full builds (6 x 3): wall
 * 13.25 -> 12.85 s mean, CPU 24.2 -> 23.3 s, peak RSS +60 MB (docs/ingest.md).
 */
const BUILD_HEAP_FLAGS = ['--initial-old-space-size=256'];
let buildHeapFlagsSet = false;

/** Applies BUILD_HEAP_FLAGS (once per process); call before starting a build's threads. */
export function useBuildHeapSizes(): void {
  if (buildHeapFlagsSet) return;
  buildHeapFlagsSet = true;
  for (const flag of BUILD_HEAP_FLAGS) v8.setFlagsFromString(flag);
}

/**
 * Under tsx the worker is TypeScript, and Node 20 does not apply `--import tsx` to a worker's
 * entry module: a small bootstrap registers tsx's loader in the worker, then imports it.
 */
export function workerScript(fromUrl: string, name: string): URL | { evalCode: string } {
  if (!fromUrl.endsWith('.ts')) return new URL(`./${name}.js`, fromUrl);
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const href = JSON.stringify(new URL(`./${name}.ts`, fromUrl).href);
  return { evalCode: `import(${api}).then((m) => { m.register(); return import(${href}); });` };
}

/** Starts a worker thread on a script from workerScript. */
export function startWorker(script: URL | { evalCode: string }, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  return script instanceof URL ? new Worker(script, options) : new Worker(script.evalCode, { ...options, eval: true });
}
