// Speed module: the V8 settings of a build's threads (young and initial old generation, no TurboFan inlining; docs/ingest.md).
// Reference path 'plain': V8's defaults; a build writes the same dataset either way (test/ingest-tuning.test.ts).
import v8 from 'node:v8';
import type { ResourceLimits } from 'node:worker_threads';

/** 'tuned': the settings below; 'plain': V8's defaults (the reference, e.g. `bench:ingest -- --plain-v8`). */
export type BuildV8 = 'tuned' | 'plain';

/**
 * 64 MB semi-spaces (young generation = 3 semi-spaces) for the build thread and the pool's
 * workers: a company's parse, standardization and records (~20 MB) and the rows the build thread
 * receives die young there; with V8's default 16 MB semi-spaces most of it was copied by a
 * scavenge or two, then promoted (--trace-gc over the corpus: each pool worker's scavenges
 * 2.35 s -> 0.9 s). A thread's young generation is fixed when it starts.
 */
const TUNED_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 3 * 64 };

/**
 * V8 flags for the build's threads. Flags are process-wide; set them once, before a build's
 * threads start (useBuildV8Flags).
 *
 * - `--initial-old-space-size=256`: V8 starts a heap small and grows it by collecting: each
 *   companyfacts worker, holding a dozen companies' statements at a time, ran ~23 mark-compacts
 *   over the corpus, ~11 with this. resourceLimits only sets maximums, so this is a flag, read
 *   when an isolate is created: it shapes the threads started afterwards, not the process's main
 *   thread. Alternating full builds (6 x 3): wall 13.25 -> 12.85 s mean, CPU 24.2 -> 23.3 s,
 *   peak RSS +60 MB.
 * - `--no-turbo-inlining`: TurboFan was ~17 % of the build's CPU (perf, background threads), and
 *   more than half of its compile time went to compiling functions again after a deoptimization
 *   (warm-up: a path, map or number kind first seen after the function was optimized). With
 *   inlining, a deopt in any inlined callee throws away and recompiles the whole large caller;
 *   without, only the small callee. The build is one pass over varied inputs, so compiling less
 *   wins over the inlined code's speed: alternating full builds, CPU (all threads) 26.2-26.5 ->
 *   23.9-24.8 s, wall 14.4 -> 13.0-13.7 s (3 pairs; 8 more with the flag on the command line, all
 *   lower).
 */
export const BUILD_V8_FLAGS: readonly string[] = ['--initial-old-space-size=256', '--no-turbo-inlining'];
/**
 * What restoreV8Flags sets back: V8's defaults of BUILD_V8_FLAGS, so threads started after a build
 * (a server that ingested on its first start) run as without it.
 */
export const RESTORED_V8_FLAGS: readonly string[] = ['--initial-old-space-size=0', '--turbo-inlining'];
let buildV8FlagsSet = false;

/** The resourceLimits of a build thread (the build thread itself, each pool worker). */
export function buildThreadLimits(mode: BuildV8): ResourceLimits | undefined {
  return mode === 'tuned' ? TUNED_THREAD_LIMITS : undefined;
}

/**
 * Applies BUILD_V8_FLAGS when `mode` is 'tuned' (once per thread, until restoreV8Flags); call
 * before starting a build's threads. A build run on the caller's thread (buildDataset directly:
 * tests) leaves them set.
 */
export function useBuildV8Flags(mode: BuildV8): void {
  if (mode === 'plain' || buildV8FlagsSet) return;
  buildV8FlagsSet = true;
  for (const flag of BUILD_V8_FLAGS) v8.setFlagsFromString(flag);
}

/** Sets the flags of useBuildV8Flags back to V8's defaults (after a build, in a process that goes on). */
export function restoreV8Flags(): void {
  if (!buildV8FlagsSet) return;
  buildV8FlagsSet = false;
  for (const flag of RESTORED_V8_FLAGS) v8.setFlagsFromString(flag);
}
