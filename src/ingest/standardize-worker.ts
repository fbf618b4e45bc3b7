// Worker thread of the companyfacts step: receives one SEC file's stored bytes (transferred),
// inflates and parses them, and returns the filer profile or the standardized statements (and,
// when asked, the company's derived records rendered as table rows, so deriving and rendering
// run off the main thread too). A company can also be done in two tasks: standardize now and
// hold the statements here (`hold`), derive when the main thread has its market data ('derive').
// The market step's price series are built here too ('prices', see price-series.ts).
// Every failure becomes a result with a reason; nothing a single file holds can stop the pool.
import { parentPort } from 'node:worker_threads';
import { decodePayload, type RawPayload } from '../sources/sec-zip.js';
import { parseSubmission, readSubmissionJson, type SecFiler } from '../sources/sec-submissions.js';
import { readCompanyFacts, viewOfParsedFacts, type CompanyFactsView } from '../sources/companyfacts-reader.js';
import { READ_CONCEPTS, standardizeCompanyFacts } from '../xbrl/standardize-company.js';
import { deriveCompanyRecords } from '../metrics/derive-company-records.js';
import type { MarketData } from '../market/market-data.js';
import type { CompanyStatements } from '../model/record-types.js';
import { renderCompanyRows, type CompanyRows } from './records-step.js';
import { decodeCompanyFacts, encodeCompanyFacts } from '../dataset/codecs/fact-store-codec.js';
import type { CompanyVersionRows } from '../dataset/tables/record-versions-table.js';
import { computeRecordVersionsFast } from '../point-in-time/record-versions-fast.js';
import { versionRows, type VersionRowsInput } from '../point-in-time/version-rows.js';
import { newestFiled } from '../xbrl/point-in-time-view.js';
import { serveTasks } from './worker-pool.js';
import { buildPriceSeries, type PriceSeries, type PriceSeriesTask } from '../market/price-series.js';

export type StandardizeTask =
  | { kind: 'submission'; cik: string; payload: RawPayload }
  | {
    kind: 'facts'; cik: string; payload: RawPayload; fiscalYearEnd: string | null;
    /** When set, the company's records are derived and rendered here too, with this market data and ticker. */
    derive: { market: MarketData | null; ticker: string } | null;
    /** Without `derive`: keep the statements in this worker for a later 'derive' task (returned without records). */
    hold?: boolean;
  }
  | { kind: 'derive'; cik: string; market: MarketData | null; ticker: string }
  | { kind: 'prices'; prices: PriceSeriesTask }
  /** The versions step: a company's stored facts (its fact store blob) -> its record versions' rows. */
  | { kind: 'versions'; blob: Uint8Array; fiscalYearEnd: string | null; market: MarketData | null; input: VersionRowsInput };

export type StandardizeTaskResult =
  | { kind: 'submission'; ok: true; filer: SecFiler }
  | {
    kind: 'facts'; ok: true; entityName: string | null;
    /** With `rows` set, statements.records is left empty (the rendered records supersede it). */
    statements: CompanyStatements;
    rows: CompanyRows | null;
    /** The company's READ_CONCEPTS facts for the fact store (fact-store-codec.ts). */
    factBlob: Uint8Array;
    /** The newest filing date of those facts. */
    factNewestFiled: string | null;
  }
  /** `rows` null: this worker holds no statements of the CIK (it replaced one that crashed). */
  | { kind: 'derive'; ok: true; rows: CompanyRows | null }
  | { kind: 'prices'; ok: true; series: PriceSeries }
  | { kind: 'versions'; ok: true; rows: CompanyVersionRows; filingDates: number; states: number }
  | { kind: 'submission' | 'facts' | 'derive' | 'prices' | 'versions'; ok: false; reason: string; entityName: string | null };

const FACT_TAXONOMIES = ['us-gaap', 'ifrs-full'];

/** Statements standardized with `hold`, by CIK, until their 'derive' task. */
const held = new Map<string, CompanyStatements>();

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`invalid JSON (${message(err)})`);
  }
}

/**
 * A facts file as standardization reads it: only its READ_CONCEPTS parsed when the selective
 * reader can, else parsed whole (same result; invalid JSON throws the same reason). `view` is
 * null when the document has no "facts" object.
 */
function readFacts(payload: RawPayload): { view: CompanyFactsView | null; entityName: string | null } {
  const bytes = decodePayload(payload);
  const read = readCompanyFacts(bytes, READ_CONCEPTS);
  if (read) return { view: read, entityName: typeof read.entityName === 'string' ? read.entityName : null };
  const json = parseJson(bytes);
  const obj = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  const entityName = typeof obj?.entityName === 'string' ? obj.entityName : null;
  const view = obj?.facts && typeof obj.facts === 'object' ? viewOfParsedFacts(obj as { facts: object }) : null;
  return { view, entityName };
}

