// One stage of a dataset build. Steps run in registry order against a fresh database file (a
// step may start work early, see prepare); the build is renamed into place only when every step succeeded.
import type { DatasetFile } from '../dataset/tables/dataset-file.js';
import type { ProgressReporter } from './progress.js';
import { createBuildHandoffs, type BuildHandoffs } from './build-handoffs.js';
import type { BuildV8 } from './build-v8.js';
import type { RowsIn } from './records-step.js';

export interface BuildReport {
  /** A company (or file) that was left out, with the reason; never stops the build. */
  skip(subject: string, reason: string): void;
  /** A counted fact for the summary, e.g. count('companies built'). */
  count(label: string, n?: number): void;
  /** A free-form summary line. */
  note(line: string): void;
}

export interface BuildContext {
  /** The dataset file being built, for the table writers of dataset/tables/. */
  dataset: DatasetFile;
  /** Root of the source mirror (laid out like shared/data). */
  sourceDir: string;
  progress: ProgressReporter;
  report: BuildReport;
  /** The speed measures this build uses (each has a reference path). */
  readonly tuning: BuildTuning;
  /** The names of this build's steps, in the order they run. */
  readonly steps: readonly string[];
  /** What one step hands to a later step of the same build (e.g. standardized statements). */
  readonly handoffs: BuildHandoffs;
  /** An incremental build: companies copied from the previous dataset instead of standardized (null: all built). */
  readonly carryOver: CarryOver | null;
}

/** The companies an incremental build copies from the dataset at `fromPath` (their inputs did not change). */
export interface CarryOver {
  fromPath: string;
  ciks: ReadonlySet<string>;
}

/**
 * The kept speed measures of a build, each with a reference path that writes the same dataset
 * (test/ingest-tuning.test.ts); `npm run bench:ingest -- --plain-v8 / --rows-in-thread` measures them.
 */
export interface BuildTuning {
  /** 'tuned': the build threads' V8 settings (build-v8.ts); 'plain': V8's defaults. */
  v8: BuildV8;
  /**
   * 'workers': a company's records derived and rendered as rows in the pool worker that
   * standardized it; 'thread': on the build thread (records-step.ts). Either way written as it arrives.
   */
  rows: RowsIn;
}

/** What a build uses unless told otherwise. */
export const DEFAULT_TUNING: Readonly<BuildTuning> = { v8: 'tuned', rows: 'workers' };

/** A context for running `steps` (their names) against `dataset`, with nothing handed over yet. */
export function createBuildContext(
  base: Pick<BuildContext, 'dataset' | 'sourceDir' | 'progress' | 'report'> & { tuning?: Partial<BuildTuning> | undefined; carryOver?: CarryOver | null },
  steps: ReadonlyArray<Pick<BuildStep, 'name'>>,
): BuildContext {
  const tuning = { ...DEFAULT_TUNING, ...base.tuning };
  return { ...base, tuning, carryOver: base.carryOver ?? null, steps: steps.map((s) => s.name), handoffs: createBuildHandoffs() };
}

export interface BuildStep {
  name: string;
  /** CREATE TABLE / CREATE INDEX statements this step owns. */
  ddl: string[];
  /**
   * CREATE INDEX statements run once every step is done: indexes no step reads during the build.
   * Built from the finished table in one sorted pass instead of an index update per inserted row
   * (148,000 unmapped-concept rows: 2.3-2.7 s -> 0.85-0.95 s of CPU).
   */
  lateDdl?: string[];
  /**
   * Optional: called for every step when the build starts, before the first step runs, to begin
   * work that needs no earlier step's output (e.g. parsing in worker threads) while those run;
   * it resolves once that work is under way. It must not touch the database or the report until
   * `run`. The returned dispose is called when the build ends, whether it succeeded or not.
   */
  prepare?(ctx: BuildContext): Promise<{ dispose(): Promise<void> }>;
  run(ctx: BuildContext): Promise<void>;
}
