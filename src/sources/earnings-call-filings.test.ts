import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currentReportsOf } from './earnings-call-filings.js';
import { parseTranscriptLine } from './transcript-corpus.js';

test('8-K, 10-Q and 10-K rows of filings.recent, typed; other forms only move the earliest date', () => {
  const h = currentReportsOf({
    cik: '731766',
    filings: {
      recent: {
        form: ['8-K', '4', '10-Q', '8-K/A', 'S-8'],
        filingDate: ['2021-10-14', '2021-10-01', '2021-11-03', '2021-10-20', '2019-02-01'],
        reportDate: ['2021-10-14', '2021-09-29', '2021-09-30', '', ''],
        items: ['2.02,9.01', '', '', '5.02', ''],
      },
    },
  });
  assert.equal(h.earliestFiling, '2019-02-01');
  assert.deepEqual(h.reports, [
    { form: '8-K', filingDate: '2021-10-14', reportDate: '2021-10-14', items: ['2.02', '9.01'] },
    { form: '10-Q', filingDate: '2021-11-03', reportDate: '2021-09-30', items: [] },
    { form: '8-K/A', filingDate: '2021-10-20', reportDate: null, items: ['5.02'] },
  ]);
  assert.deepEqual(currentReportsOf({ name: 'no filings' }), { reports: [], earliestFiling: null });
});

test('a transcript line: a call object, or the reason it is not one', () => {
  const ok = parseTranscriptLine(JSON.stringify({ symbol: ' AAN ', fiscal_year: 2021, fiscal_quarter: 1, date: null, content: 'Prepared Remarks: ...' }), 3);
  assert.deepEqual(ok, { line: 3, symbol: 'AAN', fiscalYear: 2021, fiscalQuarter: 1, date: null, content: 'Prepared Remarks: ...' });
  assert.deepEqual(parseTranscriptLine('{"symbol": "AAN"', 1), { reason: 'invalid JSON' });
  assert.deepEqual(parseTranscriptLine('[1]', 1), { reason: 'not a JSON object' });
  assert.deepEqual(parseTranscriptLine(JSON.stringify({ symbol: 'X', fiscal_year: '2021', fiscal_quarter: 1, content: 'x' }), 1), { reason: 'no integer fiscal_year' });
  assert.deepEqual(parseTranscriptLine(JSON.stringify({ symbol: 'X', fiscal_year: 2021, fiscal_quarter: 1, content: ' ' }), 1), { reason: 'no content' });
});
