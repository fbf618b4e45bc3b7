// `npm run bench:scale -- --factor N`: tenk at N times the corpus, beside the corpus in the same run.
// Builds the corpus (N = 1), then a mirror with every companyfacts company cloned N−1 times under
// new CIKs and tickers (bench/scale-mirror.ts, in a temp folder), builds it, and reports for both:
// build time per company, peak RSS of the build (main thread, build thread and workers), dataset
// bytes per company and per table, server RSS at start and after a fixed request mix, p99 of a
// statement request, a search and a latest screen (three conditions and a sort, distinct
// where-values so the response cache answers none; once /v3.0.0/screener exists), and an
// incremental build in which 1 % of the companies are rebuilt and the rest carried over. It checks
// on a sample that a clone's records equal its original's but for the identifiers. The mirror and
// the datasets are deleted at the end (`--keep` keeps them). `--record` appends the figures to
// docs/benchmarks.md; `--postgres URL` also loads each build into PostgreSQL (`tenk dataset load`),
// reports its time and size, and serves the same request mix from it (TENK_DATABASE_URL) beside the
// embedded server (issue 31 item 6); `--no-serve` leaves the servers out. Disk: ~0.8 GB of dataset and
// ~0.1 GB of mirror per corpus copy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { loadDatasetIntoPostgres } from '../src/dataset/postgres/pg-dataset-load.js';
import { buildInChildProcess, peakRssByStep, type MeasuredBuild } from './build-process.js';
import { buildScaleMirror, cloneCik, cloneSymbol, MAX_FACTOR, type MirrorCompany } from './scale-mirror.js';
import { benchRecorder } from './record.js';
import { rssMbOf, startTenkServer } from './tenk-server.js';
import { parseBody } from '../src/dataset/codecs/record-body-codec.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.TENK_TEST_DATA ?? '../shared/data');

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  factor: { type: 'string', default: '4' }, sample: { type: 'string', default: '20' }, requests: { type: 'string', default: '200' },
  keep: { type: 'boolean', default: false }, record: { type: 'boolean', default: false }, 'no-serve': { type: 'boolean', default: false },
  postgres: { type: 'string' },
} });

interface ServeFigures { rssStartMb: number; rssAfterMb: number; statement: Latency; search: Latency; screen: Latency | null }
interface Latency { n: number; p50: number; p99: number; max: number }
interface Scale {
  n: number;
  companies: number;
  build: MeasuredBuild;
  datasetBytes: number;
  tables: Map<string, number>;
  serve: ServeFigures | null;
  incremental: { seconds: number; rebuilt: number; carried: number; peakRssMb: number };
  postgres: { seconds: number; bytes: number } | null;
  /** The same request mix served from the PostgreSQL load (--postgres, with serving). */
  postgresServe: ServeFigures | null;
}

/** `tenk dataset load` of the build into PostgreSQL (--postgres URL): its time and the version schema's size. */
async function postgresLoad(datasetPath: string, url: string): Promise<{ seconds: number; bytes: number }> {
  const loaded = await loadDatasetIntoPostgres(datasetPath, url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ bytes: string }>(`SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'r'`, [loaded.schema]);
    return { seconds: loaded.seconds, bytes: Number(r.rows[0]!.bytes) };
  } finally {
    await client.end();
  }
}

const mb = (b: number) => b / 1048576;

/** Bytes of each table with its indexes (sqlite's dbstat), largest first. */
function tableBytes(file: string): Map<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare(`SELECT COALESCE(m.tbl_name, d.name) AS t, SUM(d.pgsize) AS bytes FROM dbstat d
      LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY t ORDER BY bytes DESC`).all() as Array<{ t: string; bytes: number }>;
    return new Map(rows.map((r) => [r.t, r.bytes]));
  } finally {
    db.close();
  }
}

function factCompanies(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT cik FROM companies WHERE has_facts = 1 ORDER BY cik').all() as Array<{ cik: string }>).map((r) => r.cik);
  } finally {
    db.close();
  }
}

