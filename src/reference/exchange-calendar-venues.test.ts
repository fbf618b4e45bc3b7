import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calendarMicOf, exchangeCodeOfMic } from './exchange-calendar-venues.js';

test('the US calendar MICs map to catalog codes and back, case-insensitively', () => {
  const pairs: Array<[string, string]> = [['XNYS', 'NYSE'], ['XNAS', 'NASDAQ'], ['XASE', 'AMEX'], ['ARCX', 'ARCA'], ['BATS', 'CBOE']];
  for (const [mic, code] of pairs) {
    assert.equal(exchangeCodeOfMic(mic), code);
    assert.equal(exchangeCodeOfMic(mic.toLowerCase()), code);
    assert.equal(calendarMicOf(code), mic);
    assert.equal(calendarMicOf(code.toLowerCase()), mic);
    assert.equal(calendarMicOf(mic.toLowerCase()), mic);
  }
});

test('venues without a catalog exchange are addressed by MIC alone', () => {
  for (const mic of ['XTSE', 'XLON', 'XETR', 'XPAR', 'XJPX', 'XHKG', 'XASX']) {
    assert.equal(exchangeCodeOfMic(mic), null);
    assert.equal(calendarMicOf(mic.toLowerCase()), mic);
  }
  assert.equal(calendarMicOf('nope'), 'NOPE');
});
