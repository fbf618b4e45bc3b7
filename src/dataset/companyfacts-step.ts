// Build step for SEC company data: submissions (profiles, fiscal-year ends) and companyfacts,
// standardized in a worker pool, into the `companies` and `unmapped_concepts` tables and the
// statements handed to the records step. One bad company file is a named skip, never a failed build.
import path from 'node:path';
import type { BuildContext, BuildStep } from './build-step.js';
import type { CompanyStatements } from './record-types.js';
import { SHARED_STATEMENTS, SHARED_TICKERS } from './records-step.js';
import { createStandardizePool, type StandardizePool } from './standardize-pool.js';
import type { StandardizeTask, StandardizeTaskResult } from './standardize-worker.js';
import { WorkerPoolBrokenError } from './worker-pool.js';
import { listCikFiles, type CikFileSource } from '../sources/sec-cik-files.js';
import { readCompanyTickersExchange, type SecTickerRow } from '../sources/sec-company-tickers-exchange.js';
import type { SecFiler } from '../sources/sec-submissions.js';
import type { RawPayload } from '../sources/sec-zip.js';

/** Key in BuildContext.shared under which this step leaves Map<cik, SecFiler> (submissions profiles). */
export const SHARED_FILERS = 'secFilers';

export const COMPANIES_DDL = [
  `CREATE TABLE companies (
     cik TEXT PRIMARY KEY,
     name TEXT,
     ticker TEXT,
     exchange TEXT,
     tickers TEXT NOT NULL,
     exchanges TEXT NOT NULL,
     sic TEXT,
     sic_description TEXT,
     fiscal_year_end TEXT,
     state_of_incorporation TEXT,
     website TEXT,
     investor_website TEXT,
     description TEXT,
     phone TEXT,
     ein TEXT,
     category TEXT,
     entity_type TEXT,
     business_address TEXT,
     mailing_address TEXT,
     former_names TEXT NOT NULL,
     currency TEXT,
     taxonomy TEXT,
     shares_outstanding REAL,
     shares_outstanding_date TEXT,
     has_facts INTEGER NOT NULL,
     facts_skip_reason TEXT,
     has_submissions INTEGER NOT NULL) WITHOUT ROWID`,
  `CREATE INDEX companies_ticker ON companies (ticker)`,
  `CREATE TABLE unmapped_concepts (
     cik TEXT NOT NULL, taxonomy TEXT NOT NULL, concept TEXT NOT NULL, fact_count INTEGER NOT NULL,
     PRIMARY KEY (cik, taxonomy, concept)) WITHOUT ROWID`,
  `CREATE INDEX unmapped_concepts_concept ON unmapped_concepts (taxonomy, concept)`,
];

/** How many most common unmapped concepts the summary lists. */
const UNMAPPED_REPORT_TOP = 10;

interface FactsOutcome {
  statements: CompanyStatements | null;
  entityName: string | null;
  skipReason: string | null;
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
      const res = await runFile(pool, src, (payload) => ({ kind: 'facts', cik: src.cik, payload, fiscalYearEnd }));
      if (res.kind === 'facts' && res.ok) {
        outcomes.set(src.cik, { statements: res.statements, entityName: res.entityName, skipReason: null });
      } else if (!res.ok) {
        outcomes.set(src.cik, { statements: null, entityName: res.entityName, skipReason: `${res.reason} [${src.origin}]` });
      }
      ctx.progress.tick();
    });
    ctx.progress.stop();
  } finally {
    set.close();
  }
  return outcomes;
}

function latestShares(s: CompanyStatements | null): { date: string; value: number } | null {
  let best: { date: string; value: number } | null = null;
  for (const x of s?.sharesOutstanding ?? []) if (!best || x.date > best.date) best = x;
  return best;
}

