// Reader of the current (8-K) and periodic (10-Q, 10-K) reports in a SEC submissions JSON's
// `filings.recent` columns, typed, for dating earnings calls. Format only: every such filing with its
// dates and items as filed, plus how far back `recent` reaches (older pages, CIK…-submissions-001.json,
// are not read).
import { decodePayload, type RawPayload } from './sec-zip.js';

export const REPORT_FORMS = ['8-K', '8-K/A', '10-Q', '10-K'] as const;

export interface CurrentReport {
  form: (typeof REPORT_FORMS)[number];
  /** YYYY-MM-DD. */
  filingDate: string;
  /** YYYY-MM-DD: an 8-K's event date, a 10-Q's or 10-K's period end; null when the filing has none. */
  reportDate: string | null;
  /** Item numbers as filed, e.g. ["2.02", "9.01"]. */
  items: string[];
}

export interface FilingHistory {
  reports: CurrentReport[];
  /** The oldest filingDate of any form in `filings.recent`; null when it lists no filing. */
  earliestFiling: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function column(recent: Record<string, unknown>, name: string): unknown[] {
  const c = recent[name];
  return Array.isArray(c) ? c : [];
}

function date(v: unknown): string | null {
  return typeof v === 'string' && DATE.test(v.slice(0, 10)) ? v.slice(0, 10) : null;
}

/** The 8-K, 10-Q and 10-K filings of one parsed submissions JSON; an empty history when it has no `filings.recent`. */
export function currentReportsOf(json: unknown): FilingHistory {
  const filings = json && typeof json === 'object' ? (json as Record<string, unknown>).filings : undefined;
  const recent = filings && typeof filings === 'object' ? (filings as Record<string, unknown>).recent : undefined;
  if (!recent || typeof recent !== 'object') return { reports: [], earliestFiling: null };
  const r = recent as Record<string, unknown>;
  const forms = column(r, 'form');
  const filed = column(r, 'filingDate');
  const reported = column(r, 'reportDate');
  const items = column(r, 'items');
  const reports: CurrentReport[] = [];
  let earliest: string | null = null;
  for (let i = 0; i < forms.length; i += 1) {
    const filingDate = date(filed[i]);
    if (!filingDate) continue;
    if (earliest === null || filingDate < earliest) earliest = filingDate;
    const form = REPORT_FORMS.find((f) => f === forms[i]);
    if (form === undefined) continue;
    const it = items[i];
    reports.push({
      form,
      filingDate,
      reportDate: date(reported[i]),
      items: typeof it === 'string' ? it.split(',').map((s) => s.trim()).filter((s) => s.length > 0) : [],
    });
  }
  return { reports, earliestFiling: earliest };
}

/** The 8-K, 10-Q and 10-K filings of one submissions file's stored bytes (zip entry or plain file). Throws on invalid JSON. */
export function readCurrentReports(payload: RawPayload): FilingHistory {
  return currentReportsOf(JSON.parse(decodePayload(payload).toString('utf8')) as unknown);
}
