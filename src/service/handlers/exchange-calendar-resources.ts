// The v3 exchange-calendar answers: the trading-hours resource of one venue and its holiday list
// for one year, from the dataset's calendar queries. Invariant: `{code}` is a catalog exchange code
// or a calendar MIC (case-insensitive); pre/post-market are null because no source gives them.
import crypto from 'node:crypto';
import type { ApiDeps } from '../endpoint-types.js';
import { ApiError } from '../errors.js';
import { calendarMicOf, exchangeCodeOfMic } from '../../reference/exchange-calendar-venues.js';
import { localDate, regimeOn, tradingRegimes, type TradingRegime } from '../../market/exchange-calendar-regimes.js';
import type { HolidayRow } from '../../dataset/queries/exchange-calendar-queries.js';

interface CalendarVenue {
  mic: string;
  /** Catalog exchange code; null for a venue with no catalog exchange (addressed by MIC). */
  exchange: string | null;
}

export interface SessionHours {
  open: string;
  close: string;
  lunch_break: { start: string; end: string } | null;
}

export interface TradingRegimeResource {
  valid_from: string | null;
  valid_to: string | null;
  regular_session: SessionHours;
  pre_market: null;
  post_market: null;
}

export interface TradingHoursResource {
  id: string;
  object: 'v3.reference.trading_hours';
  exchange: string | null;
  mic: string;
  timezone: string;
  date: string;
  regular_session: SessionHours | null;
  pre_market: null;
  post_market: null;
  valid_from: string | null;
  valid_to: string | null;
  regimes: TradingRegimeResource[];
}

export interface HolidayListEnvelope {
  exchange: string | null;
  mic: string;
  timezone: string | null;
  year: number;
  data: Array<{ date: string; name: string; kind: HolidayRow['kind']; close_time: string | null }>;
  next_page_url: null;
  previous_page_url: null;
}

/** "NYSE (XNYS)" or "XLON". */
function label(v: CalendarVenue): string {
  return v.exchange ? `${v.exchange} (${v.mic})` : v.mic;
}

/** Deterministic public id of a venue's trading hours: trh_ + 16 hex digits of SHA-256 over the MIC. */
function tradingHoursId(mic: string): string {
  return `trh_${crypto.createHash('sha256').update(`trh:${mic}`).digest('hex').slice(0, 16)}`;
}

/** The calendar venue `{code}` names; 404 resource_missing naming the venues that have calendars. */
async function calendarVenue(deps: ApiDeps, code: string): Promise<CalendarVenue> {
  const mic = calendarMicOf(code);
  const mics = await deps.dataset.exchangeCalendars.mics();
  if (mics.includes(mic)) return { mic, exchange: exchangeCodeOfMic(mic) };
  const covered = mics.map((m) => label({ mic: m, exchange: exchangeCodeOfMic(m) })).join(', ');
  const known = exchangeCodeOfMic(mic) !== null;
  const what = known ? `exchange ${label({ mic, exchange: exchangeCodeOfMic(mic) })} has no calendar in this dataset` : `unknown exchange '${code}'`;
  throw new ApiError('resource_missing', covered ? `${what}: calendars cover ${covered}` : `${what}: this dataset has no exchange calendars`, 'code');
}

function sessionOf(r: TradingRegime): SessionHours {
  return { open: r.open, close: r.close, lunch_break: r.breakStart && r.breakEnd ? { start: r.breakStart, end: r.breakEnd } : null };
}

/** The venue's trading hours: the regime in force on `date` (default: today in the venue's zone) and every regime. */
export async function tradingHoursResource(deps: ApiDeps, code: string, date: string | undefined, now: number): Promise<TradingHoursResource> {
  const v = await calendarVenue(deps, code);
  const regimes = tradingRegimes(await deps.dataset.exchangeCalendars.tradingHours(v.mic));
  const latest = regimes[regimes.length - 1];
  if (!latest) throw new ApiError('resource_missing', `no trading hours for ${label(v)} in this dataset`, 'code');
  const day = date ?? localDate(latest.timezone, now);
  const current = regimeOn(regimes, day);
  return {
    id: tradingHoursId(v.mic),
    object: 'v3.reference.trading_hours',
    exchange: v.exchange,
    mic: v.mic,
    timezone: (current ?? latest).timezone,
    date: day,
    regular_session: current ? sessionOf(current) : null,
    pre_market: null,
    post_market: null,
    valid_from: current?.validFrom ?? null,
    valid_to: current?.validTo ?? null,
    regimes: regimes.map((r) => ({ valid_from: r.validFrom, valid_to: r.validTo, regular_session: sessionOf(r), pre_market: null, post_market: null })),
  };
}

/** The venue's closures and early closes of `year` (default: the current year in the venue's zone). */
export async function holidayList(deps: ApiDeps, code: string, year: number | undefined, now: number): Promise<HolidayListEnvelope> {
  const v = await calendarVenue(deps, code);
  const q = deps.dataset.exchangeCalendars;
  const years = await q.holidayYears(v.mic);
  if (!years) throw new ApiError('resource_missing', `no holidays for ${label(v)} in this dataset`, 'code');
  const timezone = tradingRegimes(await q.tradingHours(v.mic)).at(-1)?.timezone ?? null;
  const y = year ?? Number(localDate(timezone ?? 'UTC', now).slice(0, 4));
  if (y < years.first || y > years.last) {
    throw new ApiError('resource_missing', `holidays of ${label(v)} cover ${years.first}-${years.last}; ${y} is outside the data`, 'year');
  }
  const rows = await q.holidays(v.mic, y);
  return {
    exchange: v.exchange,
    mic: v.mic,
    timezone,
    year: y,
    data: rows.map((r) => ({ date: r.date, name: r.name, kind: r.kind, close_time: r.close_time })),
    next_page_url: null,
    previous_page_url: null,
  };
}
