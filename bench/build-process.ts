// A dataset build measured from outside: the compiled build (dist/) run by `buildInWorker` in a
// plain `node` process of its own, as `tenk ingest` runs it, reporting its wall time, CPU of all
// threads, peak RSS (main thread, build thread and pool workers: one process) and an RSS timeline.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildSummary } from '../src/ingest/build-dataset.js';
import type { BuildTuning } from '../src/ingest/build-step.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface MeasuredBuild {
  summary: BuildSummary;
  seconds: number;
  /** CPU seconds, all threads of the build's process. */
  cpu: number;
  /** Peak RSS (MB) of the build's process. */
  peakRssMb: number;
  /** [seconds since the start, RSS MB] every `sampleMs`. */
  rss: Array<[number, number]>;
}

export interface BuildRequest {
  sourceDir: string;
  targetPath: string;
  tuning?: Partial<BuildTuning>;
  carryOver?: { fromPath: string; ciks: readonly string[] } | null;
  sampleMs?: number;
}

export function buildInChildProcess(req: BuildRequest): Promise<MeasuredBuild> {
  const entry = path.join(root, 'dist', 'ingest', 'build-worker.js');
  if (!fs.existsSync(entry)) throw new Error('no compiled build (dist/): run `npm run build` first');
  const { sampleMs = 250, ...options } = req;
  // CommonJS eval with a dynamic import: no --input-type, which the build's worker threads would
  // inherit (execArgv) and refuse for their file entry points.
  const driver = `(async () => {
    const { buildInWorker } = await import(${JSON.stringify(pathToFileURL(entry).href)});
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - t0) / 1e9;
    const rss = [];
    const timer = setInterval(() => rss.push([Math.round(since() * 10) / 10, Math.round(process.memoryUsage.rss() / 1048576)]), ${sampleMs});
    const summary = await buildInWorker(${JSON.stringify(options)});
    clearInterval(timer);
    const seconds = since();
    const c = process.cpuUsage(c0);
    process.stdout.write(JSON.stringify({ summary, seconds, cpu: (c.user + c.system) / 1e6, peakRssMb: process.resourceUsage().maxRSS / 1024, rss }));
  })();`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', driver], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out) as MeasuredBuild);
      else reject(new Error(`the build process failed (exit code ${code})`));
    });
  });
}

/** The highest RSS sampled while each step ran (steps in order, from the summary's step seconds). */
export function peakRssByStep(build: MeasuredBuild): Array<{ step: string; peakMb: number }> {
  const out: Array<{ step: string; peakMb: number }> = [];
  // The steps' seconds are measured inside the build thread, which starts a little after t0.
  const lead = Math.max(0, build.seconds - build.summary.stepSeconds.reduce((a, s) => a + s.seconds, 0));
  let from = lead;
  for (const s of build.summary.stepSeconds) {
    const to = from + s.seconds;
    const inStep = build.rss.filter(([t]) => t >= from && t <= to).map(([, mb]) => mb);
    out.push({ step: s.step, peakMb: inStep.length ? Math.max(...inStep) : 0 });
    from = to;
  }
  return out;
}
