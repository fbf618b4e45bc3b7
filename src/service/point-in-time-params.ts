// The point-in-time query parameters of the time-series endpoints: `as_of` (a day, or `first`)
// and `first_filed`, their validation and the PointInTime they ask for (null: the stored records).
import { ApiError } from './errors.js';
import { isValidDate } from './params.js';
import { param, type ParamsOf } from './endpoint-types.js';
import type { PointInTime } from '../model/point-in-time.js';

export const POINT_IN_TIME_PARAMS = [
  param({
    name: 'as_of', in: 'query', type: 'string', maxLength: 40,
    description: 'Point in time (YYYY-MM-DD): the records as the filings stood on that day (facts filed on or before it, prices and splits up to it). '
      + '`first` is the same as first_filed=true. Omitted: the latest filed values.',
    brief: 'YYYY-MM-DD: the records as filed by that day (`first`: as first reported).',
  }),
  param({
    name: 'first_filed', in: 'query', type: 'boolean', default: false,
    description: 'true: every period as first reported (each value from the first filing that reported it; with as_of, among the filings up to that day).',
    brief: 'true: each value as first reported.',
  }),
] as const;

/** The validated point-in-time params. */
export type PointInTimeParams = ParamsOf<typeof POINT_IN_TIME_PARAMS>;

export function validateAsOf(p: Pick<PointInTimeParams, 'as_of'>): ApiError | null {
  const raw = p.as_of;
  if (raw === undefined || raw.toLowerCase() === 'first' || isValidDate(raw)) return null;
  const shown = raw.replace(/[\u0000-\u001f\u007f]/g, '?');
  return new ApiError('parameter_invalid', `as_of must be a date in the form YYYY-MM-DD or first (got '${shown}')`, 'as_of');
}

/** What the params ask for, or null for the stored (latest filed) records. */
export function pointInTimeOf(p: PointInTimeParams): PointInTime | null {
  const raw = p.as_of;
  const first = raw !== undefined && raw.toLowerCase() === 'first';
  const asOf = raw !== undefined && !first ? raw : null;
  const firstFiled = first || p.first_filed === true;
  return asOf === null && !firstFiled ? null : { asOf, firstFiled };
}
