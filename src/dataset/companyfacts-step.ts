// Build step for SEC company data: submissions (profiles, fiscal-year ends) and companyfacts,
// standardized in a worker pool, into the `companies` and `unmapped_concepts` tables; each
// company's records are derived in the workers and written as they arrive when the records step
// runs next (else the statements are handed to it). One bad company file is a named skip, never a
// failed build.
import path from 'node:path';
import type { BuildContext, BuildStep } from './build-step.js';
import type { CompanyStatements } from './record-types.js';
import { SHARED_STATEMENTS, SHARED_TICKERS, createCompanyRecordsSink, type CompanyRecordsSink, type CompanyRows } from './records-step.js';
import { SHARED_BUILD_STEPS } from './build-dataset.js';
import { createStandardizePool, type StandardizePool } from './standardize-pool.js';
import type { StandardizeTask, StandardizeTaskResult } from './standardize-worker.js';
import { WorkerPoolBrokenError } from './worker-pool.js';
import { listCikFiles, type CikFileSource } from '../sources/sec-cik-files.js';
import { readCompanyTickersExchange, type SecTickerRow } from '../sources/sec-company-tickers-exchange.js';
import type { SecFiler } from '../sources/sec-submissions.js';
import type { RawPayload } from '../sources/sec-zip.js';
import { COMPANIES_DDL } from './companies-table.js';
import { createBatchInsert } from './records-table.js';

/** Key in BuildContext.shared under which this step leaves Map<cik, SecFiler> (submissions profiles). */
export const SHARED_FILERS = 'secFilers';

/** How many most common unmapped concepts the summary lists. */
const UNMAPPED_REPORT_TOP = 10;

/** What the companies table needs of a built company (its statements may already be written). */
interface BuiltCompany {
  name: string;
  currency: string;
  taxonomy: string;
  shares: { date: string; value: number } | null;
}

interface FactsOutcome {
  built: BuiltCompany | null;
  entityName: string | null;
  skipReason: string | null;
}

interface Listing {
  ticker: string | null;
  exchange: string | null;
  tickers: string[];
  exchanges: string[];
}

/** The payload with bytes that own their ArrayBuffer, so it can be transferred, not copied. */
function transferable(p: RawPayload): { payload: RawPayload; buffer: ArrayBuffer } {
  const b = p.bytes;
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer) {
    return { payload: p, buffer: b.buffer };
  }
  const copy = new Uint8Array(b);
  return { payload: { ...p, bytes: copy }, buffer: copy.buffer };
}

