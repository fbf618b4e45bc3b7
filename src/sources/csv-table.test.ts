import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { cell, columnPositions, columnsOf, csvObject, csvRecords, nonBlank } from './csv-table.js';

function reference(text: string, trim: boolean, bom: boolean): unknown {
  try {
    return parse(text, { skip_empty_lines: true, relax_column_count: true, trim, bom });
  } catch (e) {
    return `error ${(e as { code?: string }).code}`;
  }
}

function ours(text: string, trim: boolean, bom: boolean): unknown {
  try {
    return csvRecords(text, { trim, bom });
  } catch (e) {
    return `error ${(e as { code?: string }).code}`;
  }
}

const CASES = [
  '', 'a,b\n1,2\n', 'a,b\r\n1,2\r\n', 'a,b\r\n1,"x\ny"\r\n2\n,3\r\n', 'a\n\n\nb', 'a\r\n\r\nb\r\n', '\uFEFFa,b\n1,2',
  ' a , b \n 1 ,2 ', '"a ""q"" b",c\n', '"a" ,b\n', 'a"b,c\n', '"unclosed\n', 'a,b\rc,d\n', 'a\n"x"\r\n', '   \nx\n',
  '""\n', ',\n,,\n', 'a,b,\n', '"a"x,b', ' "a",b', '\u00a0x\u3000,y\t\n', '"l1\r\nl2",z\r\n',
];

test('records equal csv-parse/sync (or its error) on edge cases, with and without trim and bom', () => {
  for (const text of CASES) {
    for (const trim of [false, true]) for (const bom of [false, true]) assert.deepEqual(ours(text, trim, bom), reference(text, trim, bom), JSON.stringify({ text, trim, bom }));
  }
});

test('records equal csv-parse/sync on random texts', () => {
  const alphabet = ['a', 'b', ' ', ',', ',', '"', '"', '\n', '\n', '\r\n', '\r', '\t', '\uFEFF', 'é', '\u00a0', 'x y', '""'];
  let seed = 42;
  const next = (n: number) => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 8) % n; };
  for (let k = 0; k < 20000; k += 1) {
    let text = '';
    for (let i = next(24); i > 0; i -= 1) text += alphabet[next(alphabet.length)];
    if (next(3) === 0) text = text.replace(/\r\n|\r/g, '\n');
    else if (next(2) === 0) text = text.replace(/\r\n|\r|\n/g, '\r\n');
    const trim = next(2) === 0;
    const bom = next(2) === 0;
    assert.deepEqual(ours(text, trim, bom), reference(text, trim, bom), JSON.stringify({ text, trim, bom }));
  }
});

test('cells and objects follow csv-parse columns: true (last column of a name within the record)', () => {
  const header = ['a', 'b', 'a'];
  for (const record of [['1', '2', '3'], ['1', '2'], ['1'], ['1', '2', '3', '4']]) {
    const obj = csvObject(header, record);
    const expected = (parse(`${header.join(',')}\n${record.join(',')}`, { columns: true, relax_column_count: true }) as Array<Record<string, string>>)[0];
    assert.deepEqual(obj, expected);
    assert.equal(cell(record, columnPositions(header, 'a')), expected?.a);
    assert.equal(cell(record, columnPositions(header, 'b')), expected?.b);
    assert.equal(cell(record, columnPositions(header, 'z')), undefined);
  }
});

test('columnsOf gives each name its columnPositions; nonBlank trims and turns blank or absent into null', () => {
  const header = ['a', 'b', 'a'];
  assert.deepEqual(columnsOf(header, ['a', 'b', 'z']), { a: [0, 2], b: [1], z: [] });
  assert.equal(cell(['1', '2', '3'], columnsOf(header, ['a']).a), '3');
  assert.equal(nonBlank('  x y '), 'x y');
  assert.equal(nonBlank('   '), null);
  assert.equal(nonBlank(''), null);
  assert.equal(nonBlank(undefined), null);
});