function deriveRows(cik: string, statements: CompanyStatements, market: MarketData | null, ticker: string): CompanyRows {
  return renderCompanyRows(cik, ticker, statements.currency, deriveCompanyRecords(statements, market));
}

function deriveHeld(task: Extract<StandardizeTask, { kind: 'derive' }>): StandardizeTaskResult {
  const statements = held.get(task.cik);
  if (!statements) return { kind: 'derive', ok: true, rows: null };
  held.delete(task.cik);
  try {
    return { kind: 'derive', ok: true, rows: deriveRows(task.cik, statements, task.market, task.ticker) };
  } catch (err) {
    return { kind: 'derive', ok: false, reason: `records could not be derived (${message(err)})`, entityName: null };
  }
}

function versionsOf(task: Extract<StandardizeTask, { kind: 'versions' }>): StandardizeTaskResult {
  try {
    const computed = computeRecordVersionsFast(decodeCompanyFacts(task.blob), task.fiscalYearEnd, task.market);
    return { kind: 'versions', ok: true, rows: versionRows(computed, task.input), filingDates: computed.filingDates, states: computed.states };
  } catch (err) {
    return { kind: 'versions', ok: false, reason: `record versions could not be computed (${message(err)})`, entityName: null };
  }
}

function runTask(task: StandardizeTask): StandardizeTaskResult {
  if (task.kind === 'derive') return deriveHeld(task);
  if (task.kind === 'versions') return versionsOf(task);
  if (task.kind === 'prices') {
    try {
      return { kind: 'prices', ok: true, series: buildPriceSeries(task.prices) };
    } catch (err) {
      return { kind: 'prices', ok: false, reason: message(err), entityName: null };
    }
  }
  if (task.kind === 'submission') {
    let json: unknown;
    try {
      const bytes = decodePayload(task.payload);
      json = readSubmissionJson(bytes) ?? parseJson(bytes); // the filing history is not parsed
    } catch (err) {
      return { kind: task.kind, ok: false, reason: message(err), entityName: null };
    }
    try {
      return { kind: 'submission', ok: true, filer: parseSubmission(json, task.cik) };
    } catch (err) {
      return { kind: 'submission', ok: false, reason: message(err), entityName: null };
    }
  }
  let read: ReturnType<typeof readFacts>;
  try {
    read = readFacts(task.payload);
  } catch (err) {
    return { kind: task.kind, ok: false, reason: message(err), entityName: null };
  }
  const { view, entityName } = read;
  if (!view) return { kind: 'facts', ok: false, reason: 'not a companyfacts JSON object (no "facts")', entityName };
  const hasStatementFacts = FACT_TAXONOMIES.some((t) => {
    const concepts = view.facts[t];
    return concepts !== null && typeof concepts === 'object' && (view.conceptCounts.get(t) ?? 0) > 0;
  });
  if (!hasStatementFacts) return { kind: 'facts', ok: false, reason: 'no us-gaap or ifrs-full facts', entityName };
  let statements: CompanyStatements;
  try {
    const res = standardizeCompanyFacts(view, { fiscalYearEnd: task.fiscalYearEnd });
    if (!res.ok) return { kind: 'facts', ok: false, reason: res.reason, entityName };
    statements = res.statements;
  } catch (err) {
    return { kind: 'facts', ok: false, reason: `standardization failed: ${message(err)}`, entityName };
  }
  let factBlob: Uint8Array;
  let factNewestFiled: string | null;
  try {
    factBlob = encodeCompanyFacts(view, READ_CONCEPTS);
    factNewestFiled = newestFiled(view);
  } catch (err) {
    return { kind: 'facts', ok: false, reason: `facts could not be stored (${message(err)})`, entityName };
  }
  if (!task.derive) {
    if (!task.hold) return { kind: 'facts', ok: true, statements, rows: null, entityName, factBlob, factNewestFiled };
    held.set(task.cik, statements);
    return { kind: 'facts', ok: true, statements: { ...statements, records: [] }, rows: null, entityName, factBlob, factNewestFiled };
  }
  try {
    const rows = deriveRows(task.cik, statements, task.derive.market, task.derive.ticker);
    return { kind: 'facts', ok: true, statements: { ...statements, records: [] }, rows, entityName, factBlob, factNewestFiled };
  } catch (err) {
    return { kind: 'facts', ok: false, reason: `records could not be derived (${message(err)})`, entityName };
  }
}

if (parentPort) {
  serveTasks<StandardizeTask, StandardizeTaskResult>(parentPort, runTask, () => [],
    (task, reason) => ({ kind: task.kind, ok: false, reason, entityName: null }));
}
