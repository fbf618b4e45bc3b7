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
 * V8 flags for the build's threads. Flags are process-wide; set them once, before a build's
 * threads start (useBuildV8Flags).
 *
 * - `--initial-old-space-size=256`: V8 starts a heap small and grows it by collecting: each
 *   companyfacts worker, holding a dozen companies' statements at a time, ran ~23 mark-compacts
 *   over the corpus, ~11 with this. resourceLimits only sets maximums, so this is a flag, read
 *   when an isolate is created: it shapes the threads started afterwards, not the process's main
 *   thread. Alternating full builds (6 x 3): wall 13.25 -> 12.85 s mean, CPU 24.2 -> 23.3 s,
 *   peak RSS +60 MB (docs/ingest.md).
 * - `--no-turbo-inlining`: TurboFan was ~17 % of the build's CPU (perf, background threads), and
 *   more than half of its compile time went to compiling functions again after a deoptimization
 *   (warm-up: a path, map or number kind first seen after the function was optimized). With
 *   inlining, a deopt in any inlined callee throws away and recompiles the whole large caller
 *   (emit, resolveFields, assembleTradedColumns, ...); without, only the small callee. The build
 *   is one pass over varied inputs, so compiling less wins over the inlined code's speed:
 *   alternating full builds against the tree before, 3 pairs, CPU (all threads) 26.2-26.5 ->
 *   23.9-24.8 s, wall 14.4 -> 13.0-13.7 s; 8 more pairs with the flag on the command line, all
 *   lower (docs/ingest.md). Read at every compile, so it is set back once the build is over
 *   (restoreV8Flags, by buildInWorker) for a server that ingested on its first start. A build
 *   run on the caller's thread (buildDataset directly: tests) leaves the flags set.
 */
export const BUILD_V8_FLAGS: readonly string[] = ['--initial-old-space-size=256', '--no-turbo-inlining'];
/** What restoreV8Flags sets back: V8's defaults of the flags above that are read after a thread starts. */
export const RESTORED_V8_FLAGS: readonly string[] = ['--turbo-inlining'];
let buildV8FlagsSet = false;

/** Applies BUILD_V8_FLAGS (once per process, until restoreV8Flags); call before starting a build's threads. */
export function useBuildV8Flags(): void {
  if (buildV8FlagsSet) return;
  buildV8FlagsSet = true;
  for (const flag of BUILD_V8_FLAGS) v8.setFlagsFromString(flag);
}

/** Sets the compiler flags of useBuildV8Flags back to V8's defaults (after a build, in a process that goes on). */
export function restoreV8Flags(): void {
  if (!buildV8FlagsSet) return;
  buildV8FlagsSet = false;
  for (const flag of RESTORED_V8_FLAGS) v8.setFlagsFromString(flag);
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
