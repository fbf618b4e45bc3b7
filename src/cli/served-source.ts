// Where `tenk serve` reads its dataset from, and how it notices a new one: $TENK_HOME/dataset.sqlite
// (a new build renamed into place: dataset-watch.ts), or with TENK_DATABASE_URL the current
// PostgreSQL version (tenk_datasets.current, polled every second: a switch by `tenk ingest` or
// `tenk dataset load|rollback` on any machine is served within a few seconds, no restart).
// Invariant: a new version is opened and warmed before it is handed over, so no request sees a
// half-opened one; one that cannot be opened is reported and the served one kept.
import fs from 'node:fs';
import type pg from 'pg';
import type { Config } from '../model/config.js';
import { Dataset } from '../dataset/sqlite/sqlite-dataset.js';
import type { ServableDataset } from '../dataset/queries/read-queries.js';
import { openDatasetPool, PgDataset } from '../dataset/postgres/pg-dataset.js';
import { currentVersion } from '../dataset/postgres/pg-dataset-versions.js';
import { loadDatasetIntoPostgres } from '../dataset/postgres/pg-dataset-load.js';
import { warmReferenceData } from '../dataset/reference-warmup.js';
import { watchDataset } from './dataset-watch.js';
import { runIngest } from './ingest-command.js';

export const PG_VERSION_POLL_MS = 1000;

export interface ServedSource {
  dataset: ServableDataset;
  /** Describes what is served, for the start-up line. */
  label: string;
  watch(onNew: (next: ServableDataset) => void, onError: (message: string) => void): { stop(): void };
  close(): Promise<void>;
}

/** Opens the dataset to serve (ingesting first when there is none and TENK_SOURCE is set); throws
 *  with a message naming what is missing. */
export async function openServedSource(config: Config): Promise<ServedSource> {
  return config.databaseUrl ? openPostgres(config, config.databaseUrl) : openSqlite(config);
}

async function openSqlite(config: Config): Promise<ServedSource> {
  if (!fs.existsSync(config.datasetPath)) {
    if (!config.source) throw new Error(`no dataset in ${config.home}: run \`tenk ingest --source DIR\` or set TENK_SOURCE`);
    process.stdout.write(`tenk: no dataset yet, ingesting from ${config.source}\n`);
    await runIngest(config.source, config.home);
  }
  // Refuse a file that is not a complete tenk build (the message names the file and the cause).
  let dataset: Dataset;
  try {
    dataset = Dataset.openChecked(config.datasetPath);
  } catch (err) {
    throw new Error(`dataset ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    dataset, label: config.datasetPath,
    watch: (onNew, onError) => watchDataset(config.datasetPath, onNew, onError),
    close: async () => undefined,
  };
}

async function openPostgres(config: Config, url: string): Promise<ServedSource> {
  const pool = openDatasetPool(url);
  try {
    let cur = await currentVersion(pool);
    if (!cur) {
      if (!config.source) throw new Error('no dataset version in PostgreSQL (TENK_DATABASE_URL): run `tenk ingest --source DIR` or `tenk dataset load`, or set TENK_SOURCE');
      process.stdout.write(`tenk: no dataset yet, ingesting from ${config.source} into PostgreSQL\n`);
      await runIngest(config.source, config.home);
      await loadDatasetIntoPostgres(config.datasetPath, url);
      cur = (await currentVersion(pool))!;
    }
    const dataset = await PgDataset.open(pool, cur.schema);
    return {
      dataset, label: `postgres:${cur.schema}`,
      watch: (onNew, onError) => watchVersions(pool, cur.schema, onNew, onError),
      close: () => pool.end(),
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}

function watchVersions(pool: pg.Pool, served: string, onNew: (next: ServableDataset) => void, onError: (message: string) => void): { stop(): void } {
  let busy = false;
  let failing = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void (async () => {
      try {
        const cur = await currentVersion(pool);
        failing = false;
        if (!cur || cur.schema === served) return;
        const next = await PgDataset.open(pool, cur.schema);
        warmReferenceData(next);
        served = cur.schema;
        onNew(next);
      } catch (err) {
        // Reported once per outage; the served version stays (requests report their own 503s).
        if (!failing) onError(`cannot check the served dataset version: ${err instanceof Error ? err.message : String(err)}`);
        failing = true;
      } finally {
        busy = false;
      }
    })();
  }, PG_VERSION_POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
