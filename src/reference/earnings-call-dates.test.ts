import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CurrentReport, FilingHistory } from '../sources/earnings-call-filings.js';
import { callDate, matchRelease } from './earnings-call-dates.js';

const k8 = (filingDate: string, items: string, reportDate: string | null = filingDate): CurrentReport => ({ form: '8-K', filingDate, reportDate, items: items.split(',') });
const periodic = (form: '10-Q' | '10-K', filingDate: string, reportDate: string): CurrentReport => ({ form, filingDate, reportDate, items: [] });
const history = (reports: CurrentReport[], earliestFiling = '2015-01-01'): FilingHistory => ({ reports, earliestFiling });

test('the Item 2.02 8-K filed 10-75 days after the quarter end dates the call', () => {
  const h = history([
    k8('2021-10-14', '2.02,9.01'), // the release (UnitedHealth reports about two weeks after the quarter)
    k8('2021-10-05', '5.02'),      // an 8-K without results
    k8('2021-07-15', '2.02,9.01'), // the previous quarter's
  ]);
  const m = matchRelease(h, '2021-09-30');
  assert.deepEqual(m, { kind: 'found', filingDate: '2021-10-14', reportDate: '2021-10-14', releaseDate: '2021-10-14' });
  assert.equal(callDate(m, 'same-day'), '2021-10-14');
  assert.equal(callDate(m, 'day-before'), '2021-10-15');
});

test('a preliminary announcement before the release is passed over: the last release up to the 10-Q/10-K', () => {
  // Global Payments, Q4 2019: preliminary results 2020-01-15, the release 2020-02-12, the 10-K 2020-02-21.
  const h = history([k8('2020-01-15', '2.02,9.01'), k8('2020-02-12', '2.02,9.01'), periodic('10-K', '2020-02-21', '2019-12-31')]);
  assert.equal((matchRelease(h, '2019-12-31') as { filingDate: string }).filingDate, '2020-02-12');
  // Without the periodic report in the history, the first in the window.
  const noPeriodic = history([k8('2020-01-15', '2.02,9.01'), k8('2020-02-12', '2.02,9.01')]);
  assert.equal((matchRelease(noPeriodic, '2019-12-31') as { filingDate: string }).filingDate, '2020-01-15');
  // A release and a second Item 2.02 filing two days later (slides) are one release: the first of them.
  const pair = history([k8('2021-07-21', '2.02,9.01'), k8('2021-07-23', '2.02,9.01'), periodic('10-Q', '2021-07-26', '2021-06-30')]);
  assert.equal((matchRelease(pair, '2021-06-30') as { filingDate: string }).filingDate, '2021-07-21');
});

test('outside the window, an amendment or no Item 2.02: no match; a history that starts later: beyond it', () => {
  const end = '2021-06-30';
  assert.deepEqual(matchRelease(history([k8('2021-07-05', '2.02')]), end), { kind: 'none' });           // 5 days: too early
  assert.deepEqual(matchRelease(history([k8('2021-09-20', '2.02')]), end), { kind: 'none' });           // 82 days: too late
  assert.deepEqual(matchRelease(history([{ ...k8('2021-07-29', '2.02'), form: '8-K/A' }]), end), { kind: 'none' });
  // Mohawk, Q2 2021: its release 8-K of 2021-07-29 lists only Item 9.01.
  assert.deepEqual(matchRelease(history([k8('2021-07-29', '9.01')]), '2021-07-03'), { kind: 'none' });
  assert.deepEqual(matchRelease(history([], '2023-02-06'), '2021-09-30'), { kind: 'beyond-history' });
  assert.deepEqual(matchRelease({ reports: [], earliestFiling: null }, end), { kind: 'beyond-history' });
  assert.equal(callDate({ kind: 'none' }, 'same-day'), null);
});

test('the reportDate is the release date unless it is implausible; then the filing date', () => {
  const end = '2021-03-31';
  assert.equal((matchRelease(history([k8('2021-04-28', '2.02', '2021-04-27')]), end) as { releaseDate: string }).releaseDate, '2021-04-27');
  assert.equal((matchRelease(history([k8('2021-04-28', '2.02', '2021-04-01')]), end) as { releaseDate: string }).releaseDate, '2021-04-28');
  assert.equal((matchRelease(history([k8('2021-04-28', '2.02', null)]), end) as { releaseDate: string }).releaseDate, '2021-04-28');
});