/** The corpus build's ticker universe: every symbol, and each CIK's symbols with their exchange. */
function universeOf(file: string): { universe: Set<string>; companies: MirrorCompany[] } {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare('SELECT symbol, cik, exchange FROM tickers ORDER BY symbol').all() as Array<{ symbol: string; cik: string | null; exchange: string | null }>;
    const byCik = new Map<string, Array<{ symbol: string; exchange: string | null }>>();
    for (const r of rows) {
      if (!r.cik) continue;
      const l = byCik.get(r.cik) ?? [];
      l.push({ symbol: r.symbol, exchange: r.exchange });
      byCik.set(r.cik, l);
    }
    return { universe: new Set(rows.map((r) => r.symbol)), companies: [...byCik].map(([cik, symbols]) => ({ cik, symbols })) };
  } finally {
    db.close();
  }
}

/** A clone's records, provenance and fact store against its original's, the identifiers set aside. */
function checkClones(file: string, factor: number, sampleSize: number): { checked: number; differing: string[] } {
  const db = new Database(file, { readonly: true });
  try {
    const originals = (db.prepare('SELECT cik, ticker FROM companies WHERE has_facts = 1 AND cik < \'1000000000\' ORDER BY cik').all() as Array<{ cik: string; ticker: string | null }>);
    const step = Math.max(1, Math.floor(originals.length / sampleSize));
    const records = db.prepare('SELECT record_type, period, date, fiscal_year, period_label, body FROM records WHERE cik = ? ORDER BY record_type, period, date');
    const prov = db.prepare('SELECT record_type, period, date, fields FROM record_provenance WHERE cik = ? ORDER BY record_type, period, date');
    const texts = db.prepare('SELECT id, text FROM provenance_texts WHERE cik = ? ORDER BY id');
    const filings = db.prepare('SELECT id, accn, filed, form FROM provenance_filings WHERE cik = ? ORDER BY id');
    const company = db.prepare('SELECT ticker, currency, taxonomy, shares_outstanding, shares_outstanding_date, fiscal_year_end, has_facts FROM companies WHERE cik = ?');
    const differing: string[] = [];
    let checked = 0;
    for (let i = 0; i < originals.length && checked < sampleSize; i += step) {
      const o = originals[i]!;
      const k = 1 + (checked % (factor - 1));
      const c = cloneCik(o.cik, k);
      checked += 1;
      const strip = (rows: unknown[], ticker: string | null) => JSON.stringify((rows as Array<{ record_type: string; body: string }>).map((r) => {
        const body = parseBody(r.record_type, r.body);
        const sameTicker = body.ticker === ticker;
        delete body.ticker;
        return { ...r, body, sameTicker };
      }));
      const oc = company.get(o.cik) as Record<string, unknown>;
      const cc = company.get(c) as Record<string, unknown> | undefined;
      const why: string[] = [];
      if (!cc) { differing.push(`${o.cik} clone ${k}: missing`); continue; }
      if (cc.ticker !== (o.ticker === null ? null : cloneSymbol(o.ticker, k))) why.push('primary ticker');
      if (JSON.stringify({ ...oc, ticker: null }) !== JSON.stringify({ ...cc, ticker: null })) why.push('companies row');
      if (strip(records.all(o.cik), o.ticker) !== strip(records.all(c), cc.ticker as string | null)) why.push('records');
      if (JSON.stringify(prov.all(o.cik)) !== JSON.stringify(prov.all(c))) why.push('provenance');
      if (JSON.stringify(texts.all(o.cik)) !== JSON.stringify(texts.all(c))) why.push('provenance texts');
      if (JSON.stringify(filings.all(o.cik)) !== JSON.stringify(filings.all(c))) why.push('provenance filings');
      if (why.length) differing.push(`${o.ticker ?? o.cik} clone ${k}: ${why.join(', ')}`);
    }
    return { checked, differing };
  } finally {
    db.close();
  }
}

function latency(ms: number[]): Latency {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN };
}

/** One request at a time, each URL once (response-cache misses): wall ms per request. */
async function timeAll(urls: readonly string[]): Promise<{ ms: number[]; bad: number }> {
  const ms: number[] = [];
  let bad = 0;
  for (const u of urls) {
    const t0 = performance.now();
    const r = await fetch(u);
    await r.arrayBuffer();
    ms.push(performance.now() - t0);
    if (r.status !== 200) bad += 1;
  }
  return { ms, bad };
}

