// `tenk dataset load|rollback|status`: the dataset versions in PostgreSQL (TENK_DATABASE_URL).
// `load` copies a finished build ($TENK_HOME/dataset.sqlite, or --from FILE) into a new version
// schema with COPY and switches to it in one transaction; `rollback` serves the previous version
// again. A failed or killed load leaves the served version untouched.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../model/config.js';
import { loadDatasetIntoPostgres } from '../dataset/postgres/pg-dataset-load.js';
import { currentVersion, ensureRegistry, rollback } from '../dataset/postgres/pg-dataset-versions.js';
import type { Command } from './command.js';

const HELP = [
  'usage: tenk dataset load [--from FILE] [--home DIR]',
  '       tenk dataset rollback',
  '       tenk dataset status',
  '',
  'Needs TENK_DATABASE_URL. load: copy a finished build (default $TENK_HOME/dataset.sqlite) into',
  'a new version and switch to it; the previous version is kept for rollback, older ones dropped.',
].join('\n');

export const datasetCommand: Command = {
  name: 'dataset',
  summary: 'load the dataset into PostgreSQL, roll back, show the served version',
  help: HELP,
  async run(args) {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { from: { type: 'string' }, home: { type: 'string' } } });
    const sub = positionals[0];
    const fail = (msg: string, code = 1) => { process.stderr.write(`tenk dataset: ${msg}\n`); return code; };
    if (sub !== 'load' && sub !== 'rollback' && sub !== 'status') return fail(`${sub ? `unknown subcommand '${sub}'` : 'a subcommand is required'}\n\n${HELP}`, 2);
    const config = loadConfig(process.env, values.home ? { home: values.home } : {});
    if (!config.databaseUrl) return fail('TENK_DATABASE_URL is not set (the dataset versions live in PostgreSQL)', 2);
    if (sub === 'load') {
      const file = path.resolve(values.from ?? config.datasetPath);
      if (!fs.existsSync(file)) return fail(`no build at ${file}: run \`tenk ingest --source DIR\` first`);
      try {
        const s = await loadDatasetIntoPostgres(file, config.databaseUrl, (table, rows) => process.stdout.write(`loaded ${table}: ${rows} rows\n`));
        process.stdout.write(`dataset version ${s.schema} served: ${s.tables} tables, ${s.rows} rows in ${s.seconds.toFixed(1)} s` +
          `${s.dropped.length ? `; dropped ${s.dropped.join(', ')}` : ''}\n`);
        return 0;
      } catch (err) {
        return fail(`load failed, the served version is unchanged: ${(err as Error).message}`);
      }
    }
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await ensureRegistry(client);
      if (sub === 'rollback') {
        const cur = await rollback(client);
        process.stdout.write(`serving ${cur.schema} again (previous: ${cur.previous ?? 'none'})\n`);
        return 0;
      }
      const cur = await currentVersion(client);
      process.stdout.write(cur ? `serving ${cur.schema} since ${cur.switchedAt} (previous: ${cur.previous ?? 'none'})\n` : 'no dataset version loaded\n');
      return 0;
    } catch (err) {
      return fail((err as Error).message);
    } finally {
      await client.end().catch(() => undefined);
    }
  },
};