function writeCompanies(
  ctx: BuildContext, filers: Map<string, SecFiler>, outcomes: Map<string, FactsOutcome>, tickerRows: Map<string, SecTickerRow[]>,
): Map<string, string> {
  const primaryTickers = new Map<string, string>();
  const put = ctx.db.prepare(`INSERT INTO companies (cik, name, ticker, exchange, tickers, exchanges, sic, sic_description,
    fiscal_year_end, state_of_incorporation, website, investor_website, description, phone, ein, category, entity_type,
    business_address, mailing_address, former_names, currency, taxonomy, shares_outstanding, shares_outstanding_date,
    has_facts, facts_skip_reason, has_submissions) VALUES (${new Array(27).fill('?').join(', ')})`);
  const ciks = [...new Set([...filers.keys(), ...outcomes.keys()])].sort();
  ctx.db.transaction(() => {
    for (const cik of ciks) {
      const f = filers.get(cik) ?? null;
      const o = outcomes.get(cik) ?? null;
      const rows = tickerRows.get(cik) ?? [];
      const fromSubmissions = (f?.tickers.length ?? 0) > 0;
      const tickers = fromSubmissions ? f!.tickers : rows.map((r) => r.ticker);
      const exchanges = fromSubmissions ? f!.exchanges : rows.map((r) => r.exchange ?? '').filter((e) => e !== '');
      const ticker = tickers[0] ?? null;
      const exchange = fromSubmissions ? f!.exchanges[0] ?? null : rows[0]?.exchange ?? null;
      if (ticker) primaryTickers.set(cik, ticker);
      const st = o?.statements ?? null;
      const shares = latestShares(st);
      put.run(
        cik, f?.name ?? st?.name ?? o?.entityName ?? rows[0]?.name ?? null, ticker, exchange,
        JSON.stringify(tickers), JSON.stringify(exchanges), f?.sic ?? null, f?.sicDescription ?? null,
        f?.fiscalYearEnd ?? null, f?.stateOfIncorporation ?? null, f?.website ?? null, f?.investorWebsite ?? null,
        f?.description ?? null, f?.phone ?? null, f?.ein ?? null, f?.category ?? null, f?.entityType ?? null,
        f?.businessAddress ? JSON.stringify(f.businessAddress) : null, f?.mailingAddress ? JSON.stringify(f.mailingAddress) : null,
        JSON.stringify(f?.formerNames ?? []), st?.currency ?? null, st?.taxonomy ?? null,
        shares?.value ?? null, shares?.date ?? null, st ? 1 : 0, o?.skipReason ?? null, f ? 1 : 0,
      );
    }
  })();
  ctx.report.count('company profiles', ciks.length);
  return primaryTickers;
}

function writeUnmapped(ctx: BuildContext, statements: Map<string, CompanyStatements>): void {
  const put = ctx.db.prepare('INSERT OR REPLACE INTO unmapped_concepts (cik, taxonomy, concept, fact_count) VALUES (?, ?, ?, ?)');
  const companiesByConcept = new Map<string, number>();
  let rows = 0;
  ctx.db.transaction(() => {
    for (const [cik, s] of statements) {
      for (const u of s.unmapped) {
        put.run(cik, u.taxonomy, u.concept, u.factCount);
        const key = `${u.taxonomy}:${u.concept}`;
        companiesByConcept.set(key, (companiesByConcept.get(key) ?? 0) + 1);
        rows += 1;
      }
    }
  })();
  ctx.report.count('unmapped concepts (distinct)', companiesByConcept.size);
  if (companiesByConcept.size === 0) return;
  const top = [...companiesByConcept].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, UNMAPPED_REPORT_TOP);
  ctx.report.note(`unmapped concepts: ${companiesByConcept.size} distinct, ${rows} company-concept pairs (table unmapped_concepts); most common by companies:`);
  for (const [concept, n] of top) ctx.report.note(`  ${concept}: ${n} companies`);
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

    const pool = createStandardizePool();
    // Two files per worker in flight: one being processed, one read and waiting.
    const inFlight = pool.size * 2;
    let filers: Map<string, SecFiler>;
    let outcomes: Map<string, FactsOutcome>;
    try {
      const subs = await readSubmissions(ctx, pool, inFlight);
      filers = subs.filers;
      outcomes = await readCompanyFacts(ctx, pool, inFlight, filers, subs.present);
    } finally {
      await pool.close();
    }

    const statements = new Map<string, CompanyStatements>();
    for (const cik of [...outcomes.keys()].sort()) {
      const o = outcomes.get(cik)!;
      if (o.statements) {
        statements.set(cik, o.statements);
      } else {
        const name = filers.get(cik)?.name ?? o.entityName ?? tickerRows.get(cik)?.[0]?.name ?? null;
        ctx.report.skip(name ? `CIK${cik} (${name})` : `CIK${cik}`, o.skipReason ?? 'unknown');
      }
    }
    const primaryTickers = writeCompanies(ctx, filers, outcomes, tickerRows);
    writeUnmapped(ctx, statements);
    ctx.report.count('companies built', statements.size);
    ctx.report.count('companies skipped', outcomes.size - statements.size);
    ctx.shared.set(SHARED_STATEMENTS, statements);
    ctx.shared.set(SHARED_TICKERS, primaryTickers);
    ctx.shared.set(SHARED_FILERS, filers);
  },
};
