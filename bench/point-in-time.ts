// npm run bench:pit — point-in-time queries from the stored versions (issue 27), over HTTP on one
// connection, each figure beside the plain request (no as_of) measured in the same run:
//   (1) `income-statement/<T>?period=quarterly&limit=40&as_of=D` for several companies, D each of
//       the company's filing dates and the day before each (every URL new: no response cache
//       answers; every state asked for the first time), alternating with the plain request;
//       p50/p99 of each (target: as_of p99 < 10 ms);
//   (2) one past date across every company of the dataset: income statement and multiples of each
//       as of 2019-03-31, total time, and the same requests without as_of;
//   (3) the dataset's versions: superseded versions per company, and the tables' sizes.
// (1) and (2) also give the bytes read from storage during each kind of request (Linux: read_bytes
// of /proc/self/io): with `--cold` the dataset file's pages are first dropped from the page cache
// (`dd iflag=nocache count=0`), as after other work evicted them, so the first reads of each
// company wait on storage (the figures of a machine where the dataset is not all in memory).
// `--client process` (default): the built server (`tenk serve`, bench/tenk-server.ts) runs in a
// process of its own and this one is the client (node:http on one kept-alive connection), as a user
// measures from outside; the server's CPU per request is its /proc CPU time over the requests of a
// kind (the mean: the clock ticks are 10 ms). `--client http` / `--client fetch`: the server runs in
// this process (the tests' in-process server) and the client beside it, node:http or the global
// fetch (undici), whose work and garbage land in the server's process and in its measured requests;
// these give CPU p50/p99 per request (process.cpuUsage).
//   npm run bench:pit [-- --as-of 2019-03-31 --cold --client process|http|fetch --record]  (dataset: the corpus test build, with versions)
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { filingDates } from '../src/xbrl/point-in-time-view.js';
import { loadCompanyFactsView } from '../src/dataset/queries/fact-store-queries.js';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { corpusDatasetPath, startTestServer } from '../test/support/test-server.js';
import { benchRecorder } from './record.js';
import { startTenkServer } from './tenk-server.js';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  'as-of': { type: 'string', default: '2019-03-31' },
  tickers: { type: 'string', default: 'AAPL,JPM,MSFT,NVDA,DD' },
  record: { type: 'boolean', default: false },
  cold: { type: 'boolean', default: false },
  client: { type: 'string', default: 'process' },
} });
if (values.client !== 'process' && values.client !== 'http' && values.client !== 'fetch') throw new Error('--client: process, http or fetch');
const recorder = benchRecorder('bench:pit');

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const ms = (x: number) => `${x.toFixed(1)} ms`;
const summary = (xs: number[]) => `p50 ${ms(pct(xs, 50))}, p99 ${ms(pct(xs, 99))}, max ${ms(Math.max(...xs))} (n=${xs.length})`;
/** Bytes the server's process (`pid`, or this one) has read from storage so far (null where /proc is not there). */
function storageBytes(pid: number | 'self'): number | null {
  try {
    const m = /read_bytes: (\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}
/** CPU ms (user + system) of process `pid` so far, from /proc/PID/stat (in clock ticks, 100 a second on Linux). */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server measured: its base URL, a key, its dataset read in this process, its pid (null: this process) and a GET. */
interface Target { url: string; key: string; dataset: Dataset; pid: number | null; close(): Promise<void> }

async function startTarget(client: string): Promise<Target> {
  if (client === 'process') {
    const server = await startTenkServer(corpusDatasetPath());
    const dataset = Dataset.open(corpusDatasetPath());
    return { url: `http://127.0.0.1:${server.port}`, key: server.key, dataset, pid: server.child.pid!, close: async () => { dataset.close(); await server.stop(); } };
  }
  const s = await startTestServer();
  return { url: s.url, key: s.keys.enterprise, dataset: s.dataset, pid: null, close: () => s.close() };
}
const mbRead = (b: number | null) => (b === null ? 'n/a' : `${(b / 1e6).toFixed(1)} MB`);
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  if (values.cold) execFileSync('dd', [`if=${corpusDatasetPath()}`, 'iflag=nocache', 'count=0', 'status=none']);
  const s = await startTarget(values.client!);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const ds = s.dataset;
    if (!(await ds.records.hasVersions())) throw new Error('the dataset has no stored versions (built before issue 27?)');
    const key = s.key;
    const pid = s.pid ?? 'self';
    /** GET with the key; resolves with the status once the body is read. */
    const get = (p: string): Promise<number> => {
      const url = `${s.url}${p}${p.includes('?') ? '&' : '?'}apikey=${encodeURIComponent(key)}`;
      if (values.client === 'fetch') return fetch(url).then(async (res) => { await res.arrayBuffer(); return res.status; });
      return new Promise((resolve, reject) => {
        http.get(url, { agent }, (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        }).on('error', reject);
      });
    };
    const read = { pit: 0, plain: 0 };
    const cpu = { pit: [] as number[], plain: [] as number[] };
    const cpuMs = () => (s.pid === null ? (({ user, system }) => (user + system) / 1000)(process.cpuUsage()) : processCpuMs(s.pid));
    const timed = async (p: string, kind?: 'pit' | 'plain') => {
      const b0 = storageBytes(pid);
      const c0 = cpuMs();
      const t0 = performance.now();
      const status = await get(p);
      const t = performance.now() - t0;
      const c = cpuMs() - c0;
      const b1 = storageBytes(pid);
      if (kind) cpu[kind].push(c);
      if (kind && b0 !== null && b1 !== null) read[kind] += b1 - b0;
      if (status !== 200 && status !== 404) throw new Error(`${p}: ${status}`);
      return t;
    };
    const readSince = (r0: typeof read) => storageBytes(pid) === null ? { pit: null, plain: null } : { pit: read.pit - r0.pit, plain: read.plain - r0.plain };
    const cold = `${values.cold ? ', dataset evicted from the page cache first' : ''}, client ${values.client}`;
    const newest = (await ds.factStore.newestFiled())!;
    // (1) every filing date of several companies, and the day before each
    const plain: number[] = [], pit: number[] = [];
    const tickers = values.tickers!.split(',');
    for (const t of tickers) {
      const c = ds.identifiers.companyTickers().find((x) => x.ticker === t);
      if (!c) continue;
      const stored = await loadCompanyFactsView(ds, c.cik);
      if (!stored) continue;
      const base = `/v2/fundamental/income-statement/${t}?period=quarterly&limit=40`;
      await timed(base);
      for (const d of filingDates(stored.view).filter((x) => x < newest)) {
        for (const asOf of [dayBefore(d), d]) {
          plain.push(await timed(base, 'plain'));
          pit.push(await timed(`${base}&as_of=${asOf}`, 'pit'));
        }
      }
    }
    const read1 = readSince({ pit: 0, plain: 0 });
    // CPU time of the process (server and client) per request: on a shared machine the wall time's
    // tail is mostly the process waiting for a CPU, which this leaves out (and waits on storage too)
    const cpuOf = (xs: number[]) => (s.pid === null ? `CPU p50 ${ms(pct(xs, 50))}, p99 ${ms(pct(xs, 99))}`
      : `server CPU ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)} ms a request (mean)`);
    console.log(`(1) income-statement quarterly limit=40, ${tickers.join(' ')}: each filing date and the day before (every state new${cold})`);
    console.log(`  as_of  ${summary(pit)}; ${cpuOf(cpu.pit)}; ${mbRead(read1.pit)} read from storage\n  plain  ${summary(plain)}; ${cpuOf(cpu.plain)}; ${mbRead(read1.plain)} read from storage`);
    recorder.add(`HTTP income-statement quarterly limit=40, as_of each filing date and the day before of ${tickers.join(', ')} (stored versions, every URL new${cold})`,
      `${summary(pit)}; ${cpuOf(cpu.pit)}; ${mbRead(read1.pit)} read from storage`, `plain: ${summary(plain)}; ${cpuOf(cpu.plain)}; ${mbRead(read1.plain)} read from storage`);
    console.log(`target p99 < 10 ms: ${pct(pit, 99) < 10 ? 'met' : 'NOT met'}`);

    // (2) one past date across every company
    const asOf = values['as-of']!;
    const companies = ds.identifiers.companyTickers().filter((c) => c.ticker);
    const across = async (suffix: string, kind: 'pit' | 'plain') => {
      const t0 = performance.now();
      for (const c of companies) {
        await timed(`/v2/fundamental/income-statement/${c.ticker}?limit=4${suffix}`, kind);
        await timed(`/v2/fundamental/multiples/${c.ticker}?limit=4${suffix}`, kind);
      }
      return performance.now() - t0;
    };
    const r0 = { ...read };
    const plainAll = await across('', 'plain');
    const pitAll = await across(`&as_of=${asOf}`, 'pit');
    const read2 = readSince(r0);
    console.log(`(2) income statement + multiples of ${companies.length} companies: as_of ${asOf} ${ms(pitAll)} (${mbRead(read2.pit)} read); plain ${ms(plainAll)} (${mbRead(read2.plain)} read)`);
    recorder.add(`HTTP income statement + multiples of every company (${companies.length}), as_of ${asOf} (stored versions${cold})`,
      `${ms(pitAll)}; ${mbRead(read2.pit)} read from storage`, `plain: ${ms(plainAll)}; ${mbRead(read2.plain)} read from storage`);
  } finally {
    agent.destroy();
    await s.close();
  }
  // (3) the versions stored
  const db = new Database(corpusDatasetPath(), { readonly: true });
  try {
    const v = db.prepare('SELECT count(*) AS n, count(DISTINCT cik) AS c FROM record_versions').get() as { n: number; c: number };
    const r = db.prepare('SELECT count(*) AS n, count(DISTINCT cik) AS c FROM records WHERE known_from IS NOT NULL').get() as { n: number; c: number };
    const bytes = (t: string) => (db.prepare('SELECT sum(pgsize) AS b FROM dbstat WHERE name = ?').get(t) as { b: number | null }).b ?? 0;
    const mb = (b: number) => `${(b / 1e6).toFixed(0)} MB`;
    const line = `${v.n} superseded versions of ${r.c} companies (${(v.n / Math.max(1, r.c)).toFixed(0)} per company; ${r.n} current records): record_versions ${mb(bytes('record_versions'))}, records ${mb(bytes('records'))}`;
    console.log(`(3) ${line}`);
    recorder.add('stored versions (dataset)', line, '');
  } catch (err) {
    console.log(`(3) sizes not read: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    db.close();
  }
  recorder.save();
}

await main();
