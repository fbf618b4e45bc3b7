// Long synchronous build steps call this between units of work so that work started early on the
// event loop (worker results, file reads; see BuildStep.prepare) goes on meanwhile: every `sliceMs`
// it yields `turns` event-loop turns (zip reads take several turns per file), else returns at once.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';

export function eventLoopTurns(sliceMs = 2, turns = 8): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < sliceMs) return;
    for (let i = 0; i < turns; i++) await nextTurn();
    last = performance.now();
  };
}
