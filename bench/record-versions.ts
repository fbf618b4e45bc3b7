// npm run bench:versions — the versions step's computation per company (issue 27): the build's
// computeRecordVersionsFast beside the plain reference computeRecordVersions in the same run,
// both on each company, which one first alternating per company, from the company's stored facts and market data
// of the corpus test dataset. Wall and CPU time of the process (the machine is shared: CPU time is
// the steadier figure); each pair is also checked to give the same versions.
//   npm run bench:versions [-- --tickers AAPL,JPM,BRK-B,BDX --record]
import { parseArgs } from 'node:util';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { loadCompanyInputs } from '../src/point-in-time/company-inputs.js';
import { computeRecordVersions, type CompanyVersions } from '../src/point-in-time/record-versions.js';
import { computeRecordVersionsFast } from '../src/point-in-time/record-versions-fast.js';
import { corpusDatasetPath } from '../test/support/test-server.js';
import { benchRecorder } from './record.js';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  tickers: { type: 'string', default: 'AAPL,JPM,BRK-B,BDX,NVDA,DD' },
  record: { type: 'boolean', default: false },
} });
const recorder = benchRecorder('bench:versions');

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function timed(run: () => CompanyVersions): { v: CompanyVersions; wall: number; cpu: number } {
  const w0 = performance.now(), c0 = cpuMs();
  const v = run();
  return { v, wall: performance.now() - w0, cpu: cpuMs() - c0 };
}

function text(v: CompanyVersions): string {
  return JSON.stringify([v.currency, v.states, [...v.versions].map(([k, l]) => [k, l.map((x) => [x.knownFrom, x.knownTo, x.record])])]);
}

async function main(): Promise<void> {
  const ds = Dataset.open(corpusDatasetPath());
  try {
    const tickers = values.tickers!.split(',');
    const total = { ref: { wall: 0, cpu: 0 }, fast: { wall: 0, cpu: 0 }, states: 0 };
    for (const ticker of tickers) {
      const company = ds.companies.all().find((c) => c.ticker === ticker);
      if (!company) throw new Error(`${ticker} is not in the dataset`);
      const inputs = await loadCompanyInputs(ds, company.cik, ticker);
      if (!inputs.stored) throw new Error(`${ticker} has no stored facts`);
      const { view, fiscalYearEnd } = inputs.stored;
      // the order alternates per company (the second run of a pair finds warmer code and caches)
      const first = tickers.indexOf(ticker) % 2 === 0 ? 'ref' : 'fast';
      const runRef = () => timed(() => computeRecordVersions(view, fiscalYearEnd, inputs.market));
      const runFast = () => timed(() => computeRecordVersionsFast(view, fiscalYearEnd, inputs.market));
      let ref, fast;
      if (first === 'ref') { ref = runRef(); fast = runFast(); } else { fast = runFast(); ref = runRef(); }
      if (text(ref.v) !== text(fast.v)) throw new Error(`${ticker}: the fast versions differ from the reference`);
      total.ref.wall += ref.wall; total.ref.cpu += ref.cpu;
      total.fast.wall += fast.wall; total.fast.cpu += fast.cpu;
      total.states += ref.v.states;
      const line = `fast ${fast.wall.toFixed(0)} ms wall, ${fast.cpu.toFixed(0)} ms CPU`;
      const base = `reference ${ref.wall.toFixed(0)} ms wall, ${ref.cpu.toFixed(0)} ms CPU`;
      console.log(`${ticker}: ${ref.v.states} states; ${line}; ${base}`);
      recorder.add(`record versions of ${ticker} (${ref.v.states} states, same versions)`, line, base);
    }
    const ratio = total.ref.cpu / Math.max(1, total.fast.cpu);
    const line = `fast ${total.fast.wall.toFixed(0)} ms wall, ${total.fast.cpu.toFixed(0)} ms CPU (${ratio.toFixed(2)}× less CPU)`;
    const base = `reference ${total.ref.wall.toFixed(0)} ms wall, ${total.ref.cpu.toFixed(0)} ms CPU`;
    console.log(`all: ${total.states} states; ${line}; ${base}`);
    recorder.add(`record versions of ${tickers.join(', ')} (${total.states} states)`, line, base);
  } finally {
    ds.close();
  }
  recorder.save();
}

await main();
