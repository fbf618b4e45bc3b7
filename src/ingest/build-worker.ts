// A whole dataset build on a worker thread (`buildInWorker`), as `tenk ingest` and the first
// start of `tenk serve` run it. The thread that runs a build receives every company's rendered
// rows (~1.5 MB of strings each) from the companyfacts workers and holds them until they are
// written: with V8's default young generation, a scavenge mostly found them alive and copied them
// (main thread, one build: ~140 scavenges, ~1.7 s). A worker thread can be given a larger young
// generation (resourceLimits; the main thread's is fixed when the process starts), as the
// companyfacts workers are (build-v8.ts). The calling thread only relays progress.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { buildDataset, type BuildOptions, type BuildSummary } from './build-dataset.js';
import { silentProgress, type ProgressReporter } from './progress.js';
import { startWorker, workerScript } from './worker-script.js';
import { buildThreadLimits, restoreV8Flags, useBuildV8Flags } from './build-v8.js';
import { DEFAULT_TUNING, type BuildTuning } from './build-step.js';

/** The default steps always (they are the build thread's own); the clock is the build thread's. */
export type WorkerBuildOptions = Pick<BuildOptions, 'sourceDir' | 'targetPath' | 'progress' | 'tuning' | 'meta' | 'versions'> & {
  carryOver?: { fromPath: string; ciks: readonly string[] } | null;
};

type ProgressCall =
  | { call: 'start'; label: string; total: number }
  | { call: 'tick'; n?: number }
  | { call: 'stop' }
  | { call: 'log'; line: string };

type BuildThreadData = {
  sourceDir: string; targetPath: string; tuning: BuildTuning;
  carryOver: { fromPath: string; ciks: readonly string[] } | null; meta: Record<string, string>; versions: boolean;
};

type BuildMessage =
  | { type: 'progress'; progress: ProgressCall }
  | { type: 'done'; summary: BuildSummary }
  | { type: 'failed'; message: string };

function relay(p: ProgressReporter, c: ProgressCall): void {
  switch (c.call) {
    case 'start': p.start(c.label, c.total); break;
    case 'tick': p.tick(c.n); break;
    case 'stop': p.stop(); break;
    case 'log': p.log(c.line); break;
  }
}

/** buildDataset with the default steps, run on a worker thread; rejects with the build's error message. */
export function buildInWorker(options: WorkerBuildOptions): Promise<BuildSummary> {
  const progress = options.progress ?? silentProgress();
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const data: BuildThreadData = {
    sourceDir: options.sourceDir, targetPath: options.targetPath, tuning, carryOver: options.carryOver ?? null, meta: { ...options.meta },
    versions: options.versions ?? false,
  };
  useBuildV8Flags(tuning.v8);
  const worker = startWorker(workerScript(import.meta.url, 'build-worker'), { workerData: data, resourceLimits: buildThreadLimits(tuning.v8) });
  return new Promise<BuildSummary>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => { if (!settled) { settled = true; restoreV8Flags(); fn(); } };
    worker.on('message', (msg: BuildMessage) => {
      if (msg.type === 'progress') relay(progress, msg.progress);
      else if (msg.type === 'done') settle(() => resolve(msg.summary));
      else settle(() => reject(new Error(msg.message)));
    });
    worker.on('error', (err) => settle(() => reject(err)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the build thread stopped (exit code ${code})`))));
  });
}

if (!isMainThread && parentPort && (workerData as { targetPath?: unknown } | null)?.targetPath !== undefined) {
  const port = parentPort;
  const { sourceDir, targetPath, tuning, carryOver, meta, versions } = workerData as BuildThreadData;
  const post = (progress: ProgressCall) => port.postMessage({ type: 'progress', progress } satisfies BuildMessage);
  const progress: ProgressReporter = {
    start: (label, total) => post({ call: 'start', label, total }),
    tick: (n) => post({ call: 'tick', n }),
    stop: () => post({ call: 'stop' }),
    log: (line) => post({ call: 'log', line }),
  };
  const carry = carryOver ? { fromPath: carryOver.fromPath, ciks: new Set(carryOver.ciks) } : null;
  buildDataset({ sourceDir, targetPath, progress, tuning, carryOver: carry, meta, versions }).then(
    (summary) => port.postMessage({ type: 'done', summary } satisfies BuildMessage),
    (err: unknown) => port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies BuildMessage),
  );
}
