// Build step for SEC company data: submissions (profiles, fiscal-year ends) and companyfacts,
// standardized in a worker pool (started with the build, sec-pipeline.ts), into the `companies`
// and `unmapped_concepts` tables; each company's records are derived in the workers and written as
// they arrive when the records step runs next (else the statements are handed to it). One bad
// company file is a named skip, never a failed build.
import path from 'node:path';
import type { BuildContext, BuildStep } from './build-step.js';
import type { CompanyStatements } from '../model/record-types.js';
import { createCompanyRecordsSink, type CompanyRows } from './records-step.js';
import type { StandardizeTaskResult } from './standardize-worker.js';
import { errorText, startSecPipeline, type SecPipeline } from './sec-pipeline.js';
import type { CikFileSource } from '../sources/sec-cik-files.js';
import { readCompanyTickersExchange, type SecTickerRow } from '../sources/sec-company-tickers-exchange.js';
import type { SecFiler } from '../sources/sec-submissions.js';
import { COMPANIES_DDL, COMPANIES_LATE_DDL, createUnmappedConceptWriter, writeCompanyRows } from '../dataset/tables/companies-table.js';
import { FACT_STORE_DDL, createFactStoreWriter } from '../dataset/tables/fact-store-table.js';
import { carriableCiks, carryOverCompanies } from '../dataset/tables/carry-over.js';

/** How many most common unmapped concepts the summary lists. */
const UNMAPPED_REPORT_TOP = 10;

