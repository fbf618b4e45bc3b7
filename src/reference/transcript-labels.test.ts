import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FiscalQuarterCalendar } from './earnings-call-calendar.js';
import { decideCallPeriod } from './transcript-labels.js';
import { readCallPeriod } from './transcript-periods.js';
import type { ReleaseMatch } from './earnings-call-dates.js';

const calendarYears = FiscalQuarterCalendar.calendarYears(2018, 2022);
const anyRelease = (): ReleaseMatch['kind'] => 'found';
const text = (s: string) => readCallPeriod(`Prepared Remarks:\n\nOperator: ${s}`);

test('a call labelled 2020 Q4 that introduces the fourth quarter of 2019 is served as 2019 Q4', () => {
  const d = decideCallPeriod({ year: 2020, quarter: 4 }, text('Welcome to the Aflac Fourth Quarter 2019 Earnings Conference Call.'), calendarYears, anyRelease);
  assert.equal(d.kind, 'corrected');
  assert.deepEqual(d.period, { year: 2019, quarter: 4 });
  assert.ok(d.kind === 'corrected' && /Q4 2019/.test(d.evidence));
});

test('a label the text agrees with is confirmed; no quarter and year in the text leaves it unchecked', () => {
  assert.equal(decideCallPeriod({ year: 2021, quarter: 1 }, text('Welcome to the Aaron\'s Company First Quarter 2021 Earnings Conference Call.'), calendarYears, anyRelease).kind, 'confirmed');
  const u = decideCallPeriod({ year: 2021, quarter: 3 }, text('Welcome to the Brown & Brown, Inc. Third Quarter Earnings Call.'), calendarYears, anyRelease);
  assert.deepEqual(u, { kind: 'unchecked', period: { year: 2021, quarter: 3 } });
});

test('fiscal-year companies: the named fiscal quarter is placed in the fiscal calendar', () => {
  // Parker Hannifin's year ends in June: fiscal 2022 Q1 ended 2021-09-30; the corpus said 2021 Q3.
  const ph = new FiscalQuarterCalendar([
    { fiscalYear: 2021, quarter: 4, end: '2021-06-30' }, { fiscalYear: 2022, quarter: 1, end: '2021-09-30' }, { fiscalYear: 2022, quarter: 2, end: '2021-12-31' },
    { fiscalYear: 2021, quarter: 3, end: '2021-03-31' },
  ]);
  const d = decideCallPeriod({ year: 2021, quarter: 3 }, text("Welcome to the Parker Hannifin Corporation's Fiscal 2022 First Quarter Earnings Release Conference Call."), ph, anyRelease);
  assert.deepEqual(d.period, { year: 2022, quarter: 1 });
  // A stated quarter end is placed by the calendar's period ends (Avery Dennison: 2021-07-03).
  const avy = new FiscalQuarterCalendar([{ fiscalYear: 2021, quarter: 2, end: '2021-07-03' }, { fiscalYear: 2021, quarter: 1, end: '2021-04-03' }]);
  const e = decideCallPeriod({ year: 2021, quarter: 1 }, text("Welcome to Avery Dennison's earnings conference call for the second quarter ended on July 3, 2021."), avy, anyRelease);
  assert.deepEqual(e.period, { year: 2021, quarter: 2 });
});

test('conservative: unclear, distant, unplaced or release-less named quarters leave the label', () => {
  const label = { year: 2020, quarter: 4 };
  // Dynex: the operator names Q3 2019, a later sentence another quarter, and Q3 2019 is five quarters away.
  const dx = decideCallPeriod(label, text('Welcome to the Dynex Capital Q3 2019 Earnings Conference Call.\nWe expressed that view in our third quarter 2018 conference call.'), calendarYears, anyRelease);
  assert.equal(dx.kind, 'kept');
  assert.deepEqual(dx.period, label);
  // A typo ten years off (Rollins "Third Quarter 2010").
  assert.equal(decideCallPeriod({ year: 2020, quarter: 3 }, text('Welcome to the Rollins, Inc. Third Quarter 2010 Earnings Conference Call.'), calendarYears, anyRelease).kind, 'kept');
  // The calendar cannot place the named quarter.
  const short = new FiscalQuarterCalendar([{ fiscalYear: 2024, quarter: 4, end: '2024-12-31' }]);
  assert.equal(decideCallPeriod(label, text('Welcome to the Fourth Quarter 2019 Earnings Call.'), short, anyRelease).kind, 'kept');
  // The filing history holds a release for the label's quarter but none for the named one.
  const onlyLabel = (p: { year: number }): ReleaseMatch['kind'] => (p.year === 2020 ? 'found' : 'none');
  assert.equal(decideCallPeriod(label, text('Welcome to the Fourth Quarter 2019 Earnings Call.'), calendarYears, onlyLabel).kind, 'kept');
  // A history that does not reach the named quarter does not stand in the way.
  const beyond = (p: { year: number }): ReleaseMatch['kind'] => (p.year === 2020 ? 'found' : 'beyond-history');
  assert.equal(decideCallPeriod(label, text('Welcome to the Fourth Quarter 2019 Earnings Call.'), calendarYears, beyond).kind, 'corrected');
});

test('a full year named without a quarter corrects only a fourth-quarter label', () => {
  const t = text('Good day and welcome to the ALLETE Full Year 2019 Financial Results Call.');
  assert.deepEqual(decideCallPeriod({ year: 2020, quarter: 4 }, t, calendarYears, anyRelease).period, { year: 2019, quarter: 4 });
  assert.equal(decideCallPeriod({ year: 2020, quarter: 2 }, t, calendarYears, anyRelease).kind, 'unchecked');
});

test('the calendar extrapolates a missing quarter from the same quarter of a held year only', () => {
  const c = new FiscalQuarterCalendar([{ fiscalYear: 2021, quarter: 4, end: '2022-01-29' }, { fiscalYear: 2021, quarter: 1, end: '2021-05-01' }]);
  assert.equal(c.endOf(2021, 4), '2022-01-29');
  assert.equal(c.endOf(2019, 4), '2020-01-29');
  assert.equal(c.endOf(2021, 2), null);
  assert.equal(c.endOf(2030, 4), null);
  assert.deepEqual(c.quarterEndingNear('2022-02-01', 10), { fiscalYear: 2021, quarter: 4 });
  assert.equal(c.quarterEndingNear('2021-08-01', 10), null);
});
