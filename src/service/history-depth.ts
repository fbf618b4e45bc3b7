// History depth of a plan, measured back from the injected clock's today (UTC): a period is
// inside the depth when it ends on or after the cutoff date. Explicit starts older than the
// cutoff (fiscal_year_start before the cutoff's year, date_start before the cutoff) are refused
// with 403, and so are ranges that end before it (fiscal_year_end, date_end); requests without
// an explicit start simply get the periods inside the depth.
import type { Clock } from '../model/clock.js';
import type { Plan } from '../store/plans.js';
import { ApiError } from './errors.js';
import type { Metering, ParamValues } from './endpoint-types.js';

/** YYYY-MM-DD of (today - plan.historyYears years), or null for all history. Feb 29 maps to Feb 28. */
export function historyCutoff(plan: Plan, nowMs: number): string | null {
  if (plan.historyYears === null) return null;
  const now = new Date(nowMs);
  const y = now.getUTCFullYear() - plan.historyYears;
  const m = now.getUTCMonth();
  const dim = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = Math.min(now.getUTCDate(), dim);
  return `${String(y).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The cutoff a request gets: null when the endpoint has no history or the plan sees all of it. */
export function requestCutoff(rule: Metering['historyDepth'], plan: Plan, clock: Clock): string | null {
  return rule !== null && plan.historyYears !== null ? historyCutoff(plan, clock.now()) : null;
}

/** The start a query uses: the requested start raised to the cutoff (an explicit older start was
 *  refused before, so this only clips implicit ones); the requested start when there is no cutoff. */
export function startWithinHistory(requested: string | undefined, cutoff: string | null): string | undefined {
  return cutoff !== null && (requested === undefined || requested < cutoff) ? cutoff : requested;
}

/** Throws 403 history_beyond_plan when an explicit start reaches past the cutoff. */
export function checkExplicitHistory(plan: Plan, cutoff: string | null, rule: Metering['historyDepth'], params: ParamValues): void {
  if (cutoff === null || rule === null) return;
  const years = `${plan.historyYears} year${plan.historyYears === 1 ? '' : 's'}`;
  const upgrade = 'Upgrade to a plan with deeper history (Individual: 5 years; Professional and Enterprise: all history) or request a later start.';
  if (rule.fiscalYearStartParam) {
    const fys = params[rule.fiscalYearStartParam];
    const cutoffYear = Number(cutoff.slice(0, 4));
    if (typeof fys === 'number' && fys < cutoffYear) {
      throw new ApiError('history_beyond_plan',
        `The ${plan.label} plan includes ${years} of history (periods ending on or after ${cutoff}); ${rule.fiscalYearStartParam}=${fys} is older. ${upgrade}`,
        rule.fiscalYearStartParam);
    }
  }
  if (rule.dateStartParam) {
    const ds = params[rule.dateStartParam];
    if (typeof ds === 'string' && ds < cutoff) {
      throw new ApiError('history_beyond_plan',
        `The ${plan.label} plan includes ${years} of history (periods ending on or after ${cutoff}); ${rule.dateStartParam}=${ds} is older. ${upgrade}`,
        rule.dateStartParam);
    }
  }
  // A range that ends before the cutoff asks only for history beyond the plan (not an empty 200).
  if (rule.fiscalYearEndParam) {
    const fye = params[rule.fiscalYearEndParam];
    if (typeof fye === 'number' && fye < Number(cutoff.slice(0, 4))) {
      throw new ApiError('history_beyond_plan',
        `The ${plan.label} plan includes ${years} of history (periods ending on or after ${cutoff}); ${rule.fiscalYearEndParam}=${fye} ends before it. ${upgrade}`,
        rule.fiscalYearEndParam);
    }
  }
  if (rule.dateEndParam) {
    const de = params[rule.dateEndParam];
    if (typeof de === 'string' && de < cutoff) {
      throw new ApiError('history_beyond_plan',
        `The ${plan.label} plan includes ${years} of history (periods ending on or after ${cutoff}); ${rule.dateEndParam}=${de} ends before it. ${upgrade}`,
        rule.dateEndParam);
    }
  }
}

/** The history step of a request: its cutoff, after refusing an explicit start beyond it (403). */
export function historyCutoffOf(rule: Metering['historyDepth'], plan: Plan, clock: Clock, params: ParamValues): string | null {
  const cutoff = requestCutoff(rule, plan, clock);
  checkExplicitHistory(plan, cutoff, rule, params);
  return cutoff;
}
