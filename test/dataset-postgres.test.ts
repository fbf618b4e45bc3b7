// The dataset in PostgreSQL (issue 19 #4): the corpus build loaded with `tenk dataset load` (COPY
// into its own version schema, switched in one transaction) answers the shared read-query cases
// exactly like SQLite; a second load becomes current with the first kept as previous, `tenk
// dataset rollback` serves the previous again, and a load killed mid-COPY leaves the served
// version untouched (its schema is dropped by the next load). Skipped, naming the reason, without
// the corpus dataset; without PostgreSQL only the SQLite run of the cases is left, and it says so.
// The accuracy scorecard (src/audit) reads a sample of companies from the loaded version exactly as from SQLite.
// A dataset connection runs without JIT and plans the latest screen on screen_latest's primary key.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SUPPORTED_DATASET_SCHEMA } from '../src/dataset/dataset-format.js';
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { openDatasetPool, PgDataset } from '../src/dataset/postgres/pg-dataset.js';
import { currentVersion } from '../src/dataset/postgres/pg-dataset-versions.js';
import { runReadQueryCases } from '../src/dataset/queries/read-queries.case.js';
import { CLI } from './support/serve-process.js';
import { TEST_DATABASE_URL, postgresSkip } from './support/services.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';
import Database from 'better-sqlite3';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { loadAuditCompany } from '../src/audit/audit-source.js';
import { ScorecardBuilder } from '../src/audit/scorecard.js';
import { compileScreen } from '../src/dataset/screen-sql.js';
import { SCREEN_KINDS } from '../src/metrics/screen-fields.js';
import type { ScreenFilter } from '../src/model/screen-filter.js';
import type { ScreenRequest } from '../src/dataset/queries/screen-queries.js';

const noCorpus = hasCorpusDataset() ? false : 'no corpus dataset (npm test builds it)';
const pgDown = await postgresSkip();
const skip = noCorpus || (pgDown && `PostgreSQL not reachable at ${TEST_DATABASE_URL}: SQLite only (run scripts/services.sh)`);
// Without PostgreSQL only the SQLite run of the case suite is left, and it is its own reference:
// it checks each query's contract but compares SQLite with itself. Say so where the run is read.
if (!noCorpus && pgDown) console.log(`PostgreSQL not reachable at ${TEST_DATABASE_URL}: SQLite only; the read-query cases compare SQLite with itself (run scripts/services.sh)`);

// The SQLite reference (the corpus build), opened on first use and read through this forwarding object.
let reference: Dataset | undefined;
const openReference = (): Dataset => (reference ??= Dataset.open(corpusDatasetPath()));
const ref = new Proxy({} as Dataset, { get: (_t, p) => { const r = openReference(); return Reflect.get(r, p, r) as unknown; } });
after(() => reference?.close());

describe('dataset read query cases on SQLite', { skip: noCorpus }, () => {
  runReadQueryCases(pgDown ? `sqlite only, against itself (PostgreSQL not reachable at ${TEST_DATABASE_URL})` : 'sqlite', async () => openReference(), ref);
});

