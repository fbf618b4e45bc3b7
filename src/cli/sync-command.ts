// `tenk sync`: brings $TENK_HOME/mirror up to date from SEC and the price provider (src/sync), then
// rebuilds the dataset from it incrementally: companies whose inputs changed are standardized
// again, the others carried over from the served dataset, and the result swapped in atomically.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../model/config.js';
import { runSync, SyncRefusedError, requireUserAgent, type SyncSummary } from '../sync/sync-run.js';
import { stooqProvider } from '../sync/price-provider.js';
import { normalizeCik } from '../sync/sec-files.js';
import { mirrorFingerprints } from '../sync/company-fingerprints.js';
import { Dataset } from '../dataset/sqlite/sqlite-dataset.js';
import { buildInWorker } from '../ingest/build-worker.js';
import { createProgress } from '../ingest/progress.js';
import { formatSummary } from './ingest-command.js';
import type { Command } from './command.js';

export interface SyncOptions {
  ciks: string[] | 'all';
  since: string | null;
  dryRun: boolean;
  /** Standardize every company again (after upgrading tenk, for example). */
  full: boolean;
  /** Store record versions (as `tenk ingest --versions`); a dataset that has them keeps them anyway. */
  versions?: boolean;
}

export interface SyncOutcome {
  sync: SyncSummary;
  /** null: nothing changed, the served dataset was kept (or --dry-run). */
  rebuilt: { companies: number; carried: number; seconds: number } | null;
}

/** The fingerprints the served dataset was built from (meta sync_fingerprints), or null. */
function builtFrom(datasetPath: string): { companies: Record<string, string>; all: string } | null {
  if (!fs.existsSync(datasetPath)) return null;
  let dataset: Dataset | null = null;
  try {
    dataset = Dataset.open(datasetPath);
    const companies = dataset.meta('sync_fingerprints');
    const all = dataset.meta('sync_inputs');
    return companies !== null && all !== null ? { companies: JSON.parse(companies) as Record<string, string>, all } : null;
  } catch {
    return null;
  } finally {
    dataset?.close();
  }
}

/** Whether the dataset at `datasetPath` stores record versions (a sync keeps them). */
function hasVersions(datasetPath: string): boolean {
  if (!fs.existsSync(datasetPath)) return false;
  let dataset: Dataset | null = null;
  try {
    dataset = Dataset.open(datasetPath);
    return dataset.records.hasVersions();
  } catch {
    return false;
  } finally {
    dataset?.close();
  }
}

function line(s: SyncSummary): string {
  return `files: ${s.fetched} fetched, ${s.notModified} not modified, ${s.failed} failed (${s.requests} requests, ${s.retries} retries); `
    + `companies synced: ${s.companiesSynced}${s.companiesUnchangedSince ? ` (${s.companiesUnchangedSince} with no filing since --since)` : ''}; `
    + `prices: ${s.pricesUpdated} updated, ${s.pricesUnchanged} unchanged${s.pricesMissing.length ? `, none for ${s.pricesMissing.join(' ')}` : ''}`;
}

