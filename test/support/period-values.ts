// Small builders for the unit tests of src/xbrl/period-values/: a resolver state over synthetic
// companyfacts, a calendar fiscal year, the period context of the year or one of its quarters, and
// a concept map bound to the state.
import { dayNumber } from '../../src/model/dates.js';
import { FactIndex } from '../../src/xbrl/fact-index.js';
import type { FiscalYear } from '../../src/xbrl/fiscal-calendar.js';
import type { FieldMapping } from '../../src/xbrl/concept-map/mapping-types.js';
import { prepareStatement } from '../../src/xbrl/period-values/bind-mappings.js';
import type { PreparedMapping, PreparedStatement } from '../../src/xbrl/period-values/prepared-mapping.js';
import type { PeriodContext } from '../../src/xbrl/period-values/resolved-value.js';
import { newResolverState, type ResolverState } from '../../src/xbrl/period-values/resolver-state.js';
import { companyFacts, type SyntheticFact } from './synthetic-facts.js';

/** A resolver state (currency USD) over us-gaap concepts given as companyFacts takes them (`Name` or `Name@unit`). */
export function resolverState(concepts: Record<string, SyntheticFact[]>): ResolverState {
  return newResolverState(new FactIndex(companyFacts(concepts).facts as Record<string, Record<string, unknown>>), 'USD');
}

/** The calendar year `year` as a fiscal year with its four quarter ends. */
export function calendarYear(year: number): FiscalYear {
  const d = (md: string): number => dayNumber(`${year}-${md}`);
  return { label: year, startDay: d('01-01'), endDay: d('12-31'), labelSource: 'annual-filing', quarterEnds: [d('03-31'), d('06-30'), d('09-30'), d('12-31')] };
}

/** The period context of the fiscal year (quarter 0) or of one of its quarters. */
export function periodOf(fy: FiscalYear, quarter: 0 | 1 | 2 | 3 | 4, annualConcepts: Record<string, string> | null = null): PeriodContext {
  if (quarter === 0) return { fy, quarter, startDay: fy.startDay, endDay: fy.endDay!, annualConcepts: null };
  const startDay = quarter === 1 ? fy.startDay : fy.quarterEnds[quarter - 2]! + 1;
  return { fy, quarter, startDay, endDay: fy.quarterEnds[quarter - 1]!, annualConcepts };
}

/** The statement of `mappings` bound to the state's facts. */
export function bound(state: ResolverState, mappings: readonly FieldMapping[]): PreparedStatement {
  return prepareStatement(state, mappings, undefined);
}

/** The bound mapping of a field. */
export function mappingOf(statement: PreparedStatement, field: string): PreparedMapping {
  const m = statement.mappings.find((x) => x.field === field);
  if (!m) throw new Error(`no mapping ${field}`);
  return m;
}