function errorText(err: unknown): string {
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

/** Reads one file and runs it in the pool; a read failure or worker crash becomes a failed result. */
async function runFile(pool: StandardizePool, src: CikFileSource, make: (payload: RawPayload) => StandardizeTask): Promise<StandardizeTaskResult> {
  let raw: RawPayload;
  try {
    raw = await src.read();
  } catch (err) {
    return { kind: make({ encoding: 'identity', bytes: new Uint8Array() }).kind, ok: false, reason: `unreadable file (${errorText(err)})`, entityName: null };
  }
  const { payload, buffer } = transferable(raw);
  const task = make(payload);
  try {
    return await pool.run(task, [buffer]);
  } catch (err) {
    if (err instanceof WorkerPoolBrokenError) throw err;
    return { kind: task.kind, ok: false, reason: errorText(err), entityName: null };
  }
}

function groupTickers(rows: readonly SecTickerRow[]): Map<string, SecTickerRow[]> {
  const byCik = new Map<string, SecTickerRow[]>();
  for (const r of rows) {
    const list = byCik.get(r.cik);
    if (list) list.push(r);
    else byCik.set(r.cik, [r]);
  }
  return byCik;
}

async function readSubmissions(ctx: BuildContext, pool: StandardizePool, inFlight: number): Promise<{ filers: Map<string, SecFiler>; present: boolean }> {
  const set = await listCikFiles(ctx.sourceDir, 'submissions');
  const filers = new Map<string, SecFiler>();
  try {
    for (const n of set.notes) ctx.report.note(n);
    const failed: string[] = [];
    ctx.progress.start('submissions', set.sources.length);
    await forEachBounded(set.sources, inFlight, async (src) => {
      const res = await runFile(pool, src, (payload) => ({ kind: 'submission', cik: src.cik, payload }));
      if (res.kind === 'submission' && res.ok) filers.set(res.filer.cik, res.filer);
      else if (!res.ok) failed.push(`${src.origin}: ${res.reason}`);
      ctx.progress.tick();
    });
    ctx.progress.stop();
    for (const f of failed.sort()) ctx.report.note(`submissions file left out: ${f}`);
    ctx.report.count('submissions filers', filers.size);
  } finally {
    set.close();
  }
  return { filers, present: !set.missing };
}

async function readCompanyFacts(
  ctx: BuildContext, pool: StandardizePool, inFlight: number, filers: Map<string, SecFiler>, submissionsPresent: boolean,
  sink: CompanyRecordsSink | null, ticker: (cik: string) => string,
  onBuilt: (cik: string, statements: CompanyStatements, rows: CompanyRows | null, symbols: string[]) => void,
  timing: { marketNs: bigint; writeNs: bigint },
): Promise<Map<string, FactsOutcome>> {
  const set = await listCikFiles(ctx.sourceDir, 'companyfacts');
  const outcomes = new Map<string, FactsOutcome>();
  try {
    for (const n of set.notes) ctx.report.note(n);
    if (set.missing && !submissionsPresent) {
      throw new Error(`no SEC data in the source mirror ${ctx.sourceDir} (expected sec/companyfacts.zip or sec/companyfacts/, and sec/submissions.zip or sec/submissions/)`);
    }
    ctx.progress.start('companyfacts', set.sources.length);
    await forEachBounded(set.sources, inFlight, async (src) => {
      const fiscalYearEnd = filers.get(src.cik)?.fiscalYearEnd ?? null;
      const t0 = process.hrtime.bigint();
      const m = sink ? sink.marketFor(src.cik, ticker(src.cik)) : null;
      timing.marketNs += process.hrtime.bigint() - t0;
      const derive = m ? { market: m.market, ticker: ticker(src.cik) } : null;
      const res = await runFile(pool, src, (payload) => ({ kind: 'facts', cik: src.cik, payload, fiscalYearEnd, derive }));
      if (res.kind === 'facts' && res.ok) {
        const st = res.statements;
        try {
          const t1 = process.hrtime.bigint();
          onBuilt(src.cik, st, res.rows, m?.symbols ?? []);
          timing.writeNs += process.hrtime.bigint() - t1;
          outcomes.set(src.cik, { built: { name: st.name, currency: st.currency, taxonomy: st.taxonomy, shares: latestShares(st) }, entityName: res.entityName, skipReason: null });
        } catch (err) {
          // Deriving (where a company-specific failure would come from) runs before any of its writes.
          outcomes.set(src.cik, { built: null, entityName: res.entityName, skipReason: `records could not be derived (${errorText(err)}) [${src.origin}]` });
        }
      } else if (!res.ok) {
        outcomes.set(src.cik, { built: null, entityName: res.entityName, skipReason: `${res.reason} [${src.origin}]` });
      }
      ctx.progress.tick();
    });
    ctx.progress.stop();
  } finally {
    set.close();
  }
  return outcomes;
}

function latestShares(s: CompanyStatements): { date: string; value: number } | null {
  let best: { date: string; value: number } | null = null;
  for (const x of s.sharesOutstanding ?? []) if (!best || x.date > best.date) best = x;
  return best;
}

/** Primary ticker: first of submissions `tickers`, else the ticker file's first row for the CIK. */
function listingOf(f: SecFiler | undefined, rows: readonly SecTickerRow[]): Listing {
  if (f && f.tickers.length > 0) {
    return { ticker: f.tickers[0]!, exchange: f.exchanges[0] ?? null, tickers: f.tickers, exchanges: f.exchanges };
  }
  return {
    ticker: rows[0]?.ticker ?? null,
    exchange: rows[0]?.exchange ?? null,
    tickers: rows.map((r) => r.ticker),
    exchanges: rows.map((r) => r.exchange ?? '').filter((e) => e !== ''),
  };
}

function writeCompanies(
  ctx: BuildContext, filers: Map<string, SecFiler>, outcomes: Map<string, FactsOutcome>, listings: (cik: string) => Listing,
  tickerRows: Map<string, SecTickerRow[]>,
): void {
  const put = ctx.db.prepare(`INSERT INTO companies (cik, name, ticker, exchange, tickers, exchanges, sic, sic_description,
    fiscal_year_end, state_of_incorporation, website, investor_website, description, phone, ein, category, entity_type,
    business_address, mailing_address, former_names, currency, taxonomy, shares_outstanding, shares_outstanding_date,
    has_facts, facts_skip_reason, has_submissions) VALUES (${new Array(27).fill('?').join(', ')})`);
  const ciks = [...new Set([...filers.keys(), ...outcomes.keys()])].sort();
  ctx.db.transaction(() => {
    for (const cik of ciks) {
      const f = filers.get(cik) ?? null;
      const o = outcomes.get(cik) ?? null;
      const l = listings(cik);
      const b = o?.built ?? null;
      put.run(
        cik, f?.name ?? b?.name ?? o?.entityName ?? tickerRows.get(cik)?.[0]?.name ?? null, l.ticker, l.exchange,
        JSON.stringify(l.tickers), JSON.stringify(l.exchanges), f?.sic ?? null, f?.sicDescription ?? null,
        f?.fiscalYearEnd ?? null, f?.stateOfIncorporation ?? null, f?.website ?? null, f?.investorWebsite ?? null,
        f?.description ?? null, f?.phone ?? null, f?.ein ?? null, f?.category ?? null, f?.entityType ?? null,
        f?.businessAddress ? JSON.stringify(f.businessAddress) : null, f?.mailingAddress ? JSON.stringify(f.mailingAddress) : null,
        JSON.stringify(f?.formerNames ?? []), b?.currency ?? null, b?.taxonomy ?? null,
        b?.shares?.value ?? null, b?.shares?.date ?? null, b ? 1 : 0, o?.skipReason ?? null, f ? 1 : 0,
      );
    }
  })();
  ctx.report.count('company profiles', ciks.length);
}

/** Writes each built company's unmapped concepts as it arrives and reports the most common at the end. */
function createUnmappedWriter(ctx: BuildContext): { write(cik: string, s: CompanyStatements): void; report(): void } {
  const put = createBatchInsert(ctx.db, 'INSERT OR REPLACE INTO unmapped_concepts (cik, taxonomy, concept, fact_count)', 4);
  const companiesByConcept = new Map<string, number>();
  let rows = 0;
  const writeAll = ctx.db.transaction((cik: string, s: CompanyStatements) => {
    const flat: Array<string | number> = [];
    for (const u of s.unmapped) {
      flat.push(cik, u.taxonomy, u.concept, u.factCount);
      const key = `${u.taxonomy}:${u.concept}`;
      companiesByConcept.set(key, (companiesByConcept.get(key) ?? 0) + 1);
      rows += 1;
    }
    put(flat);
  });
  return {
    write: (cik, s) => writeAll(cik, s),
    report() {
      ctx.report.count('unmapped concepts (distinct)', companiesByConcept.size);
      if (companiesByConcept.size === 0) return;
      const top = [...companiesByConcept].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, UNMAPPED_REPORT_TOP);
      ctx.report.note(`unmapped concepts: ${companiesByConcept.size} distinct, ${rows} company-concept pairs (table unmapped_concepts); most common by companies:`);
      for (const [concept, n] of top) ctx.report.note(`  ${concept}: ${n} companies`);
    },
  };
}

