import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildCusipLinks } from './cusip-links.js';
import { cusipCheckDigit, isValidCusip } from './check-digits.js';

const row = (cik: string, cusip8: string) => ({ cik: cik.padStart(10, '0'), cusip6: cusip8.slice(0, 6), cusip8 });

test('cusips get their computed check digit; malformed rows are counted, not kept', () => {
  const { links, malformed } = buildCusipLinks([row('320193', '03783310'), row('320193', '037833'), row('1', '2018sc')]);
  assert.deepEqual(links.map((l) => l.cusip), ['037833100']);
  assert.ok(links.every((l) => isValidCusip(l.cusip)));
  assert.equal(malformed, 2);
});

test('ambiguous-cusip-ranks-the-issuer-first: a CIK own issuer prefix ranks before a holding filed about', () => {
  // Apple's own prefix 037833 (issue 10); another filer (CIK 99) also links Apple's CUSIP.
  const { links, primaryByCik } = buildCusipLinks([
    row('320193', '03783310'), row('320193', '03783390'), row('320193', '45338828'),
    row('99', '03783310'), row('99', '11111110'), row('99', '11111120'),
  ]);
  assert.equal(primaryByCik.get('0000320193'), '037833100');
  assert.equal(primaryByCik.get('0000000099'), `11111110${cusipCheckDigit('11111110')}`);
  const apple = links.filter((l) => l.cusip === '037833100');
  assert.deepEqual(apple.map((l) => [l.cik, l.rank]), [['0000320193', 0], ['0000000099', 2]]);
});
