// The versions step (issue 27, stored vintages): for every company with stored facts, every
// version of every record with the filing dates it was the latest known (point-in-time/record-
// versions.ts), computed in the worker pool from the company's fact store blob and market data,
// and written as record_versions rows and the records' known_from. Companies carried over by an
// incremental build keep the versions the previous build wrote (their records come with their
// known_from). Runs after the records step: it compares each company's open versions with its
// stored records.
import type { BuildStep } from './build-step.js';
import { RECORD_VERSIONS_DDL, RECORD_VERSIONS_LATE_DDL, createRecordVersionsWriter, createVersionInputsReader, type VersionCompany } from '../dataset/tables/record-versions-table.js';
import { createCompanyRecordsSink } from './records-step.js';
import { createStandardizePool } from './standardize-pool.js';
import type { StandardizeTaskResult } from './standardize-worker.js';
import { eventLoopTurns } from './event-loop-turns.js';
import { VERSION_COLS } from '../dataset/codecs/record-render.js';

/** Companies handed to the pool ahead of the one being written. */
const AHEAD = 4;

export const versionsStep: BuildStep = {
  name: 'versions',
  ddl: RECORD_VERSIONS_DDL,
  lateDdl: RECORD_VERSIONS_LATE_DDL,
  async run(ctx) {
    const inputs = createVersionInputsReader(ctx.dataset);
    const newest = inputs?.newest() ?? null;
    if (!inputs || !newest) return;
    const companies = inputs.companies(); // a carried-over company's records already have their known_from
    const tickers = ctx.handoffs.primaryTickers.find() ?? new Map<string, string>();
    const sink = createCompanyRecordsSink(ctx);
    const writer = createRecordVersionsWriter(ctx.dataset);
    const pool = createStandardizePool(undefined, ctx.tuning.v8);
    const turn = eventLoopTurns();
    let filingDates = 0, states = 0, versions = 0, built = 0;
    ctx.progress.start('versions', companies.length);
    try {
      const submit = (c: VersionCompany): Promise<StandardizeTaskResult> => {
        const ticker = tickers.get(c.cik) ?? c.cik;
        const currency = c.currency ?? 'USD';
        const bytes = inputs.blob(c.cik);
        const input = { cik: c.cik, ticker, currency, newest, current: inputs.current(c.cik), texts: inputs.texts(c.cik), filings: inputs.filings(c.cik) };
        const task = { kind: 'versions' as const, blob: bytes, fiscalYearEnd: c.fiscal_year_end, market: sink.marketFor(c.cik, ticker, currency).market, input };
        return pool.run(task, [bytes.buffer]);
      };
      const pending: Array<Promise<StandardizeTaskResult>> = [];
      let next = 0;
      for (const c of companies) {
        while (next < companies.length && pending.length < AHEAD) pending.push(submit(companies[next++]!));
        await turn();
        let res: StandardizeTaskResult;
        try {
          res = await pending.shift()!;
        } catch (err) {
          res = { kind: 'versions', ok: false, reason: `record versions could not be computed (${err instanceof Error ? err.message : String(err)})`, entityName: null };
        }
        if (res.kind === 'versions' && res.ok) {
          writer.write(c.cik, res.rows);
          filingDates += res.filingDates;
          states += res.states;
          versions += res.rows.versions.length / VERSION_COLS;
          built += 1;
        } else if (!res.ok) {
          ctx.report.note(`CIK${c.cik}: ${res.reason} (its records have no known_from: an as_of before the dataset's newest filing date answers [] for it)`);
        }
        ctx.progress.tick();
      }
    } finally {
      ctx.progress.stop();
      await pool.close();
    }
    ctx.report.count('record versions written', versions);
    ctx.report.note(`versions: ${built} companies, ${filingDates} filing dates, ${states} states computed, `
      + `${versions} superseded versions (${built ? (versions / built).toFixed(0) : 0} per company)`);
  },
};
