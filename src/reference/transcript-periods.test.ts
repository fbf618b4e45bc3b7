import { test } from 'node:test';
import assert from 'node:assert/strict';
import { introducingSentences, quarterMentions, readCallPeriod, releaseTiming } from './transcript-periods.js';

const opening = (...lines: string[]) => `Prepared Remarks:\n\n${lines.join('\n')}`;

test('the quarter and year named in the ways calls introduce themselves', () => {
  const cases: Array<[string, number, number]> = [
    ["Operator: Welcome to the Aaron's Company First Quarter 2021 Earnings Conference Call.", 2021, 1],
    ['Operator: Welcome to the Johnson Controls Fourth Quarter 2021 Earnings Call.', 2021, 4],
    ['Welcome to the American Vanguard 2019 fourth quarter and full-year conference call.', 2019, 4],
    ["Welcome to the Parker Hannifin Corporation's Fiscal 2022 First Quarter Earnings Release Conference Call and Webcast.", 2022, 1],
    ['Welcome to the Carpenter Technologies Corporation First Quarter Fiscal 2022 Conference Call.', 2022, 1],
    ['Welcome to the Q4 2019 Acadia Realty Trust Earnings conference call.', 2019, 4],
    ['Welcome to the Arrow Electronics Fourth Quarter and Year-End 2019 Earnings Conference Call.', 2019, 4],
    ["Welcome to Lazard's Earnings Call for the full year and fourth quarter of 2019.", 2019, 4],
    ['Welcome to the SunCoke Energy Inc Q1 FY22 Earnings Call.', 2022, 1],
    ["Welcome to Agilent's third quarter conference call for fiscal year 2021.", 2021, 3],
    ["Good morning and thank you for joining us for Rockwell Automation's second-quarter fiscal 2021 earnings release conference call.", 2021, 2],
    ['Operator: Welcome to the Darden Fiscal Year 2022 Second Quarter Earnings Call.', 2022, 2],
  ];
  for (const [text, year, quarter] of cases) {
    const p = readCallPeriod(opening(text));
    assert.deepEqual(p.topic, { year, quarter }, text);
    assert.equal(p.conflicting, 0, text);
  }
});

test('comparisons, outlooks and filing references do not name the call', () => {
  for (const s of [
    'Revenue was up 12% compared to the fourth quarter of 2018, and the call will cover that.',
    'We plan to release fiscal 2021 second quarter earnings on December 18 before the market opens followed by a conference call.',
    'Please see the Form 10-Q filed for third quarter 2019 and our earnings results.',
    'Our outlook for the first quarter of 2020 is discussed later on this call.',
  ]) assert.deepEqual(introducingSentences(s), [], s);
  // A sentence that is no introduction at all (no call, results or conference) is not read either.
  assert.equal(readCallPeriod(opening('Same-store fourth quarter 2019 revenue totaled $5.5 billion.')).topic, null);
});

test('a period the speaker corrected mid-sentence counts for nothing', () => {
  assert.deepEqual(quarterMentions('Welcome to the Watsco First Quarter 2020 -- 2021 Earnings Call.'), []);
  assert.equal(readCallPeriod(opening('Operator: Good morning, and welcome to the Watsco First Quarter 2020 -- 2021 Earnings Call.')).topic, null);
});

test('agreeing and conflicting introductions are counted; the first one is the topic', () => {
  const p = readCallPeriod(opening(
    'Operator: Good morning, ladies and gentlemen, and welcome to the Zimmer Biomet Second Quarter 2021 Earnings Conference Call.',
    "Keri Mattox: Welcome to Zimmer Biomet's First Quarter 2021 Earnings Conference Call.",
    'Thank you for joining our second quarter 2021 call.',
  ));
  assert.deepEqual(p.topic, { year: 2021, quarter: 2 });
  assert.equal(p.agreeing, 2);
  assert.equal(p.conflicting, 1);
});

test('a quarter without a year, a full year, and a stated quarter end', () => {
  const q = readCallPeriod(opening('Operator: Welcome to the Brown & Brown Fourth Quarter Earnings Call.'));
  assert.equal(q.topic, null);
  assert.equal(q.quarterOnly, 4);
  const y = readCallPeriod(opening('Operator: Good day and welcome to the ALLETE Full Year 2019 Financial Results Call.'));
  assert.equal(y.topic, null);
  assert.equal(y.fullYear, 2019);
  const e = readCallPeriod(opening("Welcome to Avery Dennison's earnings conference call for the second quarter ended on July 3, 2021."));
  assert.equal(e.quarterEnd, '2021-07-03');
  assert.deepEqual(e.topic, null);
});

test('the opening is all that is read', () => {
  const late = `${'Operator: Thank you for holding. '.repeat(200)}Welcome to the First Quarter 2021 Earnings Call.`;
  assert.equal(readCallPeriod(late).topic, null);
});

test('a release that came out the day before the call', () => {
  assert.equal(releaseTiming(opening('We issued our earnings release and presentation after the markets closed yesterday, and those materials are on our website.')), 'day-before');
  assert.equal(releaseTiming(opening('Last night, we issued an earnings release and presentation that cover our results for the quarter.')), 'day-before');
  assert.equal(releaseTiming(opening('Many of you have already seen a copy of our earnings release issued this morning.')), 'same-day');
  assert.equal(releaseTiming(opening('Yesterday was a long day for all of us.')), 'same-day');
});
