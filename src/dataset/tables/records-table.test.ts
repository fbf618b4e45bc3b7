// Unit tests of the records table's rendering: the text-built record body equals JSON.stringify of
// the object in column order, and rendered rows (bodies stored as values arrays, decoded back to
// that text; one provenance row per record, texts and filings stored once per company) keep what
// row-by-row INSERT OR REPLACE kept, read back through the `provenance` view.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { RECORDS_DDL, createRecordWriter } from './records-table.js';
import { renderRecord, renderRecordAsObject, renderRecordRows } from '../codecs/record-render.js';
import { RECORD_TYPES, type PeriodRecord, type RecordType } from '../../model/record-types.js';
import { fieldNames } from '../../metrics/registry.js';
import { decodeBody } from '../codecs/record-body-codec.js';

const AWKWARD = [0, -0, 1, -1.5, 1e21, 1e-7, 123456789012345, 0.1 + 0.2, NaN, Infinity, -Infinity, null, undefined];

function record(rt: RecordType, seed: number, date = '2024-12-31'): PeriodRecord {
  const values: Record<string, number | null> = {};
  fieldNames(rt).forEach((name, i) => {
    const v = AWKWARD[(i + seed) % AWKWARD.length];
    if (v !== undefined) values[name] = v;
  });
  return { recordType: rt, period: 'annual', date, fiscalYear: 2024, periodLabel: '2024', values, provenance: {} };
}

describe('renderRecord', () => {
  test('gives exactly the JSON.stringify text of the column-ordered object, for every record type', () => {
    for (const rt of RECORD_TYPES) {
      for (let seed = 0; seed < AWKWARD.length; seed++) {
        const r = record(rt, seed);
        const text = renderRecord(r, 'BRK-B', 'USD');
        assert.equal(text, renderRecordAsObject(r, 'BRK-B', 'USD'), `${rt} seed ${seed}`);
        assert.deepEqual(Object.keys(JSON.parse(text)).slice(-fieldNames(rt).length), [...fieldNames(rt)]);
      }
    }
    // quotes and non-ASCII in metadata are escaped as JSON.stringify escapes them
    const odd = { ...record('balance_sheet', 1), periodLabel: 'Q"4\u2028é' };
    assert.equal(renderRecord(odd, 'A\\B', 'EUR'), renderRecordAsObject(odd, 'A\\B', 'EUR'));
  });
});

