// Builds a dataset into a new file beside the served one and renames it into place only when
// every step succeeded. rename(2) within one directory is atomic, so a crash or kill at any
// moment leaves the previous dataset untouched and servable; a failed build removes its file.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createBuildContext, type BuildReport, type BuildStep, type BuildTuning, type CarryOver } from './build-step.js';
import { BUILD_STEPS } from './build-steps.js';
import { silentProgress, type ProgressReporter } from './progress.js';
import { closeBuildFile, createBuildFile, createLateIndexes, createTables, finishBuildFile, prepareBuildFile } from '../dataset/tables/dataset-file.js';
import { datasetFormatMeta } from '../dataset/dataset-format.js';

export interface BuildOptions {
  sourceDir: string;
  targetPath: string;
  steps?: readonly BuildStep[];
  progress?: ProgressReporter;
  now?: () => Date;
  /** Speed measures to leave out (their reference paths); default DEFAULT_TUNING. */
  tuning?: Partial<BuildTuning>;
  /** Incremental: companies copied from a previous dataset instead of standardized. */
  carryOver?: CarryOver | null;
  /** Extra meta rows to store with the build (e.g. the inputs it was built from). */
  meta?: Readonly<Record<string, string>>;
  /**
   * Run the versions step (`tenk ingest --versions`, off by default: it costs one standardization
   * per filing date of every company, docs/ingest.md, Record versions). Without it the dataset has
   * no record_versions table and `as_of`/`first_filed` are computed on request (docs/api.md,
   * Point in time). Only with the default steps.
   */
  versions?: boolean;
}

export interface BuildSummary {
  targetPath: string;
  seconds: number;
  counts: Record<string, number>;
  skipped: Array<{ subject: string; reason: string }>;
  notes: string[];
  /** Wall-clock seconds of each step, in order (plus 'finish': meta, ANALYZE, fsync, rename). */
  stepSeconds: Array<{ step: string; seconds: number }>;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes build files left by killed builds (their process is gone); a running build's file stays. */
function removeStaleBuilds(dir: string, base: string): void {
  const prefix = `.${base}.building-`;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !processAlive(pid)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

export async function buildDataset(options: BuildOptions): Promise<BuildSummary> {
  const steps = options.steps ?? (options.versions ? BUILD_STEPS : BUILD_STEPS.filter((s) => s.name !== 'versions'));
  const progress = options.progress ?? silentProgress();
  const now = options.now ?? (() => new Date());
  const started = process.hrtime.bigint();
  if (!fs.existsSync(options.sourceDir) || !fs.statSync(options.sourceDir).isDirectory()) {
    throw new Error(`source directory not found: ${options.sourceDir}`);
  }
  const dir = path.dirname(path.resolve(options.targetPath));
  fs.mkdirSync(dir, { recursive: true });
  removeStaleBuilds(dir, path.basename(options.targetPath));
  const tmpPath = path.join(dir, `.${path.basename(options.targetPath)}.building-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);

  const counts: Record<string, number> = {};
  const skipped: BuildSummary['skipped'] = [];
  const notes: string[] = [];
  const stepSeconds: BuildSummary['stepSeconds'] = [];
  const report: BuildReport = {
    skip(subject, reason) { skipped.push({ subject, reason }); },
    count(label, n = 1) { counts[label] = (counts[label] ?? 0) + n; },
    note(line) { notes.push(line); },
  };

  const dataset = createBuildFile(tmpPath);
  try {
    prepareBuildFile(dataset);
    for (const step of steps) createTables(dataset, step.ddl);
    const ctx = createBuildContext({ dataset, sourceDir: options.sourceDir, progress, report, tuning: options.tuning, carryOver: options.carryOver ?? null }, steps);
    // disposed when the steps end, successful or not
    const prepared: Array<{ dispose(): Promise<void> }> = [];
    try {
      for (const step of steps) if (step.prepare) prepared.push(await step.prepare(ctx));
      for (const step of steps) {
        const t0 = process.hrtime.bigint();
        await step.run(ctx);
        stepSeconds.push({ step: step.name, seconds: Number(process.hrtime.bigint() - t0) / 1e9 });
      }
    } finally {
      await Promise.all(prepared.map((p) => p.dispose()));
    }
    const tFinish = process.hrtime.bigint();
    createLateIndexes(dataset, steps.flatMap((s) => s.lateDdl ?? []));
    const meta: Array<[string, string]> = [
      ...datasetFormatMeta(),
      ['built_at', now().toISOString()],
      ['steps', steps.map((s) => s.name).join(',')],
      ...Object.entries(options.meta ?? {}),
    ];
    finishBuildFile(dataset, { meta, skipped, counts });
    const fd = fs.openSync(tmpPath, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmpPath, options.targetPath);
    stepSeconds.push({ step: 'finish', seconds: Number(process.hrtime.bigint() - tFinish) / 1e9 });
  } catch (err) {
    closeBuildFile(dataset);
    fs.rmSync(tmpPath, { force: true });
    throw err;
  } finally {
    progress.stop();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { targetPath: options.targetPath, seconds, counts, skipped, notes, stepSeconds };
}
