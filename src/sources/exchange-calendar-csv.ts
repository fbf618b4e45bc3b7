// Readers of calendars/exchange_holidays.csv (mic,date,kind,name,close_time) and
// calendars/trading_hours.csv (mic,timezone,open,close,break_start,break_end,valid_from).
// Format only: a row whose fields are not in the documented form is returned as a reject, never guessed.
import fs from 'node:fs';
import path from 'node:path';
import { csvRows, nonBlank } from './csv-table.js';

export interface HolidayCsvRow {
  mic: string;
  /** YYYY-MM-DD, a weekday the exchange is closed or closes early. */
  date: string;
  kind: 'closed' | 'early_close';
  name: string;
  /** Local close time (HH:MM) of an early close; null for closures and where the source gives none. */
  closeTime: string | null;
}

export interface TradingHoursCsvRow {
  mic: string;
  /** IANA time zone of the local times. */
  timezone: string;
  /** Regular continuous session, local HH:MM. */
  open: string;
  close: string;
  /** Lunch break, local HH:MM; both null where the venue has none. */
  breakStart: string | null;
  breakEnd: string | null;
  /** First day of this regime (YYYY-MM-DD); null = as far back as the source goes. */
  validFrom: string | null;
}

export interface CsvRead<T> {
  rows: T[];
  /** Lines (clipped) that are not in the documented form. */
  rejected: string[];
}

const MIC_RE = /^[A-Z0-9]{4}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

function isDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** An IANA zone name the runtime knows (Intl accepts it). */
function isTimeZone(s: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: s });
    return true;
  } catch {
    return false;
  }
}

function clipped(r: Record<string, string>): string {
  return Object.values(r).join(',').slice(0, 80);
}

export function parseHolidaysCsv(text: string): CsvRead<HolidayCsvRow> {
  const rows: HolidayCsvRow[] = [];
  const rejected: string[] = [];
  for (const r of csvRows(text, { trim: true, bom: true })) {
    const mic = (r.mic ?? '').toUpperCase();
    const date = r.date ?? '';
    const kind = r.kind ?? '';
    const name = nonBlank(r.name);
    const closeTime = nonBlank(r.close_time);
    const kindOk = kind === 'closed' ? closeTime === null : kind === 'early_close';
    if (!MIC_RE.test(mic) || !isDate(date) || !kindOk || name === null || (closeTime !== null && !TIME_RE.test(closeTime))) {
      rejected.push(clipped(r));
      continue;
    }
    rows.push({ mic, date, kind: kind as HolidayCsvRow['kind'], name, closeTime });
  }
  return { rows, rejected };
}

export function parseTradingHoursCsv(text: string): CsvRead<TradingHoursCsvRow> {
  const rows: TradingHoursCsvRow[] = [];
  const rejected: string[] = [];
  for (const r of csvRows(text, { trim: true, bom: true })) {
    const mic = (r.mic ?? '').toUpperCase();
    const timezone = nonBlank(r.timezone);
    const open = r.open ?? '';
    const close = r.close ?? '';
    const breakStart = nonBlank(r.break_start);
    const breakEnd = nonBlank(r.break_end);
    const validFrom = nonBlank(r.valid_from);
    const breakOk = breakStart === null ? breakEnd === null : breakEnd !== null && TIME_RE.test(breakStart) && TIME_RE.test(breakEnd);
    if (!MIC_RE.test(mic) || timezone === null || !isTimeZone(timezone) || !TIME_RE.test(open) || !TIME_RE.test(close) || !breakOk || (validFrom !== null && !isDate(validFrom))) {
      rejected.push(clipped(r));
      continue;
    }
    rows.push({ mic, timezone, open, close, breakStart, breakEnd, validFrom });
  }
  return { rows, rejected };
}

/** The calendars/ directory of a source mirror. */
export function calendarsDir(sourceDir: string): string {
  return path.join(sourceDir, 'calendars');
}

/** calendars/exchange_holidays.csv, or null when the file is absent. */
export function readHolidaysCsv(sourceDir: string): CsvRead<HolidayCsvRow> | null {
  const file = path.join(calendarsDir(sourceDir), 'exchange_holidays.csv');
  return fs.existsSync(file) ? parseHolidaysCsv(fs.readFileSync(file, 'utf8')) : null;
}

/** calendars/trading_hours.csv, or null when the file is absent. */
export function readTradingHoursCsv(sourceDir: string): CsvRead<TradingHoursCsvRow> | null {
  const file = path.join(calendarsDir(sourceDir), 'trading_hours.csv');
  return fs.existsSync(file) ? parseTradingHoursCsv(fs.readFileSync(file, 'utf8')) : null;
}
