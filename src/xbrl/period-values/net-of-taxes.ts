// Revenue net of the excise and sales taxes a filer collects for governments, on one basis per
// company over time. Invariant: a candidate concept is taken net of the taxes in every period or in
// none, decided once per company from the years whose own figures show that it includes them; a
// period whose taxes cannot be read leaves the candidate out (never a gross figure beside net ones).
import { within, YEAR_DAYS } from '../../model/dates.js';
import { conceptValue } from './concept-value.js';
import { duration } from './period-fact.js';
import type { PreparedMapping, PreparedRef } from './prepared-mapping.js';
import type { PeriodContext, Resolved } from './resolved-value.js';
import type { ResolverState } from './resolver-state.js';
import { closes, reportedSums, statementSums } from './statement-lines.js';

/**
 * Whether the company's values of a candidate concept include the taxes: over its fiscal years
 * (annual durations) reporting the concept and a tax amount, a year shows inclusion when the value
 * less the taxes equals another candidate's value or a statement-line sum (gross profit + cost of
 * revenue) and the value itself equals no such sum; it shows exclusion the other way round. The
 * concept includes the taxes when at least two years show it and at least twice as many as show
 * exclusion (Philip Morris' `SalesRevenueNet`, 2007–2017: 80,106M for 2014 less 50,339M of excise
 * taxes is its gross profit + cost of sales, 29,767M; Altria's `RevenueFromContractWithCustomer
 * ExcludingAssessedTax`, which despite its name carries its revenues including excise taxes).
 * Immaterial amounts (under 0.5 % of the value) prove nothing either way.
 */
export function includesTaxes(s: ResolverState, m: PreparedMapping, ref: PreparedRef): boolean {
  if (m.netOfTaxes.length === 0) return false;
  const key = `${m.field} ${ref.concept}`;
  const known = s.taxDecisions.get(key);
  if (known !== undefined) return known;
  let gross = 0;
  let net = 0;
  for (const [endDay, facts] of ref.uf.durationsByEnd) {
    for (const f of facts) {
      if (f.startDay == null || !within(endDay - f.startDay, YEAR_DAYS)) continue;
      const v = ref.sign * f.val;
      let t: number | null = null;
      for (const tax of m.netOfTaxes) {
        const tf = duration(tax.uf, f.startDay, endDay);
        if (tf) { t = tf.val; break; }
      }
      if (t === null || !(t > 0.005 * Math.abs(v))) continue;
      const sums = reportedSums(m.statementLines, f.startDay, endDay);
      const others: number[] = [...sums];
      for (const other of m.concepts) {
        if (other === ref) continue;
        const of = duration(other.uf, f.startDay, endDay);
        if (of) others.push(other.sign * of.val);
      }
      const lessTaxes = closes(v - t, others);
      const asIs = closes(v, sums);
      if (lessTaxes && !asIs) gross++;
      else if (asIs && !lessTaxes) net++;
    }
  }
  const decision = gross >= 2 && gross >= 2 * net;
  s.taxDecisions.set(key, decision);
  return decision;
}

/**
 * A candidate's value net of the taxes, for a concept that includes them: the value less the
 * period's taxes where the filer reports them; else, where it reports gross profit and cost of
 * revenue for the period and they add up to less than the value, that sum (Altria tags no excise
 * taxes on a standard concept after 2019: 2021 revenues 26,013M, cost of sales 7,119M, gross profit
 * 13,992M, so revenues net of excise taxes are 21,111M); else null (the candidate is left out).
 */
export function netOfTaxes(s: ResolverState, m: PreparedMapping, ref: PreparedRef, r: Resolved, ctx: PeriodContext): Resolved | null {
  const what = r.derivation ?? ref.concept;
  for (const tax of m.netOfTaxes) {
    const t = conceptValue(s, tax, 'flow', ctx);
    if (t) return { ...r, val: r.val - t.val, derivation: `${what} - ${tax.concept} (net of taxes collected for governments)` };
  }
  for (const sum of statementSums(s, m, ctx)) {
    if (!sum.refs[0]!.concept.endsWith(':GrossProfit') || !(sum.val < r.val) || !(sum.val > 0)) continue;
    return { ...r, val: sum.val, derivation: `${what} net of taxes collected for governments = ${sum.refs.map((x) => x.concept).join(' + ')}` };
  }
  return null;
}
