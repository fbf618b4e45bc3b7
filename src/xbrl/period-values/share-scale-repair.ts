// Share counts and EPS filed in thousands, millions or millionths, found from net income / (shares x EPS)
// and repaired in a period's values.
import { MAX_PLAUSIBLE_SHARES } from '../share-scale-versions.js';
import type { FieldValues, PreparedStatement } from './prepared-mapping.js';
import type { ResolverState } from './resolver-state.js';

/** The (shares, EPS) field pairs repairShareScale checks, in order. */
export const SHARE_CHECKS = [['is_sh_for_diluted_eps', 'diluted_eps'], ['is_avg_num_sh_for_eps', 'eps']] as const;
/** Fewer shares than any listed company in the corpus has (Berkshire: ~1.6 million Class A equivalents). */
const MIN_PLAUSIBLE_SHARES = 100_000;

/**
 * Share counts tagged in thousands or millions (McDonald's tags 721.9 diluted shares for 2024,
 * Brown & Brown 277,414 for 2021): when net income / (shares × EPS) is 1,000 or 1,000,000
 * within 5 %, the count is scaled and the filing remembered, so the quarters derived from its
 * year-to-date counts are scaled too.
 */
export function repairShareScale(s: ResolverState, statement: PreparedStatement, values: FieldValues): void {
  const { vals, provs } = values;
  if (statement.shareChecks.length === 0) return;
  const income = (statement.earnForCommon >= 0 ? vals[statement.earnForCommon] : null) ?? (statement.netIncome >= 0 ? vals[statement.netIncome] : null);
  if (income == null || income === 0) return;
  for (const { shares: sharesSlot, eps: epsSlot } of statement.shareChecks) {
    const sharesField = statement.mappings[sharesSlot]!.field;
    const epsField = statement.mappings[epsSlot]!.field;
    const shares = vals[sharesSlot];
    const eps = vals[epsSlot];
    const prov = provs[sharesSlot];
    if (shares == null || eps == null || eps === 0 || !prov) continue;
    // A derived count (a Q4 from the year and nine months) is never rescaled itself, but it can
    // still show that the EPS was filed in millionths (Intercontinental Exchange's 10-K for 2013
    // tags its fourth-quarter EPS as -1,850,000).
    const sharesDerived = prov.derivation !== undefined;
    const ratio = income / (shares * eps);
    // EPS is rounded to cents: a small EPS carries a large relative error (Host Hotels' −0.02).
    const tolerance = Math.min(0.4, 0.05 + 0.006 / Math.abs(eps));
    const epsProv = provs[epsSlot];
    for (const factor of [1000, 1_000_000]) {
      // Shares tagged a thousand or a million times too many (Sherwin-Williams' 2009 10-K:
      // 127,222,007,000 weighted shares for 2007): net income / (shares × EPS) is 1 / factor
      // and the EPS is an ordinary one (below 1,000), or the count is more than any company
      // has, so the EPS is not the one mis-scaled (Berkshire's EPS is in the thousands).
      if (!sharesDerived && Math.abs(ratio * factor - 1) <= tolerance && shares / factor >= MIN_PLAUSIBLE_SHARES
        && (Math.abs(eps) < 1000 || shares > MAX_PLAUSIBLE_SHARES)) {
        values.set(sharesSlot, Math.round(shares / factor),
          { ...prov, derivation: `${sharesField} = ${prov.concept} / ${factor} (filed ${factor} times too many: net income / EPS = ${Math.round(income / eps)})` });
        if (prov.accn) s.shareScaleByAccn.set(prov.accn, 1 / factor);
        break;
      }
      // EPS tagged in millionths or thousandths of the currency (Halliburton's 10-Qs for
      // 2021 give diluted EPS 260000 for 0.26): net income / (shares × EPS) is 1 / factor.
      const scaledEps = eps / factor;
      const epsTolerance = Math.min(0.4, 0.05 + 0.006 / Math.abs(scaledEps));
      if (Math.abs(ratio * factor - 1) <= epsTolerance && Math.abs(eps) >= 1000 && shares <= MAX_PLAUSIBLE_SHARES && epsProv && !epsProv.derivation) {
        values.set(epsSlot, Math.round(scaledEps * 100) / 100,
          { ...epsProv, derivation: `${epsField} = ${epsProv.concept} / ${factor} (filed in ${factor === 1000 ? 'thousandths' : 'millionths'}: net income / shares = ${(income / shares).toFixed(2)})` });
        break;
      }
      if (!sharesDerived && Math.abs(ratio / factor - 1) <= tolerance) {
        values.set(sharesSlot, Math.round(shares * factor),
          { ...prov, derivation: `${sharesField} = ${prov.concept} x ${factor} (filed in ${factor === 1000 ? 'thousands' : 'millions'}: net income / EPS = ${Math.round(income / eps)})` });
        if (prov.accn) s.shareScaleByAccn.set(prov.accn, factor);
      }
    }
  }
}