/** True when the records step runs right after this one: its records can be written as companies arrive. */
function recordsRunNext(ctx: BuildContext, self: string): boolean {
  const steps = ctx.shared.get(SHARED_BUILD_STEPS) as string[] | undefined;
  if (!steps) return false;
  const i = steps.indexOf(self);
  return i >= 0 && steps[i + 1] === 'records';
}

export const companyfactsStep: BuildStep = {
  name: 'companyfacts',
  ddl: COMPANIES_DDL,
  async run(ctx) {
    let tickerRows = new Map<string, SecTickerRow[]>();
    const tickersFile = path.join(ctx.sourceDir, 'sec', 'company_tickers_exchange.json');
    try {
      const rows = readCompanyTickersExchange(tickersFile);
      if (rows) tickerRows = groupTickers(rows);
      else ctx.report.note('no sec/company_tickers_exchange.json in the source mirror: tickers come from submissions only');
    } catch (err) {
      ctx.report.note(`sec/company_tickers_exchange.json is unreadable and was ignored (${errorText(err)})`);
    }

    const listingCache = new Map<string, Listing>();
    let filers = new Map<string, SecFiler>();
    const listings = (cik: string): Listing => {
      let l = listingCache.get(cik);
      if (!l) {
        l = listingOf(filers.get(cik), tickerRows.get(cik) ?? []);
        listingCache.set(cik, l);
      }
      return l;
    };

    // Streaming: each company's records are derived in the worker that standardized it (with the
    // market data read here) and written on the main thread while the workers go on with the next
    // files; statements are not kept for a later step.
    const stream = recordsRunNext(ctx, 'companyfacts');
    const sink = stream ? createCompanyRecordsSink(ctx) : null;
    const tickerOrCik = (cik: string) => listings(cik).ticker ?? cik;
    const kept = new Map<string, CompanyStatements>();
    const unmapped = createUnmappedWriter(ctx);
    let recordsWritten = 0;
    const onBuilt = (cik: string, st: CompanyStatements, rows: CompanyRows | null, symbols: string[]) => {
      if (sink && rows) recordsWritten += sink.writeRows(cik, symbols, st, rows);
      else if (sink) recordsWritten += sink.deriveAndWrite(cik, st, tickerOrCik(cik));
      else kept.set(cik, st);
      unmapped.write(cik, st);
    };

    const timing = { marketNs: 0n, writeNs: 0n };
    const pool = createStandardizePool();
    // Two files per worker in flight: one being processed, one read and waiting.
    const inFlight = pool.size * 2;
    let outcomes: Map<string, FactsOutcome>;
    try {
      const subs = await readSubmissions(ctx, pool, inFlight);
      filers = subs.filers;
      outcomes = await readCompanyFacts(ctx, pool, inFlight, filers, subs.present, sink, tickerOrCik, onBuilt, timing);
      const secs = (ns: bigint) => (Number(ns) / 1e9).toFixed(1);
      ctx.report.note(`companyfacts time: workers busy ${pool.busySeconds.toFixed(1)} s (sum over ${pool.size}); main thread `
        + `${sink ? `reading market data ${secs(timing.marketNs)} s, ` : ''}writing ${secs(timing.writeNs)} s`);
    } finally {
      await pool.close();
    }

    let built = 0;
    for (const cik of [...outcomes.keys()].sort()) {
      const o = outcomes.get(cik)!;
      if (o.built) {
        built += 1;
      } else {
        const name = filers.get(cik)?.name ?? o.entityName ?? tickerRows.get(cik)?.[0]?.name ?? null;
        ctx.report.skip(name ? `CIK${cik} (${name})` : `CIK${cik}`, o.skipReason ?? 'unknown');
      }
    }
    writeCompanies(ctx, filers, outcomes, listings, tickerRows);
    unmapped.report();
    ctx.report.count('companies built', built);
    ctx.report.count('companies skipped', outcomes.size - built);
    if (sink) ctx.report.count('records written', recordsWritten);

    const primaryTickers = new Map<string, string>();
    for (const cik of [...new Set([...filers.keys(), ...outcomes.keys()])].sort()) {
      const t = listings(cik).ticker;
      if (t) primaryTickers.set(cik, t);
    }
    ctx.shared.set(SHARED_STATEMENTS, new Map([...kept].sort((a, b) => (a[0] < b[0] ? -1 : 1))));
    ctx.shared.set(SHARED_TICKERS, primaryTickers);
    ctx.shared.set(SHARED_FILERS, filers);
  },
};
