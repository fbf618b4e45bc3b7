// Worker thread of the companyfacts step: receives one SEC file's stored bytes (transferred),
// inflates and parses them, and returns the filer profile or the standardized statements (and,
// when asked, the company's derived records rendered as table rows, so deriving and rendering
// run off the main thread too).
// Every failure becomes a result with a reason; nothing a single file holds can stop the pool.
import { parentPort } from 'node:worker_threads';
import { decodePayload, type RawPayload } from '../sources/sec-zip.js';
import { parseSubmission, type SecFiler } from '../sources/sec-submissions.js';
import { standardizeCompany } from '../xbrl/standardize-company.js';
import { deriveCompanyRecords } from '../metrics/derive-company-records.js';
import type { MarketData } from '../metrics/market-data.js';
import type { CompanyStatements } from './record-types.js';
import { renderCompanyRows, type CompanyRows } from './records-step.js';
import type { WorkerMessage } from './worker-pool.js';

export type StandardizeTask =
  | { kind: 'submission'; cik: string; payload: RawPayload }
  | {
    kind: 'facts'; cik: string; payload: RawPayload; fiscalYearEnd: string | null;
    /** When set, the company's records are derived and rendered here too, with this market data and ticker. */
    derive: { market: MarketData | null; ticker: string } | null;
  };

export type StandardizeTaskResult =
  | { kind: 'submission'; ok: true; filer: SecFiler }
  | {
    kind: 'facts'; ok: true; entityName: string | null;
    /** With `rows` set, statements.records is left empty (the rendered records supersede it). */
    statements: CompanyStatements;
    rows: CompanyRows | null;
  }
  | { kind: 'submission' | 'facts'; ok: false; reason: string; entityName: string | null };

const FACT_TAXONOMIES = ['us-gaap', 'ifrs-full'];

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function parseJson(payload: RawPayload): unknown {
  const text = decodePayload(payload).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`invalid JSON (${message(err)})`);
  }
}

export function runTask(task: StandardizeTask): StandardizeTaskResult {
  let json: unknown;
  try {
    json = parseJson(task.payload);
  } catch (err) {
    return { kind: task.kind, ok: false, reason: message(err), entityName: null };
  }
  if (task.kind === 'submission') {
    try {
      return { kind: 'submission', ok: true, filer: parseSubmission(json, task.cik) };
    } catch (err) {
      return { kind: 'submission', ok: false, reason: message(err), entityName: null };
    }
  }
  const obj = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  const entityName = typeof obj?.entityName === 'string' ? obj.entityName : null;
  const facts = obj?.facts && typeof obj.facts === 'object' ? (obj.facts as Record<string, unknown>) : null;
  if (!facts) return { kind: 'facts', ok: false, reason: 'not a companyfacts JSON object (no "facts")', entityName };
  const hasStatementFacts = FACT_TAXONOMIES.some((t) => {
    const concepts = facts[t];
    return concepts !== null && typeof concepts === 'object' && Object.keys(concepts).length > 0;
  });
  if (!hasStatementFacts) return { kind: 'facts', ok: false, reason: 'no us-gaap or ifrs-full facts', entityName };
  let statements: CompanyStatements;
  try {
    const res = standardizeCompany(json, { fiscalYearEnd: task.fiscalYearEnd });
    if (!res.ok) return { kind: 'facts', ok: false, reason: res.reason, entityName };
    statements = res.statements;
  } catch (err) {
    return { kind: 'facts', ok: false, reason: `standardization failed: ${message(err)}`, entityName };
  }
  if (!task.derive) return { kind: 'facts', ok: true, statements, rows: null, entityName };
  try {
    const records = deriveCompanyRecords(statements, task.derive.market);
    const rows = renderCompanyRows(task.cik, task.derive.ticker, statements.currency, records);
    return { kind: 'facts', ok: true, statements: { ...statements, records: [] }, rows, entityName };
  } catch (err) {
    return { kind: 'facts', ok: false, reason: `records could not be derived (${message(err)})`, entityName };
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (msg: { id: number; task: StandardizeTask }) => {
    const result = runTask(msg.task);
    try {
      port.postMessage({ type: 'result', id: msg.id, result } satisfies WorkerMessage<StandardizeTaskResult>);
    } catch (err) {
      const reason = `result could not be returned (${message(err)})`;
      port.postMessage({ type: 'result', id: msg.id, result: { kind: msg.task.kind, ok: false, reason, entityName: null } } satisfies WorkerMessage<StandardizeTaskResult>);
    }
  });
  port.postMessage({ type: 'ready' } satisfies WorkerMessage<StandardizeTaskResult>);
}
