// The worker-pool part of the companyfacts step, started when the build starts (BuildStep.prepare)
// so the workers read submissions and standardize company facts while the reference and market
// steps run on the main thread. Nothing reaches the build before the step runs: results wait at a
// gate (at most LANES companies at a time, which bounds memory) and every write, report line and
// market-data read happens in the step's own turn, so the dataset does not depend on timing.
// When the workers render the records, a company is standardized in one task (statements held in
// that worker) and derived in a second task on the same worker once its market data is known.
// The market step uses the same pool for its price series (priceSeries) while the gate is closed.
import type { BuildReport } from './build-step.js';
import type { ProgressReporter } from './progress.js';
import { deferredProgress } from './deferred-progress.js';
import { createStandardizePool, type StandardizePool } from './standardize-pool.js';
import type { StandardizeTask, StandardizeTaskResult } from './standardize-worker.js';
import { WorkerPoolBrokenError } from './worker-pool.js';
import type { BuildV8 } from './build-v8.js';
import type { MarketData } from '../market/market-data.js';
import { listCikFiles, type CikFileSet, type CikFileSource } from '../sources/sec-cik-files.js';
import type { SecFiler } from '../sources/sec-submissions.js';
import type { RawPayload } from '../sources/sec-zip.js';
import { buildPriceSeries, type PriceSeries, type PriceSeriesTask } from '../market/price-series.js';

/** Company facts files in flight or waiting, per worker (read, queued, standardized, held). */
const LANES_PER_WORKER = 12;
/**
 * Submissions files sent ahead to each worker. The build thread feeds the pool from its event
 * loop, which the synchronous reference step holds for ~1 s: tasks waiting in the workers keep
 * them busy meanwhile (the files are small). The market step's price series are urgent: they run
 * before these.
 */
const SUBMISSIONS_AHEAD = 32;

export interface SecFactsHooks {
  /** A company's symbols, market data and primary ticker, for deriving its records (rowsInWorkers). */
  /** `currency`: the company's reporting currency (its market data comes in it, per ordinary share). */
  marketFor(cik: string, currency: string): { symbols: string[]; market: MarketData | null; ticker: string };
  /** The final result of one facts file (standardized, and rendered as rows with rowsInWorkers). */
  settle(src: CikFileSource, res: StandardizeTaskResult, symbols: string[]): void;
}

export interface SecPipeline {
  readonly poolSize: number;
  /** Seconds the workers spent on tasks, summed over workers. */
  readonly busySeconds: number;
  /** Files (submissions, company facts) the workers were done with when the step ran (the gate opened). */
  readonly earlyFiles: { submissions: number; facts: number };
  /** The submissions profiles by CIK (notes and the filer count go to `report`). */
  submissions(report: BuildReport, progress: ProgressReporter): Promise<Map<string, SecFiler>>;
  /** Opens the gate: hands every facts result to `hooks`; resolves when all are settled. */
  facts(report: BuildReport, hooks: SecFactsHooks): Promise<void>;
  /**
   * One symbol's price series built in the pool; built on the calling thread when the worker
   * failed (a crash, a file error), which then fails or succeeds exactly as without the pool.
   */
  priceSeries(task: PriceSeriesTask): Promise<PriceSeries>;
  /** Stops the workers (idempotent); results still waiting are dropped. */
  dispose(): Promise<void>;
}

type Placed = { result: StandardizeTaskResult; slot: number };

/** The payload with bytes that own their ArrayBuffer, so it can be transferred, not copied. */
function transferable(p: RawPayload): { payload: RawPayload; buffer: ArrayBuffer } {
  const b = p.bytes;
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer) {
    return { payload: p, buffer: b.buffer };
  }
  const copy = new Uint8Array(b);
  return { payload: { ...p, bytes: copy }, buffer: copy.buffer };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => { if (!done) { done = true; fn(); } };
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Runs `fn` over `items` with at most `limit` in flight; rejects on the first error `fn` throws. */
async function forEachBounded<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * Reads one file and runs it in the pool; a read failure or worker crash becomes a failed result.
 * The read is synchronous: while a synchronous step runs, the event loop gets few turns.
 */
async function runFile(pool: StandardizePool, src: CikFileSource, make: (payload: RawPayload) => StandardizeTask, ahead = 1): Promise<Placed> {
  let raw: RawPayload;
  try {
    raw = src.readSync();
  } catch (err) {
    return { result: { kind: make({ encoding: 'identity', bytes: new Uint8Array() }).kind, ok: false, reason: `unreadable file (${errorText(err)})`, entityName: null }, slot: -1 };
  }
  const { payload, buffer } = transferable(raw);
  const task = make(payload);
  try {
    return await pool.runOn(task, [buffer], { ahead });
  } catch (err) {
    if (err instanceof WorkerPoolBrokenError) throw err;
    return { result: { kind: task.kind, ok: false, reason: errorText(err), entityName: null }, slot: -1 };
  }
}

