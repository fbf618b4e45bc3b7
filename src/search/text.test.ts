import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactSymbol, deletes1, editDistance, fold, jaroWinkler, words } from './text.js';

test('folding: lowercase, accents, & as and, punctuation as spaces', () => {
  assert.equal(fold('Société Générale & Co.'), 'societe generale and co');
  assert.deepEqual(words("McDonald's Corp"), ['mcdonalds', 'corp']);
  assert.equal(compactSymbol('brk.b'), 'BRKB');
});

test('edit distance counts adjacent transpositions as one and stops past max', () => {
  assert.equal(editDistance('appel', 'apple', 2), 1);
  assert.equal(editDistance('aple', 'apple', 2), 1);
  assert.equal(editDistance('mircosoft', 'microsoft', 2), 1);
  assert.equal(editDistance('kitten', 'sitting', 3), 3);
  assert.equal(editDistance('abc', 'xyzxyz', 1), 2);
});

test('Jaro-Winkler rewards shared prefixes', () => {
  assert.equal(jaroWinkler('apple', 'apple'), 1);
  assert.ok(jaroWinkler('apple', 'appel') > jaroWinkler('apple', 'pplea'));
  assert.equal(jaroWinkler('abc', ''), 0);
});

test('one-deletion keys', () => {
  assert.deepEqual(deletes1('abc'), ['bc', 'ac', 'ab']);
});
