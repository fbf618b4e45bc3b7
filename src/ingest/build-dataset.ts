// Builds a dataset into a new file beside the served one and renames it into place only when
// every step succeeded. rename(2) within one directory is atomic, so a crash or kill at any
// moment leaves the previous dataset untouched and servable; a failed build removes its file.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import { createBuildContext, type BuildReport, type BuildStep, type BuildTuning, type CarryOver } from './build-step.js';
import { BUILD_STEPS } from './build-steps.js';
import { silentProgress, type ProgressReporter } from './progress.js';

const DATASET_SCHEMA_VERSION = 1;

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

const CORE_DDL = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE ingest_skipped (subject TEXT NOT NULL, reason TEXT NOT NULL)`,
  `CREATE TABLE ingest_counts (label TEXT PRIMARY KEY, n INTEGER NOT NULL)`,
];

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
  const steps = options.steps ?? BUILD_STEPS;
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

  const db = new Database(tmpPath);
  try {
    // The file is private until the rename: no journal needed, durability comes from the fsync below.
    // 16 KiB pages and an exclusive lock: fewer B-tree splits and no per-transaction locking
    // for the bulk inserts of the records and provenance tables (measured ~25 % faster writes).
    db.pragma('page_size = 16384');
    db.pragma('locking_mode = EXCLUSIVE');
    // better-sqlite3 runs SQLite in defensive mode, which ignores journal_mode = OFF: keep the
    // rollback journal in memory instead (no -journal file beside the build).
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
    db.pragma('temp_store = MEMORY');
    // 32 MiB of page cache: the build appends and rarely reads back, and a larger cache only costs
    // page faults (256 MiB: ~250 MB more peak RSS and ~1 s more CPU, half of it system time).
    db.pragma('cache_size = -32768');
    for (const sql of CORE_DDL) db.exec(sql);
    for (const step of steps) for (const sql of step.ddl) db.exec(sql);
    const ctx = createBuildContext({ db, sourceDir: options.sourceDir, progress, report, tuning: options.tuning, carryOver: options.carryOver ?? null }, steps);
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
    for (const step of steps) for (const sql of step.lateDdl ?? []) db.exec(sql);
    const putMeta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    const putSkip = db.prepare('INSERT INTO ingest_skipped (subject, reason) VALUES (?, ?)');
    const putCount = db.prepare('INSERT OR REPLACE INTO ingest_counts (label, n) VALUES (?, ?)');
    db.transaction(() => {
      putMeta.run('schema_version', String(DATASET_SCHEMA_VERSION));
      putMeta.run('built_at', now().toISOString());
      putMeta.run('steps', steps.map((s) => s.name).join(','));
      for (const [key, value] of Object.entries(options.meta ?? {})) putMeta.run(key, value);
      for (const s of skipped) putSkip.run(s.subject, s.reason);
      for (const [label, n] of Object.entries(counts)) putCount.run(label, n);
    })();
    // Statistics for the query planner from a sample of each index (~1,000 rows): every read the
    // API makes is a primary-key or index range whose plan does not depend on them; the full scan
    // took 0.45-0.67 s at the end of every build, the sample ~0.09 s.
    db.pragma('analysis_limit = 1000');
    db.exec('ANALYZE');
    db.close();
    const fd = fs.openSync(tmpPath, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmpPath, options.targetPath);
    stepSeconds.push({ step: 'finish', seconds: Number(process.hrtime.bigint() - tFinish) / 1e9 });
  } catch (err) {
    if (db.open) db.close();
    fs.rmSync(tmpPath, { force: true });
    throw err;
  } finally {
    progress.stop();
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { targetPath: options.targetPath, seconds, counts, skipped, notes, stepSeconds };
}