export async function runSyncCommand(config: Config, options: SyncOptions, out: (line: string) => void, err: (line: string) => void): Promise<SyncOutcome> {
  const started = performance.now();
  const sync = await runSync(
    { config: config.sync, mirror: config.mirrorPath, provider: stooqProvider(config.sync.pricesUrl), log: err },
    { ciks: options.ciks, since: options.since, dryRun: options.dryRun },
  );
  if (options.dryRun) {
    out(`dry run: ${sync.planned.length} request(s) would be made`);
    for (const p of sync.planned) out(`  ${p}`);
    return { sync, rebuilt: null };
  }
  out(line(sync));
  for (const f of sync.failures) out(`  failed: ${f.subject}: ${f.reason}`);

  const fp = await mirrorFingerprints(config.mirrorPath);
  if (fp.companies.size === 0) {
    out('no company in the mirror yet: the dataset was not built');
    return { sync, rebuilt: null };
  }
  const prev = options.full ? null : builtFrom(config.datasetPath);
  if (prev && prev.all === fp.all) {
    out(`nothing changed: the dataset ${config.datasetPath} is kept (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return { sync, rebuilt: null };
  }
  const carried = prev ? [...fp.companies].filter(([cik, h]) => prev.companies[cik] === h).map(([cik]) => cik) : [];
  const summary = await buildInWorker({
    sourceDir: config.mirrorPath,
    targetPath: config.datasetPath,
    progress: createProgress(process.stderr),
    carryOver: carried.length > 0 ? { fromPath: config.datasetPath, ciks: carried } : null,
    meta: { sync_fingerprints: JSON.stringify(Object.fromEntries(fp.companies)), sync_inputs: fp.all },
    versions: options.versions === true || hasVersions(config.datasetPath),
  });
  out(formatSummary(summary));
  const carriedN = summary.counts['companies carried over'] ?? 0;
  const rebuilt = { companies: fp.companies.size - carriedN, carried: carriedN, seconds: (performance.now() - started) / 1000 };
  out(`companies rebuilt: ${rebuilt.companies}, carried over: ${rebuilt.carried}; sync and build took ${rebuilt.seconds.toFixed(1)} s`);
  return { sync, rebuilt };
}

export const syncCommand: Command = {
  name: 'sync',
  summary: 'update the source mirror from SEC EDGAR and the price feed, then rebuild the dataset (incremental)',
  help: [
    'usage: tenk sync (--ciks CIK,CIK... | --all) [--since YYYY-MM-DD] [--dry-run] [--full] [--versions] [--home DIR]',
    '',
    '  --ciks LIST    companies to keep up to date (CIKs, with or without leading zeros)',
    '  --all          every company in SEC\'s ticker file (through SEC\'s bulk archives)',
    '  --since DATE   keep the companyfacts of companies with no filing on or after DATE',
    '  --dry-run      list the requests a run would make; fetch and build nothing',
    '  --full         standardize every company again instead of carrying unchanged ones over',
    '  --versions     store record versions (as tenk ingest --versions); kept when the dataset has them',
    '  --home DIR     where mirror/ and dataset.sqlite live (default: $TENK_HOME or ./.tenk)',
    '',
    'Requires TENK_SEC_USER_AGENT="name email" (SEC fair access). Sources: TENK_SEC_DATA_URL,',
    'TENK_SEC_WWW_URL, TENK_PRICES_URL (template with {symbol} or {symbol_lc}); TENK_SEC_RATE',
    'requests per second (at most 10). A running `tenk serve` picks up the new dataset by itself.',
  ].join('\n'),
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        ciks: { type: 'string' }, all: { type: 'boolean' }, since: { type: 'string' }, 'dry-run': { type: 'boolean' },
        full: { type: 'boolean' }, home: { type: 'string' }, versions: { type: 'boolean' },
      },
    });
    const fail = (msg: string) => { process.stderr.write(`tenk sync: ${msg}\n`); return 2; };
    if ((values.ciks === undefined) === (values.all !== true)) return fail('give either --ciks CIK,CIK... or --all');
    let ciks: string[] | 'all' = 'all';
    if (values.ciks !== undefined) {
      const parts = values.ciks.split(',').map((s) => s.trim()).filter((s) => s !== '');
      const bad = parts.filter((p) => normalizeCik(p) === null);
      if (parts.length === 0 || bad.length > 0) return fail(`--ciks takes CIKs (1-10 digits), not ${bad.join(', ') || 'an empty list'}`);
      ciks = [...new Set(parts.map((p) => normalizeCik(p)!))];
    }
    const since = values.since ?? null;
    if (since !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(since) || Number.isNaN(Date.parse(since)))) return fail('--since takes a date YYYY-MM-DD');
    const config = loadConfig(process.env, values.home ? { home: values.home } : {});
    try {
      requireUserAgent(config.sync);
    } catch (e) {
      if (e instanceof SyncRefusedError) { process.stderr.write(`tenk sync: ${e.message}\n`); return 1; }
      throw e;
    }
    const outcome = await runSyncCommand(config, { ciks, since, dryRun: values['dry-run'] === true, full: values.full === true, versions: values.versions === true },
      (l) => process.stdout.write(`${l}\n`), (l) => process.stderr.write(`${l}\n`));
    return outcome.sync.failed > 0 ? 1 : 0;
  },
};
