// The scorecard's committed baseline (test/accuracy-baseline.json) and the comparison the test
// suite holds a dataset to: a cell (identity, or identity@company type) whose rate falls by more
// than the allowed drop fails. Allowed: 0.5 points, or one record's share of the cell where the
// cell is so small that one record moves it more (a utility's quarter sums: a few dozen years).
import { COMPANY_TYPES } from '../reference/company-type.js';
import { IDENTITY_NAMES } from './identities.js';
import type { ScoreCell, Scorecard } from './scorecard.js';

export const ALLOWED_DROP_POINTS = 0.5;

export interface BaselineCell { rate: number; checked: number }
export interface Baseline { note: string; rates: Record<string, BaselineCell> }
export interface RateDrop { key: string; baseline: number; now: number | null; allowed: number }

/** The scorecard's cells by key: `identity` (all companies) and `identity@type`. */
export function scorecardCells(card: Scorecard): Record<string, ScoreCell> {
  const out: Record<string, ScoreCell> = {};
  for (const name of IDENTITY_NAMES) {
    out[name] = card.identities[name].all;
    for (const t of COMPANY_TYPES) out[`${name}@${t}`] = card.identities[name].byType[t];
  }
  return out;
}

/** The baseline of a scorecard: every cell that judged at least one record. */
export function baselineOf(card: Scorecard): Baseline {
  const rates: Record<string, BaselineCell> = {};
  for (const [key, cell] of Object.entries(scorecardCells(card))) if (cell.rate !== null) rates[key] = { rate: cell.rate, checked: cell.checked };
  return {
    note: 'Accuracy scorecard (share in % of judged records that keep each accounting identity within 0.5 %) of the corpus test dataset; '
      + 'regenerate with `npm run audit:baseline` in the change that moves it (CONTRIBUTING.md).',
    rates,
  };
}

export function baselineJson(card: Scorecard): string {
  return `${JSON.stringify(baselineOf(card), null, 1)}\n`;
}

/** Cells whose rate fell by more than the allowed drop against the baseline, or that judge nothing any more. */
export function rateDrops(baseline: Baseline, card: Scorecard): RateDrop[] {
  const now = scorecardCells(card);
  const drops: RateDrop[] = [];
  for (const [key, was] of Object.entries(baseline.rates)) {
    const allowed = Math.max(ALLOWED_DROP_POINTS, was.checked > 0 ? 100 / was.checked : 0);
    const rate = now[key]?.rate ?? null;
    if (rate === null || was.rate - rate > allowed + 1e-9) drops.push({ key, baseline: was.rate, now: rate, allowed });
  }
  return drops;
}
