// Progress for long builds: a live bar on a terminal, plain periodic lines otherwise
// (CI logs, pipes), nothing at all when silenced.
import cliProgress from 'cli-progress';

export interface ProgressReporter {
  start(label: string, total: number): void;
  tick(n?: number): void;
  stop(): void;
  /** A line that must not be torn by the bar. */
  log(line: string): void;
}

export function silentProgress(): ProgressReporter {
  return { start() {}, tick() {}, stop() {}, log() {} };
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: '{label} [{bar}] {value}/{total} {percentage}% | {eta_formatted} left', stream, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let active = false;
    return {
      start(label, total) {
        if (active) bar.stop();
        bar.start(total, 0, { label });
        active = true;
      },
      tick(n = 1) { if (active) bar.increment(n); },
      stop() { if (active) bar.stop(); active = false; },
      log(line) {
        if (active) { bar.stop(); active = false; }
        stream.write(`${line}\n`);
      },
    };
  }
  // Plain lines: one at start, one per 10 % step, one at the end.
  let label = '';
  let total = 0;
  let done = 0;
  let nextMark = 0;
  return {
    start(l, t) {
      label = l; total = t; done = 0; nextMark = 0.1;
      stream.write(`${label}: 0/${total}\n`);
    },
    tick(n = 1) {
      done += n;
      if (total > 0 && done / total >= nextMark && done < total) {
        stream.write(`${label}: ${done}/${total} (${Math.floor((done / total) * 100)}%)\n`);
        while (done / total >= nextMark) nextMark += 0.1;
      }
    },
    stop() { if (total > 0) stream.write(`${label}: ${done}/${total} done\n`); total = 0; },
    log(line) { stream.write(`${line}\n`); },
  };
}
