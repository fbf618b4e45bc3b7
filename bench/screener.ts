// npm run bench:screener — the screener over the corpus dataset (issue 28), on one HTTP connection,
// alternating with a baseline statement request in the same run: (1) a latest-period screen with
// three conditions and a sort (target p99 < 20 ms), and the same screen's SQL alone; (2) as_of
// screens: the first screen of a day (on a dataset with stored versions: one cross-company read of
// the versions known that day; without: every company's records through the point-in-time layer),
// first screens of other days, the per-company path of the same day in process for comparison,
// and then other screens of the same day (cached rows; target p99 < 50 ms).
//   npm run bench:screener [-- --requests 300 --as-of 2019-03-31 --record]  (dataset: the corpus test build)
import { parseArgs } from 'node:util';
import { startTestServer } from '../test/support/test-server.js';
import { compileWhere } from '../src/service/screener/resolve-where.js';
import { benchRecorder } from './record.js';
import { screenAsOf } from '../src/service/screener/screen-as-of.js';
import { parseScreen } from '../src/service/screener/screen-request.js';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  requests: { type: 'string', default: '300' }, 'as-of': { type: 'string', default: '2019-03-31' }, record: { type: 'boolean', default: false },
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

    const asOf = values['as-of']!;
    const versioned = s.dataset.records.hasVersions();
    const path = versioned ? 'stored versions, a cross-company read per record type' : 'computed per company';
    // a sector condition: only that sector's companies are computed (the text pre-check)
    const sectorDay = '2018-03-31';
    const ts = performance.now();
    await timed(`/v3.0.0/screener?${new URLSearchParams({ where: `sector = 'Technology' and ${WHERE}`, sort: '-market_cap', as_of: sectorDay })}`);
    const sectorCold = performance.now() - ts;
    console.log(`as_of ${sectorDay}, first screen of the day with sector = 'Technology' (${path}): ${ms(sectorCold)}`);
    recorder.add(`screener: as_of ${sectorDay}, first screen of the day, sector = 'Technology' and 3 conditions (${path})`, ms(sectorCold), '');
    const t0 = performance.now();
    await timed(screenPath({ as_of: asOf }));
    const cold = performance.now() - t0;
    console.log(`as_of ${asOf}, first screen of the day (${path}): ${ms(cold)}`);
    // the per-company path of one new day, in process (the path of a dataset without versions; here it reads each company's stored versions)
    let perCompany: number | null = null;
    if (versioned) {
      const p = parseScreen({ where: WHERE, sort: '-market_cap', period: 'annual', as_of: '2017-05-15', include_stale: false }, new Date().toISOString().slice(0, 10), null);
      const req = { kind: p.kind, period: p.period, filter: p.filter, minDate: p.minDate, sort: p.sort, columns: p.fields, limit: 51, offset: 0 };
      const tv = performance.now();
      const a = await screenAsOf(s.dataset, req, '2017-05-15', p.fields, 'versions');
      const versionsMs = performance.now() - tv;
      const tc = performance.now();
      const b = await screenAsOf(s.dataset, req, '2017-05-15', p.fields, 'companies');
      perCompany = performance.now() - tc;
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('the two as_of paths differ');
      console.log(`as_of 2017-05-15 in process: versions path ${ms(versionsMs)}, per-company path ${ms(perCompany)}`);
      recorder.add('screener: as_of 2017-05-15, first screen of the day in process, versions path (a cross-company read per record type)', ms(versionsMs), `per-company path (seriesAt per company and record type, stored versions): ${ms(perCompany)}`);
    }
    const warm: number[] = [], plain2: number[] = [];
    const wheres = ['oper_margin > 20', 'pe_ratio < 15 and pe_ratio > 0', WHERE, 'market_cap between 10B and 100B'];
    for (let i = 0; i < Math.min(n, 100); i++) {
      plain2.push(await timed(baseline));
      warm.push(await timed(`/v3.0.0/screener?${new URLSearchParams({ where: wheres[i % wheres.length]!, sort: '-market_cap', as_of: asOf })}`));
    }
    console.log(`as_of ${asOf}, later screens of the day: ${summary(warm)}  target p99 < 50 ms: ${pct(warm, 99) < 50 ? 'met' : 'NOT met'}`);
    // first screens of other days (each day read once; after the later screens of the first day, which they would evict from the cache): the latest screen of the same run beside them
    const days: string[] = [];
    for (let y = 2012; y <= 2023; y++) for (const md of ['-02-15', '-08-15']) days.push(`${y}${md}`);
    const colds: number[] = [], latest2: number[] = [];
    for (const day of days) {
      latest2.push(await timed(screenPath({})));
      colds.push(await timed(screenPath({ as_of: day })));
    }
    console.log(`first screens of ${days.length} other days (${path}): ${summary(colds)}; latest screen beside: ${summary(latest2)}`);
    recorder.add(`screener: as_of ${asOf}, first screen of the day (${path})`, ms(cold), `income-statement AAPL limit=4: ${summary(plain2)}`);
    recorder.add(`screener: as_of first screens of ${days.length} other days, 2012-2023 (${path})`, summary(colds), `latest screen, same run: ${summary(latest2)}`);
    recorder.add(`screener: as_of ${asOf}, later screens of that day (cached rows)`, summary(warm), `income-statement AAPL limit=4: ${summary(plain2)}`);
    recorder.save();
  } finally {
    await s.close();
  }
}

await main();