/** Derives a held company on the worker that holds it; standardizes it again if that worker was replaced. */
async function deriveHeld(pool: StandardizePool, src: CikFileSource, first: Placed & { result: { kind: 'facts'; ok: true } },
  fiscalYearEnd: string | null, derive: { market: MarketData | null; ticker: string }): Promise<StandardizeTaskResult> {
  const entityName = first.result.entityName;
  try {
    const { result } = await pool.runOn({ kind: 'derive', cik: src.cik, ...derive }, [], { slot: first.slot });
    if (result.kind === 'derive' && result.ok && result.rows) return { ...first.result, rows: result.rows };
    if (!result.ok) return { kind: 'facts', ok: false, reason: result.reason, entityName };
  } catch (err) {
    if (err instanceof WorkerPoolBrokenError) throw err;
    return { kind: 'facts', ok: false, reason: errorText(err), entityName };
  }
  return (await runFile(pool, src, (payload) => ({ kind: 'facts', cik: src.cik, payload, fiscalYearEnd, derive }))).result;
}

/**
 * Lists the SEC files and starts the pool on the submissions, then on the company facts (but
 * those of `skipFacts`);
 * `rowsInWorkers`: each company's records are derived and rendered there too; `v8`: the workers'
 * V8 settings. Resolves once the work is under way.
 */
export async function startSecPipeline(sourceDir: string, rowsInWorkers: boolean, v8: BuildV8, skipFacts: ReadonlySet<string> = new Set()): Promise<SecPipeline> {
  const pool = createStandardizePool(undefined, v8);
  let subsSet: CikFileSet;
  let factsSet: CikFileSet;
  try {
    // Listing a zip takes a few event-loop turns per entry: done before the synchronous steps run.
    subsSet = await listCikFiles(sourceDir, 'submissions');
    factsSet = await listCikFiles(sourceDir, 'companyfacts');
    // an incremental build's carried-over companies are copied, not standardized
    if (skipFacts.size > 0) factsSet = { ...factsSet, sources: factsSet.sources.filter((s) => !skipFacts.has(s.cik)) };
  } catch (err) {
    await pool.close();
    throw err;
  }
  const closeSets = once(() => { subsSet.close(); factsSet.close(); });
  const inFlight = pool.size * SUBMISSIONS_AHEAD;
  const notes: string[] = [];
  const progress = deferredProgress();
  let disposed = false;
  let gateOpen = false;
  const early = { submissions: 0, facts: 0 };
  let openGate!: (hooks: SecFactsHooks) => void;
  let closeGate!: (err: Error) => void;
  const gate = new Promise<SecFactsHooks>((resolve, reject) => { openGate = resolve; closeGate = reject; });

  const submissions = (async () => {
    const set = subsSet;
    const filers = new Map<string, SecFiler>();
    try {
      notes.push(...set.notes);
      const failed: string[] = [];
      progress.start('submissions', set.sources.length);
      await forEachBounded(set.sources, inFlight, async (src) => {
        const { result: res } = await runFile(pool, src, (payload) => ({ kind: 'submission', cik: src.cik, payload }), SUBMISSIONS_AHEAD);
        if (!gateOpen) early.submissions++;
        if (res.kind === 'submission' && res.ok) filers.set(res.filer.cik, res.filer);
        else if (!res.ok) failed.push(`${src.origin}: ${res.reason}`);
        progress.tick();
      });
      progress.stop();
      for (const f of failed.sort()) notes.push(`submissions file left out: ${f}`);
    } catch (err) {
      closeSets();
      throw err;
    }
    return filers;
  })();

  const noSecData = factsSet.missing && subsSet.missing;
  const facts = noSecData ? Promise.resolve() : submissions.then(async (filers) => {
    const set = factsSet;
    try {
      progress.start('companyfacts', set.sources.length);
      await forEachBounded(set.sources, pool.size * LANES_PER_WORKER, async (src) => {
        const fiscalYearEnd = filers.get(src.cik)?.fiscalYearEnd ?? null;
        const first = await runFile(pool, src, (payload) => ({ kind: 'facts', cik: src.cik, payload, fiscalYearEnd, derive: null, hold: rowsInWorkers }));
        if (!gateOpen) early.facts++;
        const hooks = await gate;
        let res = first.result;
        let symbols: string[] = [];
        if (rowsInWorkers && res.kind === 'facts' && res.ok) {
          const m = hooks.marketFor(src.cik, res.statements.currency);
          symbols = m.symbols;
          res = await deriveHeld(pool, src, { ...first, result: res }, fiscalYearEnd, { market: m.market, ticker: m.ticker });
        }
        hooks.settle(src, res, symbols);
        progress.tick();
      });
      progress.stop();
    } finally {
      closeSets();
    }
  });
  for (const p of [gate, submissions, facts]) p.catch(() => undefined);

  return {
    get poolSize() { return pool.size; },
    get busySeconds() { return pool.busySeconds; },
    get earlyFiles() { return { ...early }; },
    async submissions(report, target) {
      gateOpen = true;
      progress.attach(target);
      const filers = await submissions;
      for (const n of notes.splice(0)) report.note(n);
      report.count('submissions filers', filers.size);
      return filers;
    },
    async facts(report, hooks) {
      for (const n of factsSet.notes) report.note(n);
      if (noSecData) {
        throw new Error(`no SEC data in the source mirror ${sourceDir} (expected sec/companyfacts.zip or sec/companyfacts/, and sec/submissions.zip or sec/submissions/)`);
      }
      openGate(hooks);
      await facts;
    },
    async priceSeries(task) {
      try {
        const result = await pool.run({ kind: 'prices', prices: task }, [], { urgent: true });
        if (result.kind === 'prices' && result.ok) return result.series;
      } catch {
        // built below
      }
      return buildPriceSeries(task);
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      closeGate(new Error('the build ended before the companyfacts step ran'));
      closeSets();
      await pool.close();
    },
  };
}
