// `npm run bench:search`: latency (p50/p99 over the labelled queries, repeated) and quality (mean
// reciprocal rank @10 on bench/search-queries.json) of tenk's ticker search over the full universe,
// side by side with fuse.js (a plain fuzzy-search library) on the same entries in the same run.
// The universe comes from --dataset PATH (a built dataset) or is built in memory from the corpus
// (TENK_TEST_DATA, default ../shared/data) with the reference build step.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import Fuse from 'fuse.js';
import { referenceStep } from '../src/ingest/reference-step.js';
import { createBuildContext } from '../src/ingest/build-step.js';
import { silentProgress } from '../src/ingest/progress.js';
import { loadSearchEntriesFromDb } from '../src/dataset/sqlite/sqlite-tickers.js';
import { TickerIndex, type SearchEntry } from '../src/search/ticker-index.js';
import { searchTickers } from '../src/search/ticker-search.js';
import { benchRecorder } from './record.js';

interface Labelled { q: string; expect: string; kind: string; top?: number }

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { dataset: { type: 'string' }, rounds: { type: 'string' }, verbose: { type: 'boolean' }, record: { type: 'boolean' } } });
const recorder = benchRecorder('bench:search');

async function loadEntries(): Promise<{ entries: SearchEntry[]; from: string }> {
  if (values.dataset) {
    const db = new Database(values.dataset, { readonly: true, fileMustExist: true });
    const entries = loadSearchEntriesFromDb(db);
    db.close();
    return { entries, from: values.dataset };
  }
  const sourceDir = path.resolve(root, process.env.TENK_TEST_DATA ?? '../shared/data');
  const db = new Database(':memory:');
  for (const sql of referenceStep.ddl) db.exec(sql);
  await referenceStep.run(createBuildContext({
    dataset: db, sourceDir, progress: silentProgress(),
    report: { skip() {}, count() {}, note() {} },
  }, [referenceStep]));
  const entries = loadSearchEntriesFromDb(db);
  db.close();
  return { entries, from: `${sourceDir} (reference step, in memory)` };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function measure(name: string, queries: Labelled[], rounds: number, run: (q: string) => string[]) {
  (globalThis as { gc?: () => void }).gc?.(); // start from a collected heap when run with --expose-gc
  for (const l of queries) run(l.q); // warm-up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const worst = new Map<string, number>();
  for (let r = 0; r < rounds; r += 1) {
    for (const l of queries) {
      const c = process.cpuUsage();
      const t = process.hrtime.bigint();
      run(l.q);
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      const cpu = process.cpuUsage(c);
      times.push(ms);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      worst.set(l.q, Math.max(worst.get(l.q) ?? 0, ms));
    }
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const slowest = [...worst.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([q, ms]) => `${JSON.stringify(q)} ${ms.toFixed(2)} ms`);
  let rr = 0;
  let top1 = 0;
  const byKind = new Map<string, { rr: number; n: number }>();
  const misses: string[] = [];
  for (const l of queries) {
    const got = run(l.q).slice(0, 10);
    const rank = got.indexOf(l.expect) + 1;
    const v = rank > 0 ? 1 / rank : 0;
    rr += v;
    if (rank === 1) top1 += 1;
    const k = byKind.get(l.kind) ?? { rr: 0, n: 0 };
    k.rr += v;
    k.n += 1;
    byKind.set(l.kind, k);
    if (rank !== 1) misses.push(`${JSON.stringify(l.q)} -> ${l.expect} at ${rank || '>10'} (got ${got.slice(0, 3).join(', ')})`);
  }
  return {
    name,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuP50: percentile(cpuTimes, 50),
    cpuP99: percentile(cpuTimes, 99),
    mrr: rr / queries.length,
    top1: top1 / queries.length,
    byKind: [...byKind.entries()].map(([k, v]) => `${k} ${(v.rr / v.n).toFixed(3)}`).join(', '),
    misses,
    slowest,
  };
}

const labelled = (JSON.parse(fs.readFileSync(path.join(root, 'bench', 'search-queries.json'), 'utf8')) as { queries: Labelled[] }).queries;
const rounds = Number(values.rounds ?? 20);
const { entries, from } = await loadEntries();

let t0 = performance.now();
const index = new TickerIndex(entries);
const tenkBuild = performance.now() - t0;
t0 = performance.now();
const fuse = new Fuse(entries, { keys: ['symbol', 'name'], includeScore: true });
const fuseBuild = performance.now() - t0;

const results = [
  measure('tenk', labelled, rounds, (q) => searchTickers(index, q, { limit: 10 }).map((h) => h.entry.symbol)),
  measure('fuse.js', labelled, Math.max(1, Math.floor(rounds / 10)), (q) => fuse.search(q, { limit: 10 }).map((r) => r.item.symbol)),
];

console.log(`universe: ${entries.length} symbols from ${from}`);
console.log(`labelled queries: ${labelled.length} (bench/search-queries.json); latency over ${rounds} rounds (fuse.js ${Math.max(1, Math.floor(rounds / 10))})`);
console.log(`index build: tenk ${tenkBuild.toFixed(0)} ms, fuse.js ${fuseBuild.toFixed(0)} ms`);
console.log('');
console.log(`host: ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (wall time includes time descheduled by other processes; CPU time does not)`);
console.log('engine    wall p50 ms  wall p99 ms   cpu p50 ms  cpu p99 ms   MRR@10   top-1');
for (const r of results) {
  console.log(`${r.name.padEnd(8)} ${r.p50.toFixed(3).padStart(11)} ${r.p99.toFixed(3).padStart(12)} ${r.cpuP50.toFixed(3).padStart(12)} ${r.cpuP99.toFixed(3).padStart(11)}   ${r.mrr.toFixed(3)}   ${(r.top1 * 100).toFixed(1)}%`);
}
console.log('');
for (const r of results) console.log(`${r.name} MRR by kind: ${r.byKind}`);
for (const r of results) {
  if (r.name !== 'tenk' && !values.verbose) continue;
  console.log(`\n${r.name} slowest queries (max over rounds): ${r.slowest.join(', ')}`);
  console.log(`${r.name} queries not ranked first (${r.misses.length}):`);
  for (const m of r.misses) console.log(`  ${m}`);
}
const tenk = results[0]!;
const fuseJs = results[1]!;
recorder.add(`ticker search (${labelled.length} labelled queries, ${entries.length} symbols): tenk MRR@10, top-1`, `${tenk.mrr.toFixed(3)}, ${(tenk.top1 * 100).toFixed(1)} %`, `fuse.js ${fuseJs.mrr.toFixed(3)}, ${(fuseJs.top1 * 100).toFixed(1)} %`);
recorder.add('ticker search: tenk CPU p50 / p99 per query', `${tenk.cpuP50.toFixed(3)} / ${tenk.cpuP99.toFixed(3)} ms (wall ${tenk.p50.toFixed(3)} / ${tenk.p99.toFixed(3)} ms)`, `fuse.js CPU ${fuseJs.cpuP50.toFixed(3)} / ${fuseJs.cpuP99.toFixed(3)} ms`);
recorder.add('ticker search: index build', `${tenkBuild.toFixed(0)} ms`, `fuse.js ${fuseBuild.toFixed(0)} ms`);
recorder.save();
