// Identifier resolution rules on a tiny dataset: tickers and share classes, CIK forms, CUSIP and
// ISIN check digits, and the deterministic winner when one CUSIP is linked to several CIKs.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { createIdentifierResolver } from '../src/reference/resolve-identifier.js';
import { cusipCheckDigit, isinFromCusip } from '../src/reference/check-digits.js';
import { buildTinyDataset } from './support/tiny-dataset.js';

const c9 = (c8: string) => c8 + cusipCheckDigit(c8)!;
const SHARED = c9('99999910'); // linked to three CIKs below

const file = buildTinyDataset([
  { cik: '0000320193', ticker: 'AAPL', years: [2024], cusips: [{ cusip: '037833100', rank: 0 }, { cusip: c9('45338828'), rank: 2 }] },
  { cik: '0001067983', ticker: 'BRK-B', tickers: ['BRK-B', 'BRK-A'], years: [2024], cusips: [{ cusip: c9('08467070'), rank: 0 }, { cusip: SHARED, rank: 2 }] },
  { cik: '0000000777', ticker: 'OWNR', years: [2024], cusips: [{ cusip: SHARED, rank: 0 }] },
]);
// A CIK linked to the shared CUSIP as its own issuer but without fundamentals (not in records).
{
  const Database = (await import('better-sqlite3')).default;
  const db = new Database(file);
  db.prepare('INSERT INTO cusips VALUES (?, ?, ?, 0)').run(c9('12345610'), '0000000888', '123456');
  db.prepare('INSERT INTO cusips VALUES (?, ?, ?, 2)').run(c9('12345610'), '0000000777', '123456');
  db.close();
}
const dataset = Dataset.open(file);
const r = createIdentifierResolver(dataset);
after(() => dataset.close());

const cikOf = (id: string) => {
  const x = r.resolve(id);
  return 'error' in x ? `error: ${x.error}` : x.cik;
};

test('tickers are case-insensitive and accept share-class separators - . /', () => {
  for (const id of ['AAPL', 'aapl', ' Aapl ']) assert.equal(cikOf(id), '0000320193');
  for (const id of ['BRK-B', 'brk.b', 'BRK/B', 'BRK.A']) assert.equal(cikOf(id), '0001067983');
  const res = r.resolve('brk.b');
  assert.ok(!('error' in res) && res.ticker === 'BRK-B');
});

test('CIKs zero-padded or not', () => {
  assert.equal(cikOf('320193'), '0000320193');
  assert.equal(cikOf('0000320193'), '0000320193');
  assert.match(cikOf('0000000001'), /^error: no company with CIK 0000000001/);
});

test('CUSIP with verified check digit; a wrong check digit is refused', () => {
  assert.equal(cikOf('037833100'), '0000320193');
  assert.equal(cikOf(c9('08467070')), '0001067983');
  assert.match(cikOf('037833101'), /^error: .*check digit/);
  assert.match(cikOf('08467070X'), /^error/);
});

test('ISIN: check digit verified, US ISINs through their CUSIP', () => {
  assert.equal(cikOf('US0378331005'), '0000320193');
  assert.equal(cikOf(isinFromCusip(c9('08467070'))!), '0001067983');
  assert.match(cikOf('US0378331006'), /^error: .*ISIN.*check digit/);
  assert.match(cikOf('GB0002634946'), /^error: no company matches ISIN/);
});

test('noisy CUSIP links: own issuer prefix beats a holding; fundamentals beat none', () => {
  // SHARED is BRK's holding (rank 2) and OWNR's own issuer (rank 0): OWNR wins.
  assert.equal(cikOf(SHARED), '0000000777');
  assert.equal(r.cikForCusip(SHARED), '0000000777');
  // 123456 10: own issuer of 888 (no fundamentals) vs a holding of 777 (has fundamentals): 777 wins.
  assert.equal(r.cikForCusip(c9('12345610')), '0000000777');
});

test('unknown identifiers are errors with a message', () => {
  assert.match(cikOf('ZZZZZZ'), /^error: no company matches identifier 'ZZZZZZ'/);
  assert.match(cikOf(''), /^error/);
  assert.match(cikOf('x'.repeat(100)), /^error/);
});
