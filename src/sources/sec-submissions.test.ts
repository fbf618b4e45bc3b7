import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSubmission, readSubmissionJson } from './sec-submissions.js';

const DOC = {
  cik: '0000001800',
  name: 'ABBOTT "LABS" \u00e9',
  tickers: ['ABT'],
  exchanges: ['NYSE'],
  fiscalYearEnd: '1231',
  addresses: { business: { street1: '100 Abbott Park Road', street2: null, city: 'Abbott Park', stateOrCountry: 'IL', isForeignLocation: 0 } },
  formerNames: [{ name: 'OLD NAME', from: '1990-01-01T00:00:00.000Z', to: '2000-01-01T00:00:00.000Z' }],
  filings: {
    recent: {
      accessionNumber: ['0001415889-25-023588', '0001104659-25-075773'],
      size: [1234, 5.5e3],
      isXBRL: [0, 1],
      items: ['2.02,9.01', 'a \\"quoted\\" \u00fc item [x] {y}'],
      flags: [true, false, null],
    },
    files: [{ name: 'CIK0000001800-submissions-001.json', filingCount: 2005 }],
  },
  phone: '2246676100',
};

test('the profile is read without the filing history, as JSON.parse reads it', () => {
  for (const text of [JSON.stringify(DOC), JSON.stringify(DOC, null, 2)]) {
    const read = readSubmissionJson(Buffer.from(text));
    const { filings: _filings, ...profile } = JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual(read, profile);
    assert.deepEqual(parseSubmission(read, '0000000001'), parseSubmission(JSON.parse(text), '0000000001'));
  }
});

test('invalid JSON, also inside the filing history, and unusual shapes are left to JSON.parse', () => {
  const text = JSON.stringify(DOC);
  const declined = [
    text.replace('[1234,', '[01234,'),
    text.replace('"2.02,9.01"', '"2.02\\q"'),
    text.replace('"files":[', '"files":[,'),
    text.replace('"phone"', '"name"'), // repeated key
    text + ']',
    '[1, 2]',
    '"text"',
  ];
  for (const bad of declined) assert.equal(readSubmissionJson(Buffer.from(bad)), null, bad);
  const bytes = Buffer.from(text);
  for (let n = 0; n < bytes.length; n++) assert.equal(readSubmissionJson(bytes.subarray(0, n)), null, `cut at ${n}`);
});
