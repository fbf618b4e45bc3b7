// The real ticker universe for reference tests: the corpus dataset's tickers table when `npm test`
// built it, else the reference build step run in memory on the corpus (TENK_TEST_DATA).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { referenceStep } from '../src/ingest/reference-step.js';
import { createBuildContext } from '../src/ingest/build-step.js';
import { silentProgress } from '../src/ingest/progress.js';

export function corpusDir(): string {
  return path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
}

/** A read-only handle on a database holding the reference tables (caller closes it). */
export async function referenceDb(): Promise<Database.Database> {
  const built = path.join(process.env.TENK_TEST_HOME ?? path.resolve('.tenk-test'), 'dataset.sqlite');
  if (fs.existsSync(built)) {
    const db = new Database(built, { readonly: true });
    const ok = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'profile_sources'").get();
    if (ok) return db;
    db.close();
  }
  const db = new Database(':memory:');
  for (const sql of [...referenceStep.ddl, ...(referenceStep.lateDdl ?? [])]) db.exec(sql);
  await referenceStep.run(createBuildContext({ dataset: db, sourceDir: corpusDir(), progress: silentProgress(), report: { skip() {}, count() {}, note() {} } }, [referenceStep]));
  return db;
}
