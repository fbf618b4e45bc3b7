// tenk sync end to end against the local SEC stand-in: from an empty home it builds a dataset
// with the same statements as `tenk ingest` of the same files; a second run fetches nothing and
// rebuilds nothing; one company's changed facts rebuild only that company, and the result equals
// a full build of the same mirror.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig, type Config } from '../src/model/config.js';
import { runSyncCommand, type SyncOptions } from '../src/cli/sync-command.js';
import { buildDataset } from '../src/ingest/build-dataset.js';
import { stooqProvider } from '../src/sync/price-provider.js';
import { startSecStandIn, type SecStandIn } from './support/sec-stand-in.js';

const DATA = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const CIKS = ['0000320193', '0000789019', '0000019617'];
const MSFT = '0000789019';

let standIn: SecStandIn;
const dirs: string[] = [];
before(async () => { standIn = await startSecStandIn(DATA); });
after(async () => {
  await standIn.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

function configFor(home: string): Config {
  return loadConfig({
    TENK_HOME: home, TENK_SEC_DATA_URL: standIn.url, TENK_SEC_WWW_URL: standIn.url, TENK_PRICES_URL: standIn.pricesUrl,
    TENK_SEC_USER_AGENT: 'tenk tests tests@example.com', TENK_SYNC_RETRY_MS: '20',
  });
}

const quiet = () => undefined;
const opts: SyncOptions = { ciks: CIKS, since: null, dryRun: false, full: false };

type Row = Record<string, unknown>;
function rows(file: string, sql: string): Row[] {
  const db = new Database(file, { readonly: true });
  try { return db.prepare(sql).all() as Row[]; } finally { db.close(); }
}
const RECORDS = 'SELECT cik, record_type, period, date, body FROM records ORDER BY cik, record_type, period, date';
const PROVENANCE = 'SELECT cik, record_type, period, date, field, concept, accn FROM provenance ORDER BY 1, 2, 3, 4, 5';
const COMPANIES = 'SELECT * FROM companies ORDER BY cik';
const SCREEN = 'SELECT * FROM screen_rows ORDER BY cik, kind, date';

/** The stand-in's files laid out as a source mirror by hand, for `tenk ingest`. */
async function handMirror(dir: string, symbols: string[]): Promise<void> {
  const put = async (rel: string, url: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), (await standIn.body(url))!);
  };
  await put('sec/company_tickers_exchange.json', '/files/company_tickers_exchange.json');
  for (const cik of CIKS) {
    await put(`sec/companyfacts/CIK${cik}.json`, `/api/xbrl/companyfacts/CIK${cik}.json`);
    await put(`sec/submissions/CIK${cik}.json`, `/submissions/CIK${cik}.json`);
  }
  for (const s of symbols) await put(`prices/stooq-daily/${s}.csv`, `/q/d/l/?s=${s.toLowerCase()}.us`);
  fs.writeFileSync(path.join(dir, 'prices/stooq-daily/manifest.json'), JSON.stringify(stooqProvider('').manifest('2017-11-10')));
}

test('sync from an empty home, again with nothing new, then with one company changed', async () => {
  const home = tmp('tenk-sync-home-');
  const config = configFor(home);

  // 1. From an empty home: every company built, none carried.
  const first = await runSyncCommand(config, opts, quiet, quiet);
  assert.deepEqual(first.sync.failures, []);
  assert.deepEqual(first.rebuilt && { companies: first.rebuilt.companies, carried: first.rebuilt.carried }, { companies: 3, carried: 0 });
  const synced = rows(config.datasetPath, RECORDS);
  const syncedScreen = rows(config.datasetPath, SCREEN);
  assert.ok(synced.length > 300, `${synced.length} records`);
  assert.deepEqual(new Set(synced.map((r) => r.cik)), new Set(CIKS));

  // ... the same statements as `tenk ingest` of the same files
  const hand = tmp('tenk-sync-hand-');
  const symbols = fs.readdirSync(path.join(config.mirrorPath, 'prices/stooq-daily')).filter((f) => f.endsWith('.csv')).map((f) => f.slice(0, -4));
  assert.ok(symbols.includes('AAPL') && symbols.includes('MSFT') && symbols.includes('JPM'), symbols.join(' '));
  await handMirror(hand, symbols);
  const ingested = path.join(tmp('tenk-sync-ingest-'), 'dataset.sqlite');
  await buildDataset({ sourceDir: hand, targetPath: ingested });
  assert.deepEqual(synced, rows(ingested, RECORDS));
  assert.deepEqual(rows(config.datasetPath, COMPANIES), rows(ingested, COMPANIES));

  // 2. Nothing new: every request 304 (but the symbols the feed has no prices for), no build
  // (the dataset file is the same file).
  const inode = fs.statSync(config.datasetPath).ino;
  const second = await runSyncCommand(config, opts, quiet, quiet);
  assert.equal(second.sync.fetched, 0);
  assert.equal(second.sync.notModified + second.sync.pricesMissing.length, second.sync.requests);
  assert.deepEqual(second.sync.pricesMissing, first.sync.pricesMissing);
  assert.equal(second.rebuilt, null);
  assert.equal(fs.statSync(config.datasetPath).ino, inode);

  // 3. Microsoft's facts change: only Microsoft is standardized again.
  const url = `/api/xbrl/companyfacts/CIK${MSFT}.json`;
  const facts = JSON.parse((await standIn.body(url))!.toString('utf8'));
  for (const u of Object.values(facts.facts['us-gaap'].NetIncomeLoss.units) as Array<Array<{ val: number }>>) for (const f of u) f.val *= 2;
  standIn.replace(url, Buffer.from(JSON.stringify(facts)));
  const third = await runSyncCommand(config, opts, quiet, quiet);
  assert.equal(third.sync.fetched, 1);
  assert.deepEqual(third.rebuilt && { companies: third.rebuilt.companies, carried: third.rebuilt.carried }, { companies: 1, carried: 2 });
  const after3 = rows(config.datasetPath, RECORDS);
  const of = (rs: Row[], cik: string) => rs.filter((r) => r.cik === cik);
  for (const cik of CIKS.filter((c) => c !== MSFT)) assert.deepEqual(of(after3, cik), of(synced, cik), cik);
  assert.notDeepEqual(of(after3, MSFT), of(synced, MSFT));

  // ... and the incremental result equals a full build of the same mirror
  const full = path.join(tmp('tenk-sync-full-'), 'dataset.sqlite');
  await buildDataset({ sourceDir: config.mirrorPath, targetPath: full });
  assert.deepEqual(after3, rows(full, RECORDS));
  assert.deepEqual(rows(config.datasetPath, PROVENANCE), rows(full, PROVENANCE));
  assert.deepEqual(rows(config.datasetPath, COMPANIES), rows(full, COMPANIES));
  assert.deepEqual(rows(config.datasetPath, 'SELECT * FROM splits ORDER BY symbol, date'), rows(full, 'SELECT * FROM splits ORDER BY symbol, date'));
  // the screener's rows: the carried companies' copied, Microsoft's written again
  assert.deepEqual(rows(config.datasetPath, SCREEN), rows(full, SCREEN));
  assert.deepEqual(rows(config.datasetPath, 'SELECT * FROM screen_companies ORDER BY cik'), rows(full, 'SELECT * FROM screen_companies ORDER BY cik'));
  assert.notDeepEqual(of(rows(config.datasetPath, SCREEN), MSFT), of(syncedScreen, MSFT));
  for (const cik of CIKS.filter((c) => c !== MSFT)) assert.deepEqual(of(rows(config.datasetPath, SCREEN), cik), of(syncedScreen, cik), cik);
});
