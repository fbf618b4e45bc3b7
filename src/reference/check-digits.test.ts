import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cusipCheckDigit, cusipFromIsin, isValidCusip, isValidIsin, isinFromCusip } from './check-digits.js';

test('cusip check digit of real issues (Apple 037833100, Microsoft 594918104, Berkshire B 084670702)', () => {
  assert.equal(cusipCheckDigit('03783310'), '0');
  assert.equal(cusipCheckDigit('59491810'), '4');
  assert.equal(cusipCheckDigit('08467070'), '2');
  assert.ok(isValidCusip('037833100'));
  assert.ok(!isValidCusip('037833101'));
  assert.ok(!isValidCusip('03783310'));
});

test('isin check digit (US0378331005 Apple, US5949181045 Microsoft, NL0010273215 ASML)', () => {
  assert.ok(isValidIsin('US0378331005'));
  assert.ok(isValidIsin('US5949181045'));
  assert.ok(isValidIsin('NL0010273215'));
  assert.ok(!isValidIsin('US0378331006'));
  assert.equal(isinFromCusip('037833100'), 'US0378331005');
  assert.equal(cusipFromIsin('US0378331005'), '037833100');
  assert.equal(cusipFromIsin('NL0010273215'), null);
});
