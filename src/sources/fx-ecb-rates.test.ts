import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseEcbRates, readEcbRates } from './fx-ecb-rates.js';

const TEXT = 'Date,USD,JPY,CYP,\n2025-05-09,1.1252,163.36,N/A,\n2007-12-31,1.4721,164.93,0.585274,\n';

test('ECB rates: currency columns without the trailing empty one, N/A as null, file order', () => {
  const r = parseEcbRates(TEXT);
  assert.deepEqual(r.currencies, ['USD', 'JPY', 'CYP']);
  assert.deepEqual(r.rows, [
    { date: '2025-05-09', rates: [1.1252, 163.36, null] },
    { date: '2007-12-31', rates: [1.4721, 164.93, 0.585274] },
  ]);
  assert.deepEqual(r.rejected, []);
  assert.equal(r.badValues, 0);
});

test('ECB rates: a row without a valid date is rejected; a bad value is null and counted', () => {
  const r = parseEcbRates('Date,USD,JPY\n2025-05-09,abc,-1\n09/05/2025,1.1,160\n2025-05-08,1.1297,\n');
  assert.deepEqual(r.rows, [{ date: '2025-05-09', rates: [null, null] }, { date: '2025-05-08', rates: [1.1297, null] }]);
  assert.equal(r.rejected.length, 1);
  assert.equal(r.badValues, 2);
});

test('ECB rates: a file that is not the ECB layout is refused', () => {
  assert.throws(() => parseEcbRates('symbol,USD\nx,1\n'), /Date/);
  assert.throws(() => parseEcbRates('Date,US Dollar\n2025-05-09,1\n'), /currency code/);
});

test('ECB rates: .csv.gz and .csv read the same', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-fx-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.csv.gz'), zlib.gzipSync(TEXT));
    fs.writeFileSync(path.join(dir, 'a.csv'), TEXT);
    assert.deepEqual(readEcbRates(path.join(dir, 'a.csv.gz')), readEcbRates(path.join(dir, 'a.csv')));
    assert.equal(readEcbRates(path.join(dir, 'a.csv')).rows.length, 2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
