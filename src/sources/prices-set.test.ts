import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { listPriceFiles, parsePriceColumns, readPriceColumns, readPriceSetManifest, type PriceColumns } from './prices-set.js';
import { parsePriceColumnsPlain } from './price-csv-plain.js';

const COLUMN_NAMES = ['dates', 'open', 'high', 'low', 'close', 'volume'] as const;
const FROM_DATES = [undefined, '2007-01-01', '2020-01-10'];

/** The in-place parser and its plain reference path give the same columns (numbers compared with Object.is), or both throw. */
function assertSameAsPlain(text: string, columns: Parameters<typeof parsePriceColumns>[1], label: string): number {
  let rows = 0;
  for (const fromDate of FROM_DATES) {
    let fast: PriceColumns | null = null;
    let plain: PriceColumns | null = null;
    try { fast = parsePriceColumns(text, columns, fromDate); } catch { /* compared below */ }
    try { plain = parsePriceColumnsPlain(text, columns, fromDate); } catch { /* compared below */ }
    assert.equal(fast === null, plain === null, `${label} from ${fromDate}: one parser threw`);
    if (!fast || !plain) continue;
    for (const name of COLUMN_NAMES) {
      const x: ArrayLike<string | number> = fast[name];
      const y: ArrayLike<string | number> = plain[name];
      assert.equal(x.length, y.length, `${label} from ${fromDate} ${name} length`);
      for (let i = 0; i < x.length; i++) assert.ok(Object.is(x[i], y[i]), `${label} from ${fromDate} ${name}[${i}]: ${x[i]} vs ${y[i]}`);
    }
    rows += fast.dates.length;
  }
  return rows;
}

test('a price set: manifest columns and bases, gzip and plain files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-prices-'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({
    format: 'Yahoo daily CSV (Date,Open,High,Low,Close,Adj Close,Volume)',
    columns: { Close: 'splits', 'Adj Close': 'splits_and_dividends' }, as_of: '2023-04-14',
  }));
  const csv = 'Date,Open,High,Low,Close,Adj Close,Volume\n2023-04-14,164.59,166.32,163.82,165.21,165.0,49337200\n2023-04-13,161.63,165.8,161.42,165.56,,68445600\n2023-04-12,1,1,1,,1,1\n';
  fs.writeFileSync(path.join(dir, 'AAPL.csv.gz'), zlib.gzipSync(csv));
  fs.writeFileSync(path.join(dir, 'msft.csv'), csv);
  const m = readPriceSetManifest(dir);
  assert.ok(typeof m !== 'string');
  assert.equal(m.closeBasis, 'splits');
  assert.equal(m.adjCloseBasis, 'splits_and_dividends');
  assert.equal(m.asOf, '2023-04-14');
  const files = listPriceFiles(dir);
  assert.deepEqual([...files.keys()], ['AAPL', 'MSFT']);
  const bars = readPriceColumns(files.get('AAPL')!, m.columns);
  assert.deepEqual(bars.dates, ['2023-04-13', '2023-04-14']); // sorted ascending; the row without a close is dropped
  assert.deepEqual(bars.close, [165.56, 165.21]);
  assert.deepEqual(bars.volume, [68445600, 49337200]);
  assert.deepEqual(readPriceColumns(files.get('MSFT')!, m.columns), bars);
});

test('number fields read as Number() reads them: blank or not a finite number is null (NaN), whitespace, exponents, + and hex accepted', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-prices-'));
  const file = path.join(dir, 'X.csv');
  // field as written -> value (NaN for null); Number(' ') is 0, Number('0x1F') is 31
  const cases: Array<[string, number]> = [
    ['', NaN], [' ', 0], ['null', NaN], ['NaN', NaN], ['Infinity', NaN], ['-Infinity', NaN], ['1e400', NaN], ['1.2.3', NaN], ['-', NaN],
    ['1e5', 100000], ['1E-3', 0.001], ['+3', 3], [' 7', 7], ['7 ', 7], ['.5', 0.5], ['-0', -0], ['0x1F', 31], ['161.6300048828125', 161.6300048828125],
  ];
  const day = (k: number) => `2020-01-${String(k + 1).padStart(2, '0')}`;
  let csv = 'date,open,high,low,close,adj_close,volume\n';
  cases.forEach(([field], k) => { csv += `${day(k)},${field},1,1,5,1,${field}\n`; });
  // rows without a usable close are dropped: blank, zero, negative, not a number; ' 5 ' is 5
  csv += '2021-01-01,1,1,1,,1,1\n2021-01-02,1,1,1,0,1,1\n2021-01-03,1,1,1,-2,1,1\n2021-01-04,1,1,1,null,1,1\n2021-01-05,1,1,1, 5 ,1,1\r\n';
  fs.writeFileSync(file, csv);
  const columns = { date: 0, open: 1, high: 2, low: 3, close: 4, adjClose: 5, volume: 6 };
  const c = readPriceColumns(file, columns);
  assert.deepEqual([...c.dates], [...cases.map((_, k) => day(k)), '2021-01-05']);
  cases.forEach(([field, value], k) => {
    assert.ok(Object.is(c.open[k], value), `open ${JSON.stringify(field)}: ${c.open[k]}`);
    assert.ok(Object.is(c.volume[k], value), `volume ${JSON.stringify(field)}: ${c.volume[k]}`);
  });
  assert.equal(c.close[cases.length], 5);
  // a file's rows before the first kept date are dropped, the rest sorted by date
  const later = readPriceColumns(file, columns, '2020-01-10');
  assert.deepEqual([...later.dates], [...cases.slice(9).map((_, k) => day(k + 9)), '2021-01-05']);
  assertSameAsPlain(csv, columns, 'number fields');
});