/** What the companies table needs of a built company (its statements may already be written). */
interface BuiltCompany {
  name: string;
  currency: string | null;
  taxonomy: string | null;
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

function groupTickers(rows: readonly SecTickerRow[]): Map<string, SecTickerRow[]> {
  const byCik = new Map<string, SecTickerRow[]>();
  for (const r of rows) {
    const list = byCik.get(r.cik);
    if (list) list.push(r);
    else byCik.set(r.cik, [r]);
  }
  return byCik;
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
  const ciks = [...new Set([...filers.keys(), ...outcomes.keys()])].sort();
  writeCompanyRows(ctx.dataset, ciks, (cik) => {
    const f = filers.get(cik) ?? null;
    const o = outcomes.get(cik) ?? null;
    const l = listings(cik);
    const b = o?.built ?? null;
    return {
      cik, name: f?.name ?? b?.name ?? o?.entityName ?? tickerRows.get(cik)?.[0]?.name ?? null, ticker: l.ticker, exchange: l.exchange,
      tickers: JSON.stringify(l.tickers), exchanges: JSON.stringify(l.exchanges), sic: f?.sic ?? null, sic_description: f?.sicDescription ?? null,
      fiscal_year_end: f?.fiscalYearEnd ?? null, state_of_incorporation: f?.stateOfIncorporation ?? null, website: f?.website ?? null, investor_website: f?.investorWebsite ?? null,
      description: f?.description ?? null, phone: f?.phone ?? null, ein: f?.ein ?? null, category: f?.category ?? null, entity_type: f?.entityType ?? null,
      business_address: f?.businessAddress ? JSON.stringify(f.businessAddress) : null, mailing_address: f?.mailingAddress ? JSON.stringify(f.mailingAddress) : null,
      former_names: JSON.stringify(f?.formerNames ?? []), currency: b?.currency ?? null, taxonomy: b?.taxonomy ?? null,
      shares_outstanding: b?.shares?.value ?? null, shares_outstanding_date: b?.shares?.date ?? null, has_facts: b ? 1 : 0, facts_skip_reason: o?.skipReason ?? null, has_submissions: f ? 1 : 0,
    };
  });
  ctx.report.count('company profiles', ciks.length);
}

/** Writes each built company's unmapped concepts as it arrives and reports the most common at the end. */
function createUnmappedWriter(ctx: BuildContext): { write(cik: string, s: CompanyStatements): void; report(): void } {
  const put = createUnmappedConceptWriter(ctx.dataset);
  const companiesByConcept = new Map<string, number>();
  let rows = 0;
  const writeAll = (cik: string, s: CompanyStatements) => {
    for (const u of s.unmapped) {
      const key = `${u.taxonomy}:${u.concept}`;
      companiesByConcept.set(key, (companiesByConcept.get(key) ?? 0) + 1);
      rows += 1;
    }
    put(cik, s.unmapped);
  };
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
  const i = ctx.steps.indexOf(self);
  return i >= 0 && ctx.steps[i + 1] === 'records';
}

/** The pipelines started by prepare, per build, with the companies to carry over instead of standardizing. */
const pipelines = new WeakMap<BuildContext, SecPipeline>();
const carried = new WeakMap<BuildContext, Set<string>>();

/** The companies this build copies from the previous dataset: only when records are written as they arrive. */
function carrySet(ctx: BuildContext): Set<string> {
  let set = carried.get(ctx);
  if (!set) {
    set = ctx.carryOver && recordsRunNext(ctx, 'companyfacts') ? carriableCiks(ctx.carryOver.fromPath, ctx.carryOver.ciks) : new Set<string>();
    carried.set(ctx, set);
  }
  return set;
}

async function startPipeline(ctx: BuildContext): Promise<SecPipeline> {
  const rowsInWorkers = recordsRunNext(ctx, 'companyfacts') && ctx.tuning.rows === 'workers';
  const pipeline = await startSecPipeline(ctx.sourceDir, rowsInWorkers, ctx.tuning.v8, carrySet(ctx));
  pipelines.set(ctx, pipeline);
  // the market step (earlier) builds its price series in this pool: no second pool
  ctx.handoffs.priceSeries.set((task) => pipeline.priceSeries(task));
  return pipeline;
}

export const companyfactsStep: BuildStep = {
  name: 'companyfacts',
  ddl: [...COMPANIES_DDL, ...FACT_STORE_DDL],
  lateDdl: COMPANIES_LATE_DDL,
  prepare: startPipeline,
  async run(ctx) {
    const pipeline = pipelines.get(ctx) ?? await startPipeline(ctx);
    try {
      await runStep(ctx, pipeline);
    } finally {
      await pipeline.dispose();
    }
  },
};

async function runStep(ctx: BuildContext, pipeline: SecPipeline): Promise<void> {
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
  // market data read here; on this thread with tuning.rows 'thread') and written on this thread
  // while the workers go on with the next files; statements are not kept for a later step.
  const sink = recordsRunNext(ctx, 'companyfacts') ? createCompanyRecordsSink(ctx) : null;
  const tickerOrCik = (cik: string) => listings(cik).ticker ?? cik;
  const kept = new Map<string, CompanyStatements>();
  const unmapped = createUnmappedWriter(ctx);
  const outcomes = new Map<string, FactsOutcome>();
  const timing = { marketNs: 0n, writeNs: 0n };
  let recordsWritten = 0;
  const factStore = createFactStoreWriter(ctx.dataset);
  const onBuilt = (cik: string, st: CompanyStatements, rows: CompanyRows | null, symbols: string[]) => {
    if (sink && rows) recordsWritten += sink.writeRows(cik, symbols, st, rows);
    else if (sink) recordsWritten += sink.deriveAndWrite(cik, st, tickerOrCik(cik));
    else kept.set(cik, st);
    unmapped.write(cik, st);
  };
  const settle = (src: CikFileSource, res: StandardizeTaskResult, symbols: string[]) => {
    if (res.kind === 'facts' && res.ok) {
      const st = res.statements;
      try {
        const t1 = process.hrtime.bigint();
        onBuilt(src.cik, st, res.rows, symbols);
        factStore.write(src.cik, filers.get(src.cik)?.fiscalYearEnd ?? null, res.factBlob, res.factNewestFiled);
        timing.writeNs += process.hrtime.bigint() - t1;
        outcomes.set(src.cik, { built: { name: st.name, currency: st.currency, taxonomy: st.taxonomy, shares: latestShares(st) }, entityName: res.entityName, skipReason: null });
      } catch (err) {
        // Deriving (where a company-specific failure would come from) runs before any of its writes.
        outcomes.set(src.cik, { built: null, entityName: res.entityName, skipReason: `records could not be derived (${errorText(err)}) [${src.origin}]` });
      }
    } else if (!res.ok) {
      outcomes.set(src.cik, { built: null, entityName: res.entityName, skipReason: `${res.reason} [${src.origin}]` });
    }
  };
  const marketFor = (cik: string, currency: string) => {
    const t0 = process.hrtime.bigint();
    const ticker = tickerOrCik(cik);
    const m = sink ? sink.marketFor(cik, ticker, currency) : { symbols: [], market: null };
    timing.marketNs += process.hrtime.bigint() - t0;
    return { ...m, ticker };
  };

  const early = pipeline.earlyFiles;
  filers = await pipeline.submissions(ctx.report, ctx.progress);
  await pipeline.facts(ctx.report, { marketFor, settle });
  const carry = carrySet(ctx);
  const carriedCiks = new Set<string>();
  if (carry.size > 0 && ctx.carryOver) {
    const { companies, records } = carryOverCompanies(ctx.dataset, ctx.carryOver.fromPath, carry);
    for (const c of companies) carriedCiks.add(c.cik);
    for (const c of companies) {
      outcomes.set(c.cik, c.hasFacts
        ? { built: { name: c.name ?? c.cik, currency: c.currency, taxonomy: c.taxonomy, shares: c.shares }, entityName: c.name, skipReason: null }
        : { built: null, entityName: c.name, skipReason: c.skipReason });
    }
    recordsWritten += records;
    ctx.report.count('companies carried over', companies.length);
  }
  const secs = (ns: bigint) => (Number(ns) / 1e9).toFixed(1);
  ctx.report.note(`companyfacts time: workers busy ${pipeline.busySeconds.toFixed(1)} s (sum over ${pipeline.poolSize}); main thread `
    + `${sink ? `reading market data ${secs(timing.marketNs)} s, ` : ''}writing ${secs(timing.writeNs)} s; done before the step ran `
    + `(during the earlier steps): ${early.submissions} submissions, ${early.facts} companyfacts files`);

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
  ctx.handoffs.statements.set(new Map([...kept].sort((a, b) => (a[0] < b[0] ? -1 : 1))));
  ctx.handoffs.primaryTickers.set(primaryTickers);
  ctx.handoffs.carriedCompanies.set(carriedCiks);
}