/**
 * The built server on the dataset: RSS at start, the request mix, RSS after. With `databaseUrl`
 * it serves the version loaded into PostgreSQL (keys there too, as `tenk serve` with
 * TENK_DATABASE_URL does); the request mix is the same, chosen from the SQLite build's companies.
 */
async function serveFigures(datasetPath: string, requests: number, databaseUrl: string | null = null): Promise<ServeFigures> {
  const server = await startTenkServer(datasetPath, databaseUrl ? { TENK_DATABASE_URL: databaseUrl } : {});
  const { child, key } = server;
  try {
    const port = server.port;
    await new Promise((r) => setTimeout(r, 3000));
    const rssStartMb = rssMbOf(child.pid!);
    const base = `http://127.0.0.1:${port}`;
    const db = new Database(datasetPath, { readonly: true });
    const rows = db.prepare('SELECT ticker, name FROM companies WHERE has_facts = 1 AND ticker IS NOT NULL ORDER BY cik').all() as Array<{ ticker: string; name: string }>;
    db.close();
    // Spread over the whole list (originals and clones alike), the same positions at every factor.
    const pick = <T>(list: T[], n: number) => Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * list.length) / Math.min(n, list.length))]!);
    const statementUrls = pick(rows, requests).map((r) => `${base}/v2/fundamental/income-statement/${encodeURIComponent(r.ticker)}?limit=10&apikey=${key}`);
    const searchUrls = pick(rows, requests).map((r, i) => {
      const q = i % 2 === 0 ? r.name.split(/\s+/)[0]!.toLowerCase() : r.ticker.slice(0, 3).toLowerCase();
      return `${base}/v2/tickers/search?query=${encodeURIComponent(q)}&limit=10&apikey=${key}`;
    });
    const statement = await timeAll(statementUrls);
    const search = await timeAll(searchUrls);
    // Latest-period screens with three conditions and a sort (as bench/screener's), each with its own
    // where-values so that the response cache answers none of them.
    let screen: Latency | null = null;
    let screenBad = 0;
    const probe = await fetch(`${base}/v3.0.0/screener?limit=1&apikey=${key}`);
    await probe.arrayBuffer();
    if (probe.status !== 404) {
      const screenUrls = Array.from({ length: requests }, (_, i) => {
        const where = `oper_margin > ${10 + (i % 20)} and net_debt_to_ebitda < ${1 + Math.floor(i / 20) * 0.25} and market_cap > ${1 + (i % 7)}B`;
        return `${base}/v3.0.0/screener?${new URLSearchParams({ where, sort: '-market_cap', limit: '50', apikey: key })}`;
      });
      const t = await timeAll(screenUrls);
      screen = latency(t.ms);
      screenBad = t.bad;
    }
    if (screenBad > 0) console.log(`  (non-200 answers: screens ${screenBad})`);
    if (statement.bad > 0 || search.bad > 0) console.log(`  (non-200 answers: statements ${statement.bad}, searches ${search.bad})`);
    return { rssStartMb, rssAfterMb: rssMbOf(child.pid!), statement: latency(statement.ms), search: latency(search.ms), screen };
  } finally {
    await server.stop();
  }
}

async function buildStage(n: number, sourceDir: string, dir: string): Promise<{ build: MeasuredBuild; datasetPath: string; ciks: string[] }> {
  fs.mkdirSync(dir, { recursive: true });
  const datasetPath = path.join(dir, 'dataset.sqlite');
  console.log(`[${n}×] building ${sourceDir} ...`);
  const build = await buildInChildProcess({ sourceDir, targetPath: datasetPath });
  const ciks = factCompanies(datasetPath);
  console.log(`[${n}×] built ${ciks.length} companies in ${build.seconds.toFixed(1)} s, peak RSS ${build.peakRssMb.toFixed(0)} MB`);
  console.log(`  steps (s / peak RSS MB): ${build.summary.stepSeconds.map((s, i) => `${s.step} ${s.seconds.toFixed(1)} / ${peakRssByStep(build)[i]!.peakMb}`).join(', ')}`);
  return { build, datasetPath, ciks };
}

