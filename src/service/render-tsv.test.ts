import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderTsv } from './render-tsv.js';

/** One cell as renderTsv writes it (the row between the header line and the final CRLF). */
const tsvCell = (v: unknown) => renderTsv(['x'], [{ x: v }]).slice('x\r\n'.length, -2);
const plainNumber = (n: number) => tsvCell(n);

test('plainNumber never uses exponent notation and round-trips', () => {
  const cases: Array<[number, string]> = [
    [0, '0'], [-0, '0'], [42, '42'], [-1.5, '-1.5'], [1e21, '1000000000000000000000'], [1.2345e22, '12345000000000000000000'],
    [1e-7, '0.0000001'], [-2.5e-8, '-0.000000025'], [383285000000, '383285000000'], [6.13, '6.13'], [1.23e-10, '0.000000000123'],
  ];
  for (const [n, s] of cases) {
    assert.equal(plainNumber(n), s, String(n));
    assert.doesNotMatch(plainNumber(n), /e/i);
    assert.equal(Number(plainNumber(n)), n === 0 ? 0 : n);
  }
  assert.equal(plainNumber(Number.NaN), '');
});

test('cells: null empty, quoting only when a tab, quote or line break is inside', () => {
  assert.equal(tsvCell(null), '');
  assert.equal(tsvCell(undefined), '');
  assert.equal(tsvCell(true), 'true');
  assert.equal(tsvCell('Apple Inc.'), 'Apple Inc.');
  assert.equal(tsvCell('a\tb'), '"a\tb"');
  assert.equal(tsvCell('say "hi"'), '"say ""hi"""');
  assert.equal(tsvCell('two\nlines'), '"two\nlines"');
  assert.equal(tsvCell({ from: 1, to: 4 }), '"{""from"":1,""to"":4}"');
});

test('renderTsv writes the header in the given order, CRLF rows, nested a.b columns', () => {
  const out = renderTsv(['symbol', 'split_ratio.from', 'split_ratio.to', 'missing'], [{ symbol: 'AAPL', split_ratio: { from: 1, to: 4 } }]);
  assert.equal(out, 'symbol\tsplit_ratio.from\tsplit_ratio.to\tmissing\r\nAAPL\t1\t4\t\r\n');
  assert.equal(renderTsv(['a'], []), 'a\r\n');
});