describe('dataset in PostgreSQL', { skip }, () => {
  const name = `tenk_ds_test_${crypto.randomBytes(5).toString('hex')}`;
  const url = Object.assign(new URL(TEST_DATABASE_URL), { pathname: `/${name}` }).toString();
  const env = { ...process.env, TENK_DATABASE_URL: url };
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try { await c.query(sql); } finally { await c.end(); }
  };
  const tenk = (...args: string[]) => spawnSync(process.execPath, [...CLI, 'dataset', ...args], { encoding: 'utf8', env });
  let pool: pg.Pool;
  let first: string;

  before(async () => {
    await admin(`CREATE DATABASE ${name}`);
    pool = openDatasetPool(url);
    const r = tenk('load', '--from', corpusDatasetPath());
    assert.equal(r.status, 0, r.stderr);
    first = (await currentVersion(pool))!.schema;
  });
  after(async () => {
    await pool?.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  let opened: PgDataset | undefined;
  runReadQueryCases('postgres', async () => (opened ??= await PgDataset.open(pool, first)), ref);

  test('the loaded version carries the build\u2019s meta', async () => {
    assert.equal((await PgDataset.open(pool, first)).meta('built_at'), openReference().meta('built_at'));
  });

  test('a dataset connection plans without JIT and reads the latest screen through screen_latest\u2019s primary key, not a scan of every kind', async () => {
    const settings = (await pool.query<{ jit: string; rpc: string }>("SELECT current_setting('jit') AS jit, current_setting('random_page_cost') AS rpc")).rows[0]!;
    assert.deepEqual(settings, { jit: 'off', rpc: '1.1' });
    const filter: ScreenFilter = { op: 'and', args: [{ op: 'cmp', field: 'oper_margin', cmp: '>', value: 10 }, { op: 'cmp', field: 'market_cap', cmp: '>', value: 1e9 }] };
    for (const kind of SCREEN_KINDS) {
      const req: ScreenRequest = { kind, period: { at: 'latest' }, filter, minDate: '2024-07-15', sort: [{ field: 'market_cap', desc: true }], columns: ['oper_margin', 'market_cap'], limit: 50, offset: 0 };
      const { sql, params } = compileScreen(req, (t) => `"${first}"."${t}"`, (i) => `$${i}`, { latest: true });
      const plan = (await pool.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params)).rows[0]!['QUERY PLAN'];
      const scans: string[] = [];
      const walk = (n: Record<string, unknown>): void => {
        if (n['Relation Name'] === 'screen_latest') scans.push(String(n['Node Type']));
        for (const c of (n.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(c);
      };
      walk((plan as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
      assert.equal(scans.length, 1, kind);
      assert.notEqual(scans[0], 'Seq Scan', `${kind}: ${scans[0]}`);
    }
  });

  test('tenk audit reads a loaded dataset as it reads SQLite: the scorecard of a sample of companies is the same', async () => {
    const loaded = await PgDataset.open(pool, first);
    const fromSqlite = new ScorecardBuilder(5), fromPg = new ScorecardBuilder(5);
    for (const row of openReference().companies.all().filter((_c, i) => i % 20 === 0)) {
      const a = await loadAuditCompany(openReference(), row);
      const b = await loadAuditCompany(loaded, row);
      if (a) fromSqlite.add(a);
      if (b) fromPg.add(b);
    }
    const expected = fromSqlite.result();
    assert.ok(expected.companies > 0 && expected.identities.balance.all.checked > 0 && expected.identities['cash-flow-sections'].all.checked > 0);
    assert.deepEqual(fromPg.result(), expected);
  });

  test('a second load is served with the first kept as previous; rollback serves the first again', async () => {
    const tiny = buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }]);
    const r = tenk('load', '--from', tiny);
    assert.equal(r.status, 0, r.stderr);
    const cur = (await currentVersion(pool))!;
    assert.notEqual(cur.schema, first);
    assert.equal(cur.previous, first);
    const back = tenk('rollback');
    assert.equal(back.status, 0, back.stderr);
    assert.deepEqual([(await currentVersion(pool))!.schema, (await currentVersion(pool))!.previous], [first, cur.schema]);
  });

  test('a load killed mid-COPY leaves the served version untouched; the next load drops its schema', async () => {
    const before = (await currentVersion(pool))!;
    const child = spawn(process.execPath, [...CLI, 'dataset', 'load', '--from', corpusDatasetPath()], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (d: string) => { if (/loaded /.test(d)) { child.kill('SIGKILL'); resolve(); } });
      child.on('exit', () => reject(new Error('the load ended before it could be killed')));
    });
    await new Promise((r) => child.once('exit', r));
    assert.deepEqual(await currentVersion(pool), before);
    const schemas = async () => (await pool.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'tenk\\_ds\\_%' ORDER BY 1")).rows.map((r) => r.nspname);
    const orphans = (await schemas()).filter((s) => s !== before.schema && s !== before.previous);
    assert.equal(orphans.length, 1, 'the killed load left its schema behind');
    assert.equal((await (await PgDataset.open(pool, before.schema)).records.series({ cik: '0000320193', recordType: 'income_statement', period: 'annual', order: 'DESC', limit: 1 })).length, 1);
    const tiny = buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2025] }]);
    assert.equal(tenk('load', '--from', tiny).status, 0);
    const after = (await currentVersion(pool))!;
    assert.equal(after.previous, before.schema);
    assert.deepEqual((await schemas()).sort(), [after.schema, before.schema].sort(), 'only the current and previous versions are kept');
  });

  test('a build or version of another dataset form is not loaded, opened nor rolled back to', async () => {
    // stored bodies are arrays read by position (dataset-format.ts): another schema or other record columns would be misread
    const tiny = buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2025] }]);
    new Database(tiny).exec("UPDATE meta SET value = '0123456789abcdef' WHERE key = 'record_columns'").close();
    const refused = tenk('load', '--from', tiny);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /load failed, the served version is unchanged: .*built with other record fields/);
    const cur = (await currentVersion(pool))!;
    await pool.query(`UPDATE "${cur.schema}".meta SET value = '1' WHERE key = 'schema_version'`);
    await assert.rejects(PgDataset.open(pool, cur.schema), new RegExp(`dataset version tenk_ds_\\w+ has dataset schema 1; this tenk reads schema ${SUPPORTED_DATASET_SCHEMA}`));
    await pool.query(`UPDATE "${cur.previous!}".meta SET value = '1' WHERE key = 'schema_version'`);
    const back = tenk('rollback');
    assert.notEqual(back.status, 0);
    assert.match(back.stderr, /previous dataset version tenk_ds_\w+ has dataset schema 1/);
    assert.deepEqual(await currentVersion(pool), cur, 'the refused rollback switched nothing');
  });
});
