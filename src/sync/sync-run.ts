// One `tenk sync` run: brings the mirror up to date from SEC (ticker file, then each company's
// submissions and companyfacts, or the bulk archives for --all) and the price provider (the
// tickers of each company synced), with conditional requests; a company is written only when all
// its SEC files arrived whole (never one new and one old), each file atomically.
import fs from 'node:fs';
import path from 'node:path';
import type { SyncConfig } from '../model/config.js';
import { createHttpClient, FetchFailedError, BadBodyError, readBytes, type HttpClient, type Validators } from './http-client.js';
import { createRateGate } from './rate-gate.js';
import { retryPolicy } from './retry-policy.js';
import { commitFile, readSyncState, removeStaleParts, sha256, sha256OfFile, tempPathFor, writeFileAtomic, writeSyncState, type SyncState } from './mirror-files.js';
import { bulkArchive, companyFactsFile, submissionsFile, tickerFile, type RemoteFile } from './sec-files.js';
import type { PriceProvider } from './price-provider.js';
import { latestPriceDate, symbolsOfCompany, tickerRowsOf } from './mirror-reading.js';

export interface SyncRequest {
  /** 10-digit CIKs, or 'all': every company of SEC's ticker file (through the bulk archives). */
  ciks: readonly string[] | 'all';
  /** Companies with no filing on or after this date keep their companyfacts file (YYYY-MM-DD). */
  since: string | null;
  dryRun: boolean;
}

export interface SyncSummary {
  fetched: number;
  notModified: number;
  failed: number;
  /** Companies and files given up on, with the reason. */
  failures: Array<{ subject: string; reason: string }>;
  /** Companies whose SEC files are in the mirror after this run (synced now or unchanged). */
  companiesSynced: number;
  /** Companies whose companyfacts were not asked for (no filing since --since). */
  companiesUnchangedSince: number;
  pricesUpdated: number;
  pricesUnchanged: number;
  /** Symbols the provider has no prices for. */
  pricesMissing: string[];
  requests: number;
  retries: number;
  seconds: number;
  /** --dry-run: the requests a run would make, one line each. */
  planned: string[];
}

export interface SyncDeps {
  config: SyncConfig;
  mirror: string;
  provider: PriceProvider;
  log?: (line: string) => void;
  /** Companies fetched at the same time (the rate gate bounds the request rate either way). */
  lanes?: number;
}

/** Sync refused to start (no User-Agent): the message says what to set. */
export class SyncRefusedError extends Error {}

export function requireUserAgent(config: SyncConfig): string {
  if (!config.userAgent || !/\S+\s+\S+@\S+/.test(config.userAgent)) {
    throw new SyncRefusedError('TENK_SEC_USER_AGENT must be set to "name email" (for example "Jane Doe jane@example.com"): '
      + 'SEC asks every automated client to identify itself and blocks those that do not');
  }
  return config.userAgent;
}

