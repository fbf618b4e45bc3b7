// Stored versions across an incremental sync (issue 27): a restating filing of JPMorgan (FY2019
// revenue filed again with another value) is synced; the rebuilt company's versions give the old
// value the day before the filing and the new one on its day, its versions of earlier filings
// are the ones the first build stored, and a carried-over company keeps its versions row for row
// (and its screen versions, derived again from them).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig, type Config } from '../src/model/config.js';
import { runSyncCommand, type SyncOptions } from '../src/cli/sync-command.js';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { decodeProvenance } from '../src/dataset/codecs/provenance-decoder.js';
import { startSecStandIn, type SecStandIn } from './support/sec-stand-in.js';

const DATA = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const JPM = '0000019617';
const MSFT = '0000789019';
const RESTATED_ON = '2026-11-02';

let standIn: SecStandIn;
const dirs: string[] = [];
before(async () => { standIn = await startSecStandIn(DATA); });
after(async () => {
  await standIn.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function configFor(home: string): Config {
  return loadConfig({
    TENK_HOME: home, TENK_SEC_DATA_URL: standIn.url, TENK_SEC_WWW_URL: standIn.url, TENK_PRICES_URL: standIn.pricesUrl,
    TENK_SEC_USER_AGENT: 'tenk tests tests@example.com', TENK_SYNC_RETRY_MS: '20',
  });
}

type Row = Record<string, unknown>;
function rows(file: string, sql: string, ...params: unknown[]): Row[] {
  const db = new Database(file, { readonly: true });
  try { return db.prepare(sql).all(...params) as Row[]; } finally { db.close(); }
}
const VERSIONS = 'SELECT * FROM record_versions WHERE cik = ? ORDER BY record_type, period, date, known_from';
const SCREEN_SPANS = 'SELECT * FROM screen_versions WHERE cik = ? ORDER BY kind, known_from';

/** A company's versions with their provenance decoded (its dictionary ids depend on the build's first-use order). */
function versions(file: string, cik: string): Row[] {
  const texts = rows(file, 'SELECT id, text FROM provenance_texts WHERE cik = ? ORDER BY id', cik) as Array<{ id: number; text: string }>;
  const filings = rows(file, 'SELECT id, accn, filed, form FROM provenance_filings WHERE cik = ? ORDER BY id', cik) as Array<{ id: number; accn: string | null; filed: string | null; form: string | null }>;
  return rows(file, VERSIONS, cik).map((v) => ({
    ...v,
    fields: v.fields === null ? null : Object.fromEntries(decodeProvenance({ rows: [{ date: v.date as string, fields: v.fields as string }], texts, filings })),
  }));
}

function revenue2019(file: string, asOf: string): unknown {
  const ds = Dataset.open(file);
  try {
    const [v] = ds.records.versionsAt({ cik: JPM, recordType: 'income_statement', period: 'annual', dateStart: '2019-12-31', dateEnd: '2019-12-31', order: 'ASC', limit: 1 }, asOf, false);
    return v ? (JSON.parse(v.body) as Record<string, unknown>).is_sales_revenue_turnover : undefined;
  } finally {
    ds.close();
  }
}

test('sync a restating filing: as_of the day before gives the old value, the day of it the new one; old versions stay', async () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-sync-versions-'));
  dirs.push(home);
  const config = configFor(home);
  const opts: SyncOptions = { ciks: [JPM, MSFT], since: null, dryRun: false, full: false, versions: true };
  const first = await runSyncCommand(config, opts, () => undefined, () => undefined);
  assert.deepEqual(first.sync.failures, []);
  const before1 = { jpm: versions(config.datasetPath, JPM), msft: rows(config.datasetPath, VERSIONS, MSFT) };
  const spans1 = { jpm: rows(config.datasetPath, SCREEN_SPANS, JPM), msft: rows(config.datasetPath, SCREEN_SPANS, MSFT) };
  assert.ok(spans1.jpm.length > 20 && spans1.msft.length > 20, `${spans1.jpm.length} JPM, ${spans1.msft.length} MSFT screen spans`);
  assert.ok(before1.jpm.length > 100 && before1.msft.length > 100, `${before1.jpm.length} JPM, ${before1.msft.length} MSFT versions`);
  const newest1 = (rows(config.datasetPath, 'SELECT max(newest_filed) AS d FROM company_facts')[0]!.d) as string;
  assert.ok(newest1 < RESTATED_ON, newest1);
  const old = revenue2019(config.datasetPath, '2026-11-01');
  assert.equal(typeof old, 'number');

  // a 10-K/A filed on RESTATED_ON restates FY2019 revenue
  const url = `/api/xbrl/companyfacts/CIK${JPM}.json`;
  const facts = JSON.parse((await standIn.body(url))!.toString('utf8'));
  const units = facts.facts['us-gaap'].Revenues.units.USD as Array<Record<string, unknown>>;
  const restated = (old as number) + 1_000_000;
  units.push({ start: '2019-01-01', end: '2019-12-31', val: restated, accn: '0000019617-26-999999', fy: 2019, fp: 'FY', form: '10-K/A', filed: RESTATED_ON });
  standIn.replace(url, Buffer.from(JSON.stringify(facts)));
  const second = await runSyncCommand(config, opts, () => undefined, () => undefined);
  assert.deepEqual(second.rebuilt && { companies: second.rebuilt.companies, carried: second.rebuilt.carried }, { companies: 1, carried: 1 });

  assert.equal(revenue2019(config.datasetPath, '2026-11-01'), old, 'the day before the restating filing');
  assert.equal(revenue2019(config.datasetPath, RESTATED_ON), restated, 'the day of it');
  // the carried company's versions row for row; the rebuilt one's versions of its earlier filings as they were
  assert.deepEqual(rows(config.datasetPath, VERSIONS, MSFT), before1.msft);
  const settled = (vs: Row[]) => vs.filter((v) => (v.known_to as string) < newest1);
  assert.deepEqual(settled(versions(config.datasetPath, JPM)), settled(before1.jpm));
  // the screen versions are derived from them again: the carried company's spans row for row; the
  // rebuilt one's ended spans as they were (FY2019 is not its newest period: its screen row is unchanged)
  assert.deepEqual(rows(config.datasetPath, SCREEN_SPANS, MSFT), spans1.msft);
  const ended = (vs: Row[]) => vs.filter((v) => (v.known_to as string) < newest1);
  assert.deepEqual(ended(rows(config.datasetPath, SCREEN_SPANS, JPM)), ended(spans1.jpm));
});
