// The file a dataset build writes: opened with the build's pragmas and the core tables (meta,
// ingest_skipped, ingest_counts), each step's tables created in it, and at the end the build's meta
// rows, skips and counts written and the planner statistics gathered before it is closed.
import Database from 'better-sqlite3';

/** The write handle of a dataset being built: the ingest passes it to the table writers of tables/. */
export type DatasetFile = Database.Database;

const CORE_DDL = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE ingest_skipped (subject TEXT NOT NULL, reason TEXT NOT NULL)`,
  `CREATE TABLE ingest_counts (label TEXT PRIMARY KEY, n INTEGER NOT NULL)`,
];

/** Creates the new build file at `filePath` (empty until prepareBuildFile). */
export function createBuildFile(filePath: string): DatasetFile {
  return new Database(filePath);
}

/** Sets the build's pragmas on a new build file and creates the core tables. */
export function prepareBuildFile(db: DatasetFile): void {
  // The file is private until the build renames it into place: no journal needed, durability comes
  // from the fsync before that rename (ingest/build-dataset.ts).
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
}

/** Runs a step's CREATE TABLE / CREATE INDEX statements (BuildStep.ddl, lateDdl) on the build file. */
export function createTables(file: DatasetFile, ddl: readonly string[]): void {
  for (const sql of ddl) file.exec(sql);
}

/**
 * Builds the indexes created after the steps ran (BuildStep.lateDdl) with SQLite's sorter on temp
 * files instead of memory: an index over a table of the whole universe sorts all of its keys
 * (unmapped_concepts_concept at 4× the corpus: peak RSS 142 MB in memory, 111 MB on disk, and
 * 11 s -> 7 s on a loaded machine), and the build's memory must not grow with the company count.
 */
export function createLateIndexes(file: DatasetFile, ddl: readonly string[]): void {
  if (ddl.length === 0) return;
  file.pragma('temp_store = FILE');
  for (const sql of ddl) file.exec(sql);
}

/** What the build stores about itself: meta rows, the named skips and the counts. */
export interface BuildRecord {
  meta: ReadonlyArray<readonly [key: string, value: string]>;
  skipped: ReadonlyArray<{ subject: string; reason: string }>;
  counts: Readonly<Record<string, number>>;
}

/** Writes the build's meta rows, skips and counts in one transaction, gathers the planner statistics and closes the file. */
export function finishBuildFile(file: DatasetFile, build: BuildRecord): void {
  const putMeta = file.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const putSkip = file.prepare('INSERT INTO ingest_skipped (subject, reason) VALUES (?, ?)');
  const putCount = file.prepare('INSERT OR REPLACE INTO ingest_counts (label, n) VALUES (?, ?)');
  file.transaction(() => {
    for (const [key, value] of build.meta) putMeta.run(key, value);
    for (const s of build.skipped) putSkip.run(s.subject, s.reason);
    for (const [label, n] of Object.entries(build.counts)) putCount.run(label, n);
  })();
  // Statistics for the query planner from a sample of each index (~1,000 rows): every read the
  // API makes is a primary-key or index range whose plan does not depend on them; the full scan
  // took 0.45-0.67 s at the end of every build, the sample ~0.09 s.
  file.pragma('analysis_limit = 1000');
  file.exec('ANALYZE');
  file.close();
}

/** Closes a build file that is being abandoned (a failed build), if it is still open. */
export function closeBuildFile(file: DatasetFile): void {
  if (file.open) file.close();
}
