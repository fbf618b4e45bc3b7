// tenk sync's fetching against the local SEC stand-in: fair-access rules (User-Agent, rate,
// conditional requests, retries on 429/500/dropped/truncated), the mirror's layout and atomic
// writes, and a company whose download keeps failing reported and left unwritten.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/model/config.js';
import { runSync, SyncRefusedError, type SyncSummary } from '../src/sync/sync-run.js';
import { stooqProvider } from '../src/sync/price-provider.js';
import { startSecStandIn, type SecStandIn } from './support/sec-stand-in.js';

const DATA = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const APPLE = '0000320193';
const MSFT = '0000789019';
const RATE = 4;

let standIn: SecStandIn;
const homes: string[] = [];
before(async () => { standIn = await startSecStandIn(DATA); });
after(async () => {
  await standIn.close();
  for (const h of homes) fs.rmSync(h, { recursive: true, force: true });
});

function setup(env: Record<string, string> = {}) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-sync-'));
  homes.push(home);
  const config = loadConfig({
    TENK_HOME: home, TENK_SEC_DATA_URL: standIn.url, TENK_SEC_WWW_URL: standIn.url, TENK_PRICES_URL: standIn.pricesUrl,
    TENK_SEC_USER_AGENT: 'tenk tests tests@example.com', TENK_SEC_RATE: String(RATE), TENK_SYNC_RETRY_MS: '20', ...env,
  });
  const sync = (ciks: string[]) => runSync({ config: config.sync, mirror: config.mirrorPath, provider: stooqProvider(config.sync.pricesUrl) }, { ciks, since: null, dryRun: false });
  return { home, config, sync };
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push(path.relative(dir, path.join(d, e.name)).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Requests per second as the server saw them, over the whole run: the first request opens the
 * first second. (Arrival times can bunch when one request is slowed on its way, so the peak of
 * one window is checked on the client's own start times: rate-gate.test.ts.)
 */
function ratePerSecond(at: number[]): number {
  return at.length / (1 + (at[at.length - 1]! - at[0]!) / 1000);
}

test('sync refuses to start without TENK_SEC_USER_AGENT, before any request', async () => {
  const { sync } = setup({ TENK_SEC_USER_AGENT: '' });
  const before = standIn.requests.length;
  await assert.rejects(sync([APPLE]), (err: Error) => err instanceof SyncRefusedError && /TENK_SEC_USER_AGENT.*name email/.test(err.message));
  assert.equal(standIn.requests.length, before);
});

test('sync from an empty home through injected faults: the mirror holds the served files whole, the rate stays under the limit, a second run fetches nothing', async () => {
  const { config, sync } = setup();
  standIn.inject('/files/company_tickers_exchange.json', 'drop');
  standIn.inject(`/api/xbrl/companyfacts/CIK${APPLE}.json`, '429', 'truncate');
  standIn.inject(`/submissions/CIK${MSFT}.json`, '500');
  standIn.inject('/q/d/l/?s=aapl.us', 'truncate');
  const first = standIn.requests.length;
  const s1: SyncSummary = await sync([APPLE, MSFT]);
  const mine = standIn.requests.slice(first);

  assert.deepEqual(s1.failures, [], JSON.stringify(s1));
  assert.equal(s1.companiesSynced, 2);
  assert.ok(s1.retries >= 5, JSON.stringify(s1));
  assert.ok(mine.every((r) => r.userAgent === 'tenk tests tests@example.com'));
  assert.ok(mine.length > 2 * RATE, `${mine.length} requests`);
  assert.ok(ratePerSecond(mine.map((r) => r.at)) <= RATE, `${ratePerSecond(mine.map((r) => r.at))} per second`);

  const files = filesUnder(config.mirrorPath);
  assert.deepEqual(files.filter((f) => f.startsWith('sec/')), [
    'sec/company_tickers_exchange.json', `sec/companyfacts/CIK${APPLE}.json`, `sec/companyfacts/CIK${MSFT}.json`,
    `sec/submissions/CIK${APPLE}.json`, `sec/submissions/CIK${MSFT}.json`,
  ]);
  assert.ok(!files.some((f) => f.includes('.part-')), 'no temporary file left');
  for (const [file, url] of [
    [`sec/companyfacts/CIK${APPLE}.json`, `/api/xbrl/companyfacts/CIK${APPLE}.json`],
    [`sec/submissions/CIK${MSFT}.json`, `/submissions/CIK${MSFT}.json`],
    ['prices/stooq-daily/AAPL.csv', '/q/d/l/?s=aapl.us'],
    ['prices/stooq-daily/MSFT.csv', '/q/d/l/?s=msft.us'],
  ] as const) {
    assert.ok(fs.readFileSync(path.join(config.mirrorPath, file)).equals((await standIn.body(url))!), file);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(config.mirrorPath, 'prices/stooq-daily/manifest.json'), 'utf8'));
  assert.equal(manifest.as_of, '2017-11-10');
  assert.equal(manifest.columns.Close, 'splits_and_dividends');
  assert.ok(s1.pricesUpdated >= 2);

  const second = standIn.requests.length;
  const s2 = await sync([APPLE, MSFT]);
  assert.equal(s2.fetched, 0);
  assert.equal(s2.failed, 0);
  assert.equal(s2.notModified, s2.requests);
  assert.ok(standIn.requests.slice(second).every((r) => r.status === 304));
});

test('a company whose download keeps failing is reported and not written; the others are', async () => {
  const { config, sync } = setup();
  standIn.inject(`/api/xbrl/companyfacts/CIK${MSFT}.json`, '500', '500', '500', '500', '500');
  const s = await sync([APPLE, MSFT]);
  assert.deepEqual(s.failures.map((f) => f.subject), [`CIK${MSFT}`], JSON.stringify(s));
  assert.match(s.failures[0]!.reason, /HTTP 500 after 5 attempts/);
  assert.ok(fs.existsSync(path.join(config.mirrorPath, `sec/companyfacts/CIK${APPLE}.json`)));
  // its submissions arrived, but a company is written whole or not at all
  assert.ok(!fs.existsSync(path.join(config.mirrorPath, `sec/submissions/CIK${MSFT}.json`)));
  assert.ok(!fs.existsSync(path.join(config.mirrorPath, 'prices/stooq-daily/MSFT.csv')));
});

test('--dry-run lists the requests a run would make and sends none', async () => {
  const { config } = setup();
  const before = standIn.requests.length;
  const s = await runSync({ config: config.sync, mirror: config.mirrorPath, provider: stooqProvider(config.sync.pricesUrl) }, { ciks: [APPLE], since: null, dryRun: true });
  assert.equal(standIn.requests.length, before);
  assert.deepEqual(s.planned.slice(0, 3), [
    `GET ${standIn.url}/files/company_tickers_exchange.json -> sec/company_tickers_exchange.json`,
    `GET ${standIn.url}/submissions/CIK${APPLE}.json -> sec/submissions/CIK${APPLE}.json`,
    `GET ${standIn.url}/api/xbrl/companyfacts/CIK${APPLE}.json -> sec/companyfacts/CIK${APPLE}.json`,
  ]);
  assert.ok(!fs.existsSync(config.mirrorPath));
});

test('--all takes the bulk archives (streamed, atomic, retried when cut off) and the prices of every ticker file company; a second run gets 304s', async () => {
  const { config } = setup({ TENK_SEC_RATE: '10' });
  // a ticker file of two companies keeps the price requests few
  const full = JSON.parse((await standIn.body('/files/company_tickers_exchange.json'))!.toString('utf8')) as { fields: string[]; data: unknown[][] };
  const two = { fields: full.fields, data: full.data.filter((r) => r[0] === 320193 || r[0] === 789019) };
  standIn.replace('/files/company_tickers_exchange.json', Buffer.from(JSON.stringify(two)));
  try {
    standIn.inject('/Archives/edgar/daily-index/xbrl/companyfacts.zip', 'truncate');
    const run = () => runSync({ config: config.sync, mirror: config.mirrorPath, provider: stooqProvider(config.sync.pricesUrl) }, { ciks: 'all', since: null, dryRun: false });
    const s1 = await run();
    assert.deepEqual(s1.failures, [], JSON.stringify(s1));
    assert.equal(s1.companiesSynced, 2);
    assert.ok(s1.retries >= 1, 'the cut-off archive was fetched again');
    for (const name of ['companyfacts', 'submissions']) {
      assert.ok(fs.readFileSync(path.join(config.mirrorPath, 'sec', `${name}.zip`)).equals(fs.readFileSync(path.join(DATA, 'sec', `${name}.zip`))), name);
    }
    assert.ok(fs.existsSync(path.join(config.mirrorPath, 'prices/stooq-daily/AAPL.csv')));
    assert.ok(!filesUnder(config.mirrorPath).some((f) => f.includes('.part-')));
    const s2 = await run();
    assert.equal(s2.fetched, 0);
    assert.ok(s2.notModified >= 5, JSON.stringify(s2));
  } finally {
    standIn.replace('/files/company_tickers_exchange.json', fs.readFileSync(path.join(DATA, 'sec', 'company_tickers_exchange.json')));
  }
});
