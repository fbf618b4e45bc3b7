// npm run bench:screener — the screener over the corpus dataset (issue 28), on one HTTP connection,
// alternating with a baseline statement request in the same run: (1) a latest-period screen with
// three conditions and a sort (target p99 < 20 ms), and the same screen's SQL alone; (2) the same
// screen as_of days 2010-2025, each day asked once (target p99 < 50 ms; on a dataset built with
// versions: one SQL query over the stored screen versions), the latest screen beside them, the
// as_of statement alone, and the reference path (record versions merged in Node) of a few days.
//   npm run bench:screener [-- --requests 300 --record]  (dataset: the corpus test build)
import { parseArgs } from 'node:util';
import { startTestServer } from '../test/support/test-server.js';
import { compileWhere } from '../src/service/screener/resolve-where.js';
import { benchRecorder } from './record.js';
import { asOfPath, screenAsOf } from '../src/service/screener/screen-as-of.js';
import { parseScreen } from '../src/service/screener/screen-request.js';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  requests: { type: 'string', default: '300' }, record: { type: 'boolean', default: false },
} });
const recorder = benchRecorder('bench:screener');

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const ms = (x: number) => `${x.toFixed(1)} ms`;
const summary = (xs: number[]) => `p50 ${ms(pct(xs, 50))}, p99 ${ms(pct(xs, 99))}, max ${ms(Math.max(...xs))} (n=${xs.length})`;

const WHERE = 'oper_margin > 20 and net_debt_to_ebitda < 2 and market_cap > 10B';
const screenPath = (extra: Record<string, string>) => `/v3.0.0/screener?${new URLSearchParams({ where: WHERE, sort: '-market_cap', limit: '50', ...extra })}`;

async function main(): Promise<void> {
  const s = await startTestServer();
  try {
    const key = s.keys.enterprise;
    const timed = async (p: string) => {
      const t0 = performance.now();
      const res = await s.get(p, { key });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      return performance.now() - t0;
    };
    const baseline = '/v2/fundamental/income-statement/AAPL?limit=4';
    const n = Number(values.requests);
    for (let i = 0; i < 20; i++) { await timed(baseline); await timed(screenPath({})); }
    const plain: number[] = [], screen: number[] = [], sql: number[] = [];
    const filter = compileWhere(WHERE, 'annual');
    for (let i = 0; i < n; i++) {
      plain.push(await timed(baseline));
      screen.push(await timed(screenPath({})));
      const t0 = performance.now();
      await s.dataset.screens.screen({ kind: 'annual', period: { at: 'latest' }, filter, minDate: '2024-07-15', sort: [{ field: 'market_cap', desc: true }], columns: ['oper_margin', 'net_debt_to_ebitda', 'market_cap'], limit: 51, offset: 0 });
      sql.push(performance.now() - t0);
    }
    console.log(`baseline ${baseline}: ${summary(plain)}`);
    console.log(`latest screen (3 conditions, sort): ${summary(screen)}  target p99 < 20 ms: ${pct(screen, 99) < 20 ? 'met' : 'NOT met'}`);
    console.log(`  its SQL alone (SQLite): ${summary(sql)}`);
    recorder.add('screener: latest annual screen, 3 conditions + sort, HTTP', summary(screen), `income-statement AAPL limit=4: ${summary(plain)}`);
    recorder.add('screener: the same screen\'s SQL alone (SQLite, dataset.screens.screen)', summary(sql), '');

    // as_of screens: every one on a day not asked before (nothing cached), alternating with the latest screen
    const path = await asOfPath(s.dataset, { period: { at: 'latest' } });
    const label = path === 'sql' ? 'one SQL query over the stored screen versions' : path === 'versions' ? 'stored record versions merged in Node' : 'computed per company';
    const days: string[] = [];
    const first = Date.UTC(2010, 0, 4), last = Date.UTC(2025, 11, 31);
    const count = path === 'sql' ? n : Math.min(n, 24);
    for (let i = 0; i < count; i++) days.push(new Date(first + Math.floor(((last - first) / count) * i / 86_400_000) * 86_400_000).toISOString().slice(0, 10));
    const colds: number[] = [], latest2: number[] = [], sqlAt: number[] = [];
    const req = { kind: 'annual' as const, period: { at: 'latest' as const }, filter, sort: [{ field: 'market_cap', desc: true }], columns: ['oper_margin', 'net_debt_to_ebitda', 'market_cap'], limit: 51, offset: 0 };
    for (const day of days) {
      latest2.push(await timed(screenPath({})));
      colds.push(await timed(screenPath({ as_of: day })));
    }
    if (path === 'sql') {
      // the as_of statement alone, on other days again never asked (SQLite's page cache is warm)
      for (const day of days) {
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
        const minDate = new Date(Date.parse(`${next}T00:00:00Z`) - 548 * 86_400_000).toISOString().slice(0, 10);
        const t0 = performance.now();
        await s.dataset.screens.screenAt({ ...req, minDate }, next);
        sqlAt.push(performance.now() - t0);
      }
    }
    console.log(`as_of first screens of ${days.length} days 2010-2025 (${label}): ${summary(colds)}  target p99 < 50 ms: ${pct(colds, 99) < 50 ? 'met' : 'NOT met'}`);
    console.log(`  latest screen beside them: ${summary(latest2)}`);
    recorder.add(`screener: as_of annual screen, 3 conditions + sort, first screen of each of ${days.length} days 2010-2025, HTTP (${label})`, summary(colds), `latest screen, same run: ${summary(latest2)}`);
    if (sqlAt.length > 0) {
      console.log(`  its SQL alone (SQLite, dataset.screens.screenAt): ${summary(sqlAt)}`);
      recorder.add('screener: the same as_of screen\'s SQL alone (SQLite, dataset.screens.screenAt)', summary(sqlAt), `latest screen's SQL alone, same run: ${summary(sql)}`);
    }
    // the reference path of a few new days in process (record versions read across companies, merged in Node)
    if (path === 'sql') {
      const ref: number[] = [];
      for (const day of ['2017-05-15', '2013-09-09', '2021-11-22']) {
        const p = parseScreen({ where: WHERE, sort: '-market_cap', period: 'annual', as_of: day, include_stale: false }, new Date().toISOString().slice(0, 10), null);
        const r = { kind: p.kind, period: p.period, filter: p.filter, minDate: p.minDate, sort: p.sort, columns: p.fields, limit: 51, offset: 0 };
        const tv = performance.now();
        const a = await screenAsOf(s.dataset, r, day, p.fields, 'versions');
        ref.push(performance.now() - tv);
        const b = await screenAsOf(s.dataset, r, day, p.fields, 'sql');
        if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`the two as_of paths differ on ${day}`);
      }
      console.log(`as_of first screen of a day in process, reference path (record versions merged in Node): ${ref.map(ms).join(', ')}`);
      recorder.add('screener: as_of first screen of a day in process, reference path (record versions read across companies, merged in Node; 3 days)', ref.map(ms).join(', '), '');
    }
    recorder.save();
  } finally {
    await s.close();
  }
}

await main();
