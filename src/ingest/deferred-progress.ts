// A progress reporter for work that starts before its step runs (see BuildStep.prepare): calls
// are kept until `attach` hands them to the build's reporter, which then gets every later call,
// so phases never interleave with those of the step running at the time.
import type { ProgressReporter } from './progress.js';

type Call = { op: 'start'; label: string; total: number } | { op: 'tick'; n: number } | { op: 'stop' } | { op: 'log'; line: string };

export interface DeferredProgress extends ProgressReporter {
  /** Replays the kept calls to `target` and forwards every later one. */
  attach(target: ProgressReporter): void;
}

export function deferredProgress(): DeferredProgress {
  const kept: Call[] = [];
  let target: ProgressReporter | null = null;
  return {
    start(label, total) { if (target) target.start(label, total); else kept.push({ op: 'start', label, total }); },
    tick(n = 1) {
      if (target) { target.tick(n); return; }
      const last = kept[kept.length - 1];
      if (last?.op === 'tick') last.n += n;
      else kept.push({ op: 'tick', n });
    },
    stop() { if (target) target.stop(); else kept.push({ op: 'stop' }); },
    log(line) { if (target) target.log(line); else kept.push({ op: 'log', line }); },
    attach(t) {
      if (target) return;
      for (const c of kept.splice(0)) {
        if (c.op === 'start') t.start(c.label, c.total);
        else if (c.op === 'tick') t.tick(c.n);
        else if (c.op === 'stop') t.stop();
        else t.log(c.line);
      }
      target = t;
    },
  };
}
