// One stage of a dataset build. Steps run in registry order against a fresh database file (a
// step may start work early, see prepare); the build is renamed into place only when every step succeeded.
import type { Database } from 'better-sqlite3';
import type { ProgressReporter } from './progress.js';
import { createBuildHandoffs, type BuildHandoffs } from './build-handoffs.js';
import type { BuildV8 } from './build-v8.js';

export interface BuildReport {
  /** A company (or file) that was left out, with the reason; never stops the build. */
  skip(subject: string, reason: string): void;
  /** A counted fact for the summary, e.g. count('companies built'). */
  count(label: string, n?: number): void;
  /** A free-form summary line. */
  note(line: string): void;
}

export interface BuildContext {
  db: Database;
  /** Root of the source mirror (laid out like shared/data). */
  sourceDir: string;
  progress: ProgressReporter;
  report: BuildReport;
  /** The V8 settings of the threads a step starts (build-v8.ts). */
  readonly v8: BuildV8;
  /** The names of this build's steps, in the order they run. */
  readonly steps: readonly string[];
  /** What one step hands to a later step of the same build (e.g. standardized statements). */
  readonly handoffs: BuildHandoffs;
}

/** A context for running `steps` (their names) against `db`, with nothing handed over yet. */
export function createBuildContext(
  base: Pick<BuildContext, 'db' | 'sourceDir' | 'progress' | 'report'> & { v8?: BuildV8 | undefined },
  steps: ReadonlyArray<Pick<BuildStep, 'name'>>,
): BuildContext {
  return { ...base, v8: base.v8 ?? 'tuned', steps: steps.map((s) => s.name), handoffs: createBuildHandoffs() };
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