async function measure(n: number, sourceDir: string, dir: string, built: Awaited<ReturnType<typeof buildStage>>, requests: number, serve: boolean): Promise<Scale> {
  const { build, datasetPath, ciks } = built;
  // 1 % of the companies rebuilt (as if their facts had changed), the rest carried over.
  const rebuilt = new Set(ciks.filter((_, i) => i % 100 === 0));
  const incPath = path.join(dir, 'incremental.sqlite');
  const inc = await buildInChildProcess({ sourceDir, targetPath: incPath, carryOver: { fromPath: datasetPath, ciks: ciks.filter((c) => !rebuilt.has(c)) } });
  fs.rmSync(incPath, { force: true });
  const carried = inc.summary.counts['companies carried over'] ?? 0;
  console.log(`[${n}×] incremental: ${rebuilt.size} rebuilt, ${carried} carried over, ${inc.seconds.toFixed(1)} s (steps: ${inc.summary.stepSeconds.map((s) => `${s.step} ${s.seconds.toFixed(1)}`).join(', ')})`);
  const figures = serve ? await serveFigures(datasetPath, requests) : null;
  const postgres = values.postgres ? await postgresLoad(datasetPath, values.postgres) : null;
  if (postgres) console.log(`[${n}×] PostgreSQL load ${postgres.seconds.toFixed(1)} s, ${mb(postgres.bytes).toFixed(0)} MB`);
  const postgresServe = serve && values.postgres ? await serveFigures(datasetPath, requests, values.postgres) : null;
  return { postgres, postgresServe,
    n, companies: ciks.length, build, datasetBytes: fs.statSync(datasetPath).size, tables: tableBytes(datasetPath), serve: figures,
    incremental: { seconds: inc.seconds, rebuilt: rebuilt.size, carried, peakRssMb: inc.peakRssMb },
  };
}