function jsonBody(res: Response): Promise<Buffer> {
  return readBytes(res).then((bytes) => {
    try {
      JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new BadBodyError(`not complete JSON (${bytes.length} bytes)`);
    }
    return bytes;
  });
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A fetched file not yet written. */
interface Staged { file: RemoteFile; bytes: Buffer; validators: Validators }

export async function runSync(deps: SyncDeps, request: SyncRequest): Promise<SyncSummary> {
  const started = performance.now();
  const { config, mirror, provider } = deps;
  const log = deps.log ?? (() => undefined);
  const userAgent = requireUserAgent(config);
  const summary: SyncSummary = {
    fetched: 0, notModified: 0, failed: 0, failures: [], companiesSynced: 0, companiesUnchangedSince: 0,
    pricesUpdated: 0, pricesUnchanged: 0, pricesMissing: [], requests: 0, retries: 0, seconds: 0, planned: [],
  };
  const state = readSyncState(mirror);
  const known = (file: RemoteFile): Validators | null => {
    const s = state.files[file.path];
    return s && fs.existsSync(path.join(mirror, file.path)) ? { etag: s.etag, lastModified: s.lastModified } : null;
  };

  if (request.dryRun) {
    planDryRun(deps, request, known, summary);
    summary.seconds = (performance.now() - started) / 1000;
    return summary;
  }

  fs.mkdirSync(mirror, { recursive: true });
  removeStaleParts(mirror);
  const policy = retryPolicy(config.retryBaseMs);
  const sec = createHttpClient({ userAgent, gate: createRateGate(config.requestsPerSecond), policy });
  const prices = createHttpClient({ userAgent, gate: createRateGate(config.requestsPerSecond), policy });
  const record = (file: RemoteFile, bytes: Buffer, v: Validators) => {
    state.files[file.path] = { etag: v.etag, lastModified: v.lastModified, sha256: sha256(bytes), bytes: bytes.length, fetchedAt: new Date().toISOString() };
  };
  const write = (s: Staged) => {
    writeFileAtomic(path.join(mirror, s.file.path), s.bytes);
    record(s.file, s.bytes, s.validators);
    summary.fetched += 1;
  };
  /** Fetches one small file into memory: the staged bytes, null when not modified. */
  const stage = async (client: HttpClient, file: RemoteFile, read: (res: Response) => Promise<Buffer>): Promise<Staged | null> => {
    const r = await client.get(file.url, known(file), read);
    if (r.kind === 'not-modified') { summary.notModified += 1; return null; }
    return { file, bytes: r.value, validators: r.validators };
  };
  const fail = (subject: string, err: unknown) => {
    summary.failed += 1;
    summary.failures.push({ subject, reason: reasonOf(err) });
    log(`failed: ${subject}: ${reasonOf(err)}`);
  };

  try {
    // 1. The ticker file: the list of companies for --all, tickers for the build.
    const tickers = tickerFile(config);
    try {
      const s = await stage(sec, tickers, jsonBody);
      if (s) write(s);
    } catch (err) {
      if (request.ciks === 'all' && !fs.existsSync(path.join(mirror, tickers.path))) throw err;
      fail(tickers.path, err);
    }
    const tickerRows = tickerRowsOf(mirror);

    // 2. SEC company files.
    let ciks: string[];
    const synced = new Set<string>();
    if (request.ciks === 'all') {
      ciks = [...new Set(tickerRows.map((r) => r.cik))].sort();
      let archives = 0;
      for (const name of ['submissions', 'companyfacts'] as const) {
        try {
          await fetchArchive(sec, bulkArchive(config, name), mirror, known, state, summary, log);
          archives += 1;
        } catch (err) {
          fail(`sec/${name}.zip`, err);
        }
      }
      if (archives === 2) {
        for (const cik of ciks) synced.add(cik);
        summary.companiesSynced = ciks.length;
      }
    } else {
      ciks = [...request.ciks];
      let done = 0;
      await forEachLane(ciks, deps.lanes ?? 4, async (cik) => {
        try {
          const subs = await stage(sec, submissionsFile(config, cik), jsonBody);
          const facts = companyFactsFile(config, cik);
          const subsBytes = subs?.bytes ?? readIfExists(path.join(mirror, submissionsFile(config, cik).path));
          let factsStaged: Staged | null = null;
          if (request.since && subsBytes && fs.existsSync(path.join(mirror, facts.path)) && !filedSince(subsBytes, request.since)) {
            summary.companiesUnchangedSince += 1;
          } else {
            factsStaged = await stage(sec, facts, jsonBody);
          }
          // Both arrived (or were unchanged): only now is either written.
          if (subs) write(subs);
          if (factsStaged) write(factsStaged);
          summary.companiesSynced += 1;
          synced.add(cik);
        } catch (err) {
          fail(`CIK${cik}`, err);
        }
        done += 1;
        if (done % 25 === 0 || done === ciks.length) log(`companies ${done}/${ciks.length}`);
      });
    }

    // 3. Prices for the tickers of the companies this run synced.
    const symbols = new Set<string>();
    for (const cik of [...synced].sort()) for (const s of symbolsOfCompany(mirror, cik, tickerRows)) symbols.add(s);
    const setDir = path.join(mirror, 'prices', provider.setName);
    let priceDone = 0;
    await forEachLane([...symbols].sort(), deps.lanes ?? 4, async (symbol) => {
      const file: RemoteFile = { url: provider.url(symbol), path: `prices/${provider.setName}/${symbol}.csv` };
      try {
        const r = await prices.get(file.url, known(file), async (res) => provider.check(await readBytes(res)));
        if (r.kind === 'not-modified') { summary.notModified += 1; summary.pricesUnchanged += 1; }
        else if (r.value === null) summary.pricesMissing.push(symbol);
        else {
          const prev = state.files[file.path];
          write({ file, bytes: r.value, validators: r.validators });
          if (prev && prev.sha256 === state.files[file.path]!.sha256) summary.pricesUnchanged += 1;
          else summary.pricesUpdated += 1;
        }
      } catch (err) {
        fail(`prices ${symbol}`, err);
      }
      priceDone += 1;
      if (priceDone % 25 === 0 || priceDone === symbols.size) log(`prices ${priceDone}/${symbols.size}`);
    });
    summary.pricesMissing.sort();
    if (fs.existsSync(setDir)) {
      const asOf = latestPriceDate(setDir);
      if (asOf) writeIfChanged(path.join(setDir, 'manifest.json'), `${JSON.stringify(provider.manifest(asOf), null, 2)}\n`);
    }
  } finally {
    writeSyncState(mirror, state);
    summary.requests = sec.stats.requests + prices.stats.requests;
    summary.retries = sec.stats.retries + prices.stats.retries;
    summary.seconds = (performance.now() - started) / 1000;
  }
  return summary;
}

/** Streams a bulk archive to a temporary file and renames it into place (a zip is checked by its end record). */
async function fetchArchive(client: HttpClient, file: RemoteFile, mirror: string, known: (f: RemoteFile) => Validators | null,
  state: SyncState, summary: SyncSummary, log: (line: string) => void): Promise<void> {
  const target = path.join(mirror, file.path);
  log(`downloading ${file.url}`);
  const r = await client.get(file.url, known(file), async (res) => {
    const tmp = tempPathFor(target);
    try {
      const out = fs.createWriteStream(tmp);
      const { pipeline } = await import('node:stream/promises');
      const { Readable } = await import('node:stream');
      await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), out);
      const size = fs.statSync(tmp).size;
      const declared = res.headers.get('content-length');
      if (declared !== null && res.headers.get('content-encoding') === null && Number(declared) !== size) throw new BadBodyError(`archive of ${size} bytes, ${declared} announced`);
      if (!hasZipEnd(tmp)) throw new BadBodyError('archive cut off (no zip end record)');
      return tmp;
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      if (err instanceof BadBodyError) throw err;
      throw new BadBodyError(`archive cut off (${reasonOf(err)})`);
    }
  });
  if (r.kind === 'not-modified') { summary.notModified += 1; return; }
  commitFile(r.value, target);
  const stat = fs.statSync(target);
  state.files[file.path] = { ...r.validators, sha256: await sha256OfFile(target), bytes: stat.size, fetchedAt: new Date().toISOString() };
  summary.fetched += 1;
}

