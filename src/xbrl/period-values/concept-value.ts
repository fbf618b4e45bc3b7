// The value of one bound concept for a period: the reported fact (a balance from its balance
// sheet's filing), or for a quarter without one, a value derived from year-to-date facts.
import type { FieldKind } from '../concept-map/mapping-types.js';
import { balanceSheetVersion } from './balance-sheet-version.js';
import { duration } from './period-fact.js';
import type { PreparedRef } from './prepared-mapping.js';
import { derivedQuarter, derivedSharesQuarter, isAnnualValueInQuarterContext } from './quarter-derivation.js';
import { reported, type PeriodContext, type Resolved } from './resolved-value.js';
import type { ResolverState } from './resolver-state.js';

/** Value of one concept for the period, with tenk's sign applied. */
export function conceptValue(s: ResolverState, ref: PreparedRef, kind: FieldKind, ctx: PeriodContext, strict = false): Resolved | null {
  const uf = ref.uf;
  if (kind === 'instant') {
    const f = uf.instants.get(ctx.endDay);
    const v = f ? balanceSheetVersion(s, uf, f, ctx.endDay, strict) : null;
    return v ? reported(ref, v) : null;
  }
  const direct = duration(uf, ctx.startDay, ctx.endDay);
  if (direct && !(ctx.quarter > 1 && (kind === 'flow' || kind === 'per_share_flow') && isAnnualValueInQuarterContext(ref, uf, direct, ctx))) {
    return reported(ref, direct);
  }
  if (ctx.quarter < 2) return null;
  if (kind === 'flow' || kind === 'per_share_flow') return derivedQuarter(ref, uf, ctx);
  if (kind === 'shares') return derivedSharesQuarter(s, ref, uf, ctx);
  return null;
}