test('odd rows: the in-place parser gives its plain reference path\'s columns', () => {
  const columns = { date: 0, open: 1, high: 2, low: 3, close: 4, adjClose: 5, volume: 6 };
  const texts = [
    '', 'date,open\n', 'no header line', 'h\n2020-01-02,1,2,3,4,5,6', // no trailing line break
    'h\r\n2020-01-02,1,2,3,4,5,6\r\n2020-01-01,1,1,1,1,1,1\r\n', // CRLF, out of order
    'h\n2020-01-02,1,2\n2020-01-03\n2020-01-04,1,1,1,1,1,1,extra\n2020-01-04,2,2,2,2,2,2\n', // short, long and repeated rows
    'h\n2020-1-2,1,1,1,1,1,1\n2020/01/02,1,1,1,1,1,1\n2020-01-02x,1,1,1,1,1,1\n 2020-01-02,1,1,1,1,1,1\n', // not a date field
    'h\n2006-12-31,1,1,1,1,1,1\n2007-01-01,1,1,1,1,1,1\n2020-01-09,1,1,1,1,1,1\n2020-01-10,1,1,1,1,1,1\n', // around fromDate
    'h\n2020-01-02,"1",1,1,1,1,1\n2020-01-03,1,1,1,"5",1,1\n', // quotes are not CSV quoting here
  ];
  for (const text of texts) assertSameAsPlain(text, columns, JSON.stringify(text));
  // the date column past the row's end: both throw
  assertSameAsPlain('h\n2020-01-01,1,1\n', { ...columns, date: 5 }, 'date column missing');
  assert.throws(() => parsePriceColumns('h\n2020-01-01,1,1\n', { ...columns, date: 5 }), TypeError);
  // random decimals in every number column
  let seed = 99;
  const rnd = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
  const num = () => {
    const forms = ['', 'null', '1e5', '-0', '+2', ' 3', '0x10', 'Infinity'];
    if (rnd(10) === 0) return forms[rnd(forms.length)]!;
    let s = rnd(10) === 0 ? '-' : '';
    for (let i = rnd(9); i > 0; i--) s += rnd(10);
    if (rnd(4) > 0) s += '.';
    for (let i = rnd(18); i > 0; i--) s += rnd(10);
    return s;
  };
  let text = 'date,open,high,low,close,adj_close,volume\n';
  for (let k = 0; k < 5000; k++) text += `20${10 + rnd(15)}-0${1 + rnd(9)}-1${rnd(10)},${num()},${num()},${num()},${num()},${num()},${num()}\n`;
  assert.ok(assertSameAsPlain(text, columns, 'random decimals') > 5000);
});

const corpusPrices = path.join(path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data'), 'prices');

test('corpus price files: the in-place parser gives its plain reference path\'s columns', { skip: !fs.existsSync(corpusPrices) && 'no corpus' }, () => {
  let files = 0;
  let rows = 0;
  for (const set of fs.readdirSync(corpusPrices).sort()) {
    const manifest = readPriceSetManifest(path.join(corpusPrices, set));
    if (typeof manifest === 'string') continue;
    // every 6th symbol of each set
    [...listPriceFiles(manifest.dir).values()].filter((_, i) => i % 6 === 0).forEach((file) => {
      const bytes = fs.readFileSync(file);
      const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
      rows += assertSameAsPlain(text, manifest.columns, path.basename(file));
      files++;
    });
  }
  assert.ok(files > 200 && rows > 1_000_000, `${files} files, ${rows} rows`);
});

test('a manifest without the close basis is refused with a reason', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-prices-'));
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ format: 'CSV (date,close)', columns: {}, as_of: '2017-03-31' }));
  assert.equal(typeof readPriceSetManifest(dir), 'string');
});