function report(one: Scale, big: Scale): Array<[string, string, string]> {
  const rows: Array<[string, string, string]> = [];
  const add = (figure: string, f: (s: Scale) => string) => rows.push([figure, f(one), f(big)]);
  add('companies with statements', (s) => String(s.companies));
  add('build wall time', (s) => `${s.build.seconds.toFixed(1)} s`);
  add('build time per company', (s) => `${((s.build.seconds / s.companies) * 1000).toFixed(0)} ms`);
  add('build CPU (all threads)', (s) => `${s.build.cpu.toFixed(1)} s`);
  add('peak RSS of the build (main + build thread + workers)', (s) => `${s.build.peakRssMb.toFixed(0)} MB`);
  add('peak RSS by step', (s) => peakRssByStep(s.build).map((p) => `${p.step} ${p.peakMb}`).join(', '));
  add('dataset size', (s) => `${mb(s.datasetBytes).toFixed(0)} MB`);
  add('dataset bytes per company', (s) => `${(mb(s.datasetBytes) / s.companies).toFixed(2)} MB`);
  const top = [...big.tables.keys()].slice(0, 8);
  for (const t of top) add(`  table ${t} per company`, (s) => `${(mb(s.tables.get(t) ?? 0) / s.companies).toFixed(3)} MB (${mb(s.tables.get(t) ?? 0).toFixed(0)} MB)`);
  add('incremental build, 1 % of companies rebuilt', (s) => `${s.incremental.seconds.toFixed(1)} s (${((s.incremental.seconds / s.build.seconds) * 100).toFixed(0)} % of the full build; ${s.incremental.rebuilt} rebuilt, ${s.incremental.carried} carried; peak RSS ${s.incremental.peakRssMb.toFixed(0)} MB)`);
  if (one.postgres && big.postgres) {
    add('PostgreSQL load (`tenk dataset load`)', (s) => `${s.postgres!.seconds.toFixed(1)} s, ${mb(s.postgres!.bytes).toFixed(0)} MB in the database`);
  }
  if (one.serve && big.serve) {
    add('server RSS at start', (s) => `${s.serve!.rssStartMb.toFixed(0)} MB`);
    add('server RSS after the request mix', (s) => `${s.serve!.rssAfterMb.toFixed(0)} MB`);
    const lat = (l: Latency) => `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms (${l.n})`;
    add('income statement, limit=10, distinct tickers', (s) => lat(s.serve!.statement));
    add('ticker search, distinct queries', (s) => lat(s.serve!.search));
    add('latest screen, 3 conditions + sort, distinct where-values', (s) => (s.serve!.screen ? lat(s.serve!.screen) : 'no screener on this tree'));
    if (one.postgresServe && big.postgresServe) {
      // PostgreSQL's p50 over the embedded one's, per request kind: the ratio should not grow with N.
      const vs = (pgL: Latency, sq: Latency) => `${lat(pgL)}; p50 ${(pgL.p50 / sq.p50).toFixed(2)}× the embedded`;
      add('from PostgreSQL: server RSS at start / after the mix', (s) => `${s.postgresServe!.rssStartMb.toFixed(0)} / ${s.postgresServe!.rssAfterMb.toFixed(0)} MB`);
      add('from PostgreSQL: income statement, limit=10, distinct tickers', (s) => vs(s.postgresServe!.statement, s.serve!.statement));
      add('from PostgreSQL: ticker search, distinct queries', (s) => vs(s.postgresServe!.search, s.serve!.search));
      add('from PostgreSQL: latest screen, distinct where-values', (s) => (s.postgresServe!.screen && s.serve!.screen ? vs(s.postgresServe!.screen, s.serve!.screen) : 'no screener on this tree'));
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const factor = Number(values.factor);
  if (!Number.isInteger(factor) || factor < 2 || factor > MAX_FACTOR) throw new Error(`--factor takes a whole number from 2 to ${MAX_FACTOR}`);
  if (!fs.existsSync(path.join(dataDir, 'sec'))) throw new Error(`no corpus at ${dataDir} (set TENK_TEST_DATA)`);
  const recorder = benchRecorder('bench:scale');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-scale-'));
  try {
    console.log(`bench:scale: corpus ${dataDir}, factor ${factor}, work folder ${work}; ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
    const built1 = await buildStage(1, dataDir, path.join(work, 'n1'));
    const { universe, companies } = universeOf(built1.datasetPath);
    const mirrorDir = path.join(work, 'mirror');
    const mirror = await buildScaleMirror({ sourceDir: dataDir, targetDir: mirrorDir, factor, companies, universe });
    console.log(`mirror: ${mirror.companies} companies (${mirror.originals} × ${factor}), ${mb(mirror.bytesWritten).toFixed(0)} MB written in ${mirror.seconds.toFixed(1)} s`);
    const one = await measure(1, dataDir, path.join(work, 'n1'), built1, Number(values.requests), !values['no-serve']);
    const builtN = await buildStage(factor, mirrorDir, path.join(work, `n${factor}`));
    const big = await measure(factor, mirrorDir, path.join(work, `n${factor}`), builtN, Number(values.requests), !values['no-serve']);
    const check = checkClones(path.join(work, `n${factor}`, 'dataset.sqlite'), factor, Number(values.sample));
    fs.rmSync(path.join(work, 'n1'), { recursive: true, force: true });

    const rows = report(one, big);
    const w = Math.max(...rows.map((r) => r[0].length));
    console.log(`\n${'figure'.padEnd(w)} | 1× (corpus) | ${factor}×`);
    for (const [f, a, b] of rows) console.log(`${f.padEnd(w)} | ${a} | ${b}`);
    console.log(`\nclones checked against their originals (records, provenance, companies row; identifiers aside): ${check.checked - check.differing.length} of ${check.checked} equal`);
    for (const d of check.differing) console.log(`  differs: ${d}`);
    const ratio = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
    console.log(`\nat ${factor}×: build time ${ratio(one.build.seconds, big.build.seconds)}, peak RSS ${ratio(one.build.peakRssMb, big.build.peakRssMb)} (target ≤ 1.25× at 16×), `
      + `dataset ${(mb(big.datasetBytes) / big.companies).toFixed(2)} MB a company (target ≤ 1.5), incremental ${((big.incremental.seconds / big.build.seconds) * 100).toFixed(0)} % of a full build (target ≤ 15 % at 16×)`);
    for (const [f, a, b] of rows) if (!f.startsWith('  ') && f !== 'peak RSS by step') recorder.add(`scale ${factor}×: ${f}`, b, `1×: ${a}`);
    recorder.add(`scale ${factor}×: clones equal to their originals (sample)`, `${check.checked - check.differing.length} of ${check.checked}`);
    recorder.save();
  } finally {
    if (values.keep) console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:scale failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