describe('renderRecordRows and the provenance view', () => {
  test('a repeated key keeps the last body and, per field, the last non-null value\'s provenance', () => {
    const [f1, f2, f3] = fieldNames('income_statement') as [string, string, string];
    const base = (values: Record<string, number | null>, provenance: PeriodRecord['provenance']): PeriodRecord => ({
      recordType: 'income_statement', period: 'annual', date: '2023-12-31', fiscalYear: 2023, periodLabel: '2023', values, provenance,
    });
    const first = base({ [f1]: 1, [f2]: 2, [f3]: null }, { [f1]: { concept: 'us-gaap:A', accn: 'x-1' }, [f2]: { derivation: 'two' }, [f3]: { concept: 'us-gaap:Null' } });
    const second = base({ [f1]: 10, [f2]: null }, { [f1]: { concept: 'us-gaap:B', accn: 'x-2', filed: '2024-02-01', form: '10-K' }, [f2]: { concept: 'us-gaap:Gone' } });
    const other = { ...base({ [f1]: 5 }, { [f1]: { concept: 'us-gaap:C' } }), date: '2022-12-31' };
    const rows = renderRecordRows('0000000001', 'TST', 'USD', [first, other, second]);
    assert.equal(rows.count, 3);
    assert.equal(rows.records.length / 7, 2, 'one records row per key');
    const db = new Database(':memory:');
    for (const sql of RECORDS_DDL) db.exec(sql);
    createRecordWriter(db).writeRows(rows);
    const bodies = db.prepare('SELECT date, body FROM records ORDER BY date').raw().all() as Array<[string, string]>;
    assert.deepEqual(bodies.map(([d, b]) => [d, decodeBody('income_statement', b)]), [['2022-12-31', renderRecord(other, 'TST', 'USD')], ['2023-12-31', renderRecord(second, 'TST', 'USD')]]);
    const prov = db.prepare('SELECT date, field, concept, accn, filed, form, derivation FROM provenance ORDER BY date, field').raw().all();
    assert.deepEqual(prov, [
      ['2022-12-31', f1, 'us-gaap:C', null, null, null, null],
      ['2023-12-31', f1, 'us-gaap:B', 'x-2', '2024-02-01', '10-K', null],
      ['2023-12-31', f2, null, null, null, null, 'two'],
    ].sort((a, b) => (`${a[0]}|${a[1]}` < `${b[0]}|${b[1]}` ? -1 : 1)));
  });

  test('many rows go through the multi-row inserts and all come back', () => {
    const records: PeriodRecord[] = [];
    for (let y = 1900; y < 2100; y++) {
      const r = record('cash_flow', y, `${y}-06-30`);
      const name = fieldNames('cash_flow')[2]!;
      r.values[name] = y;
      r.provenance[name] = { concept: `us-gaap:X${y}` };
      records.push(r);
    }
    const db = new Database(':memory:');
    for (const sql of RECORDS_DDL) db.exec(sql);
    createRecordWriter(db).write('0000000002', 'TWO', 'USD', records.reverse());
    assert.equal(db.prepare('SELECT count(*) FROM records').pluck().get(), 200);
    assert.deepEqual(db.prepare("SELECT concept FROM provenance WHERE date = '1999-06-30'").pluck().all(), ['us-gaap:X1999']);
    assert.equal(db.prepare('SELECT count(*) FROM provenance').pluck().get(), 200);
    // records with no provenance (formulas only) get no record_provenance row
    const bare = renderRecordRows('0000000003', 'THR', 'USD', [record('liquidity', 1)]);
    assert.deepEqual([bare.records.length, bare.provenance.length], [7, 0]);
  });

  test('texts and filings are stored once per company and joined back per field', () => {
    const [f1, f2] = fieldNames('balance_sheet') as [string, string];
    const filing = { accn: '0000000004-24-000001', filed: '2024-02-01', form: '10-K' };
    const records = ['2022-12-31', '2023-12-31'].map((date): PeriodRecord => ({
      recordType: 'balance_sheet', period: 'annual', date, fiscalYear: 2023, periodLabel: '2023', values: { [f1]: 1, [f2]: 2 },
      provenance: { [f1]: { concept: 'us-gaap:Same', ...filing }, [f2]: { concept: 'us-gaap:Same', ...filing, form: '10-K/A', derivation: 'restated' } },
    }));
    const db = new Database(':memory:');
    for (const sql of RECORDS_DDL) db.exec(sql);
    const writer = createRecordWriter(db);
    writer.write('0000000004', 'FOU', 'USD', records);
    assert.deepEqual(db.prepare('SELECT text FROM provenance_texts ORDER BY id').pluck().all(), ['us-gaap:Same', 'restated']);
    assert.deepEqual(db.prepare('SELECT accn, filed, form FROM provenance_filings ORDER BY id').raw().all(), [
      [filing.accn, filing.filed, '10-K'], [filing.accn, filing.filed, '10-K/A'],
    ]);
    assert.deepEqual(db.prepare("SELECT field, concept, accn, filed, form, derivation FROM provenance WHERE date = '2023-12-31' ORDER BY field").raw().all(), [
      [f1, 'us-gaap:Same', filing.accn, filing.filed, '10-K', null],
      [f2, 'us-gaap:Same', filing.accn, filing.filed, '10-K/A', 'restated'],
    ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));
    // ids are per company and per call: writing the same company again cannot mix two id spaces
    assert.throws(() => writer.write('0000000004', 'FOU', 'USD', records), /UNIQUE/);
    assert.equal(db.prepare('SELECT count(*) FROM record_provenance').pluck().get(), 2);
  });
});
