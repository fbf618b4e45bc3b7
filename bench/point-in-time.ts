// npm run bench:pit — point-in-time queries (issue 21): (1) per company of the dataset, the time
// to decode its stored facts and read its market data, and to standardize + derive + render its
// records as of a day (p50/p99/max over every company); (2) over HTTP on one connection, the
// latency of `income-statement/AAPL?period=quarterly&limit=40` without as_of and with a different
// as_of on every request: first each of Apple's filing dates (every one a new state, computed),
// then a walk every 13 days (new URLs; a state computed once serves the as_of dates up to the next
// filing), in the same run, alternating, with p50/p99 of each (target: p99 of as_of < 50 ms).
//   npm run bench:pit [-- --requests 300 --as-of 2020-01-01]  (dataset: the corpus test build)
import { parseArgs } from 'node:util';
import { loadCompanyFactsView } from '../src/dataset/fact-store-queries.js';
import { companySymbols, readCompanyMarketData } from '../src/dataset/company-market-data.js';
import { computeCompanyRecords } from '../src/service/point-in-time-records.js';
import { filingDates } from '../src/metrics/records-at.js';
import { startTestServer } from '../test/support/test-server.js';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  requests: { type: 'string', default: '300' }, 'as-of': { type: 'string', default: '2020-01-01' },
} });

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const ms = (x: number) => `${x.toFixed(1)} ms`;
const line = (name: string, xs: number[]) => console.log(`  ${name.padEnd(44)} p50 ${ms(pct(xs, 50))}  p99 ${ms(pct(xs, 99))}  max ${ms(Math.max(...xs))}  (n=${xs.length})`);

async function main(): Promise<void> {
  const s = await startTestServer();
  try {
    const ds = s.dataset;
    const companies = ds.identifiers.companyTickers();
    const load: number[] = [], compute: number[] = [], full: number[] = [];
    const asOf = values['as-of']!;
    for (const c of companies) {
      const t0 = performance.now();
      const stored = await loadCompanyFactsView(ds, c.cik);
      if (!stored) continue;
      const ticker = c.ticker ?? c.cik;
      const market = await readCompanyMarketData(ds, c.cik, companySymbols(ds, c.cik, ticker));
      const t1 = performance.now();
      computeCompanyRecords(ticker, { stored, market }, { asOf, firstFiled: false });
      const t2 = performance.now();
      computeCompanyRecords(ticker, { stored, market }, { asOf: null, firstFiled: true });
      const t3 = performance.now();
      load.push(t1 - t0); compute.push(t2 - t1); full.push(t3 - t2);
    }
    console.log(`per company (${load.length} companies with stored facts):`);
    line('decode facts + read market data', load);
    line(`standardize + derive + render, as_of ${asOf}`, compute);
    line('standardize + derive + render, first_filed', full);

    const n = Number(values.requests);
    const plain: number[] = [], pit: number[] = [], fresh: number[] = [], plain2: number[] = [];
    const newest = (await ds.factStore.newestFiled())!;
    const states = filingDates((await loadCompanyFactsView(ds, '0000320193'))!.view).filter((d) => d >= '2010-01-01' && d < newest);
    const base = '/v2/fundamental/income-statement/AAPL?period=quarterly&limit=40';
    const key = s.keys.enterprise;
    const timed = async (p: string) => {
      const t0 = performance.now();
      const res = await s.get(p, { key });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      return performance.now() - t0;
    };
    await timed(base);
    await timed(`${base}&as_of=2012-01-01`); // the company's inputs are read once (then cached)
    // every filing state of Apple once: each request computes (no cache can answer it)
    for (const d of states) {
      plain2.push(await timed(base));
      fresh.push(await timed(`${base}&as_of=${d}`));
    }
    const day0 = Date.UTC(2012, 0, 2);
    for (let i = 0; i < n; i++) {
      plain.push(await timed(base));
      const d = new Date(day0 + i * 86_400_000 * 13).toISOString().slice(0, 10);
      pit.push(await timed(`${base}&as_of=${d}`));
    }
    console.log(`HTTP, one connection, alternating with the plain request:`);
    line('income-statement AAPL quarterly limit=40', [...plain2, ...plain]);
    line(`  as_of = each of Apple's ${states.length} filing dates (all computed)`, fresh);
    line(`  as_of every 13 days from 2012 (${n}; new URL each)`, pit);
    console.log(`target p99 < 50 ms: all computed ${pct(fresh, 99) < 50 ? 'met' : 'NOT met'}; 13-day walk ${pct(pit, 99) < 50 ? 'met' : 'NOT met'}`);
  } finally {
    await s.close();
  }
}

await main();
