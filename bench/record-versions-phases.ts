// npm run bench:versions-phases — where the versions step's CPU goes (issue 27): the build's
// computeRecordVersionsFast on each company, composed here from its own parts (DatedViews.at,
// standardizeCompanyFacts and deriveCompanyRecords with their memos, marketAsOf, deriveCompanyRecords, dayState, and its comparison of two
// records) with a timer around each part, and how many compared records were the same version
// (statement records and derived records apart). The versions it gives are checked against
// computeRecordVersionsFast's. Timers are wall time of the one thread: on a loaded machine the
// shares, not the milliseconds, are the figure.
//   npm run bench:versions-phases [-- --tickers AAPL,JPM --passes 2 --record]
import { parseArgs } from 'node:util';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { loadCompanyInputs } from '../src/point-in-time/company-inputs.js';
import { dayState, sameRecord, versionsOverStates, type CompanyVersions } from '../src/point-in-time/record-versions.js';
import { computeRecordVersionsFast, sameStoredProvenance } from '../src/point-in-time/record-versions-fast.js';
import { DatedViews } from '../src/point-in-time/dated-views.js';
import { StandardizeMemo } from '../src/xbrl/standardize-memo.js';
import { DeriveMemo } from '../src/metrics/derive-memo.js';
import { filingDates } from '../src/xbrl/point-in-time-view.js';
import { standardizeCompanyFacts } from '../src/xbrl/standardize-company.js';
import { deriveCompanyRecords } from '../src/metrics/derive-company-records.js';
import { marketAsOf } from '../src/market/market-as-of.js';
import { STATEMENT_TYPES, type PeriodRecord, type RecordType } from '../src/model/record-types.js';
import { corpusDatasetPath } from '../test/support/test-server.js';
import { benchRecorder } from './record.js';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  tickers: { type: 'string', default: 'AAPL,JPM,BRK-B,BDX,NVDA,DD' },
  passes: { type: 'string', default: '2' },
  record: { type: 'boolean', default: false },
} });
const recorder = benchRecorder('bench:versions-phases');
const STATEMENT: ReadonlySet<RecordType> = new Set(STATEMENT_TYPES);

const PHASES = ['datedViews', 'standardize', 'marketAsOf', 'derive', 'dayState', 'compareStatement', 'compareDerived'] as const;
type Phase = typeof PHASES[number];
interface Tally { ms: Record<Phase, number>; same: { statement: number; derived: number }; changed: { statement: number; derived: number } }

function text(v: CompanyVersions): string {
  return JSON.stringify([v.currency, v.states, [...v.versions].map(([k, l]) => [k, l.map((x) => [x.knownFrom, x.knownTo, x.record])])]);
}

/** computeRecordVersionsFast's steps (record-versions-fast.ts, records-at.ts), each timed into `t`. */
function timedVersions(view: Parameters<typeof computeRecordVersionsFast>[0], fiscalYearEnd: string | null, market: Parameters<typeof computeRecordVersionsFast>[2], t: Tally): CompanyVersions {
  const views = new DatedViews(view);
  const memo = new StandardizeMemo();
  const deriveMemo = new DeriveMemo();
  return versionsOverStates(filingDates(view), (day) => {
    let a = performance.now();
    const known = views.at(day);
    memo.advance(views.changedEnds());
    let b = performance.now(); t.ms.datedViews += b - a;
    const res = standardizeCompanyFacts(known, { fiscalYearEnd }, memo);
    a = performance.now(); t.ms.standardize += a - b;
    let records = null;
    if (res.ok) {
      const cut = marketAsOf(market, day);
      b = performance.now(); t.ms.marketAsOf += b - a;
      records = { currency: res.statements.currency, records: deriveCompanyRecords(res.statements, cut, undefined, { memo: deriveMemo, day }) };
      a = performance.now(); t.ms.derive += a - b;
    }
    const state = dayState(records);
    t.ms.dayState += performance.now() - a;
    return state;
  }, (x: PeriodRecord, y: PeriodRecord) => {
    const a = performance.now();
    const same = x === y || sameRecord(x, y) && (x.provenance === y.provenance || sameStoredProvenance(x, y));
    const kind = STATEMENT.has(x.recordType) ? 'statement' : 'derived';
    if (kind === 'statement') t.ms.compareStatement += performance.now() - a; else t.ms.compareDerived += performance.now() - a;
    t[same ? 'same' : 'changed'][kind]++;
    return same;
  });
}

async function main(): Promise<void> {
  const ds = Dataset.open(corpusDatasetPath());
  const tickers = values.tickers!.split(',');
  try {
    const companies = [];
    for (const ticker of tickers) {
      const company = ds.companies.all().find((c) => c.ticker === ticker);
      if (!company) throw new Error(`${ticker} is not in the dataset`);
      const inputs = await loadCompanyInputs(ds, company.cik, ticker);
      if (!inputs.stored) throw new Error(`${ticker} has no stored facts`);
      companies.push({ ticker, inputs });
    }
    for (let pass = 1; pass <= Number(values.passes); pass++) {
      const t: Tally = { ms: Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>, same: { statement: 0, derived: 0 }, changed: { statement: 0, derived: 0 } };
      let states = 0;
      const cpu0 = process.cpuUsage();
      for (const { ticker, inputs } of companies) {
        const { view, fiscalYearEnd } = inputs.stored!;
        const v = timedVersions(view, fiscalYearEnd, inputs.market, t);
        if (pass === 1 && text(v) !== text(computeRecordVersionsFast(view, fiscalYearEnd, inputs.market))) throw new Error(`${ticker}: the timed composition differs from computeRecordVersionsFast`);
        states += v.states;
      }
      const cpu = process.cpuUsage(cpu0);
      const total = PHASES.reduce((s, p) => s + t.ms[p], 0);
      const share = PHASES.map((p) => `${p} ${(100 * t.ms[p] / total).toFixed(1)} %`).join(', ');
      const rate = (k: 'statement' | 'derived') => `${t.same[k]} of ${t.same[k] + t.changed[k]} ${k} (${(100 * t.same[k] / (t.same[k] + t.changed[k])).toFixed(1)} %)`;
      const line = `${share} of ${total.toFixed(0)} ms timed; the same version as the day before: ${rate('statement')}, ${rate('derived')} records`;
      const cpuMs = (cpu.user + cpu.system) / 1000;
      console.log(`pass ${pass}: ${states} states, ${cpuMs.toFixed(0)} ms CPU (${pass === 1 ? 'with the check against computeRecordVersionsFast' : 'timed composition only'}); ${line}`);
      recorder.add(`versions step CPU split, pass ${pass} of ${values.passes} (${tickers.join(', ')}: ${states} states)`, line, pass === 1 ? '' : `process CPU of the pass ${cpuMs.toFixed(0)} ms`);
    }
  } finally {
    ds.close();
  }
  recorder.save();
}

await main();
