import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvRows, nonBlank } from './csv-table.js';

test('csvRows: one object per record after the header; blank lines skipped; short and long records kept', () => {
  const text = 'a,b,c\n1,2,3\n\n4,5\n6,7,8,9\n"x, ""y""","l1\nl2",z\n';
  assert.deepEqual(csvRows(text), [
    { a: '1', b: '2', c: '3' },
    { a: '4', b: '5' }, // a short record has only the fields it holds
    { a: '6', b: '7', c: '8' }, // a long one loses the fields past the header
    { a: 'x, "y"', b: 'l1\nl2', c: 'z' },
  ]);
  assert.deepEqual(csvRows(''), []);
  assert.deepEqual(csvRows('a,b\n'), []);
});

test('csvRows: a repeated column name keeps the last field; trim and bom as asked', () => {
  assert.deepEqual(csvRows('a,b,a\n1,2,3\n1,2\n'), [{ a: '3', b: '2' }, { a: '1', b: '2' }]);
  assert.deepEqual(csvRows(' a , b \n 1 ,2 \n', { trim: true }), [{ a: '1', b: '2' }]);
  assert.deepEqual(csvRows(' a , b \n 1 ,2 \n'), [{ ' a ': ' 1 ', ' b ': '2 ' }]);
  assert.deepEqual(csvRows('\uFEFFa,b\n1,2\n', { bom: true }), [{ a: '1', b: '2' }]);
  assert.deepEqual(Object.keys(csvRows('\uFEFFa,b\n1,2\n')[0]!), ['\uFEFFa', 'b']);
});

test('nonBlank trims and turns blank or absent into null', () => {
  assert.equal(nonBlank('  x y '), 'x y');
  assert.equal(nonBlank('   '), null);
  assert.equal(nonBlank(''), null);
  assert.equal(nonBlank(undefined), null);
});