/** True when the last 64 KiB of `file` hold a zip end-of-central-directory record. */
function hasZipEnd(file: string): boolean {
  const size = fs.statSync(file).size;
  const n = Math.min(size, 65_557);
  const buf = Buffer.alloc(n);
  const fd = fs.openSync(file, 'r');
  try { fs.readSync(fd, buf, 0, n, size - n); } finally { fs.closeSync(fd); }
  return buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) >= 0;
}

/** True when a submissions file lists a filing on or after `since` (its recent filings' dates). */
function filedSince(bytes: Buffer, since: string): boolean {
  try {
    const j = JSON.parse(bytes.toString('utf8')) as { filings?: { recent?: { filingDate?: unknown } } };
    const dates = j.filings?.recent?.filingDate;
    if (!Array.isArray(dates)) return true;
    return dates.some((d) => typeof d === 'string' && d >= since);
  } catch {
    return true;
  }
}

function readIfExists(file: string): Buffer | null {
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

function writeIfChanged(file: string, text: string): void {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  writeFileAtomic(file, text);
}

async function forEachLane<T>(items: readonly T[], lanes: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => { while (next < items.length) await fn(items[next++]!); };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
}

function planDryRun(deps: SyncDeps, request: SyncRequest, known: (f: RemoteFile) => Validators | null, summary: SyncSummary): void {
  const { config, mirror, provider } = deps;
  const line = (f: RemoteFile) => {
    const v = known(f);
    const cond = v ? ` (conditional: ${[v.etag ? `If-None-Match ${v.etag}` : '', v.lastModified ? `If-Modified-Since ${v.lastModified}` : ''].filter(Boolean).join(', ')})` : '';
    summary.planned.push(`GET ${f.url} -> ${f.path}${cond}`);
  };
  line(tickerFile(config));
  const tickerRows = fs.existsSync(mirror) ? tickerRowsOf(mirror) : [];
  let ciks: string[];
  if (request.ciks === 'all') {
    line(bulkArchive(config, 'submissions'));
    line(bulkArchive(config, 'companyfacts'));
    ciks = [...new Set(tickerRows.map((r) => r.cik))].sort();
    if (ciks.length === 0) summary.planned.push('then the prices of every ticker in the ticker file');
  } else {
    ciks = [...request.ciks];
    for (const cik of ciks) {
      line(submissionsFile(config, cik));
      line(companyFactsFile(config, cik));
    }
  }
  const symbols = new Set<string>();
  for (const cik of ciks) {
    const s = symbolsOfCompany(mirror, cik, tickerRows);
    if (s.length === 0) summary.planned.push(`then the prices of CIK${cik}'s tickers (not known before its submissions arrive)`);
    for (const x of s) symbols.add(x);
  }
  for (const symbol of [...symbols].sort()) line({ url: provider.url(symbol), path: `prices/${provider.setName}/${symbol}.csv` });
}

export { FetchFailedError };
