// Unit tests of the record_versions writer: a company's versions are stored in key order (a
// series' versions on consecutive rowids), whatever order the versions step hands them over in,
// and the rows stored are the rows given.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { RECORDS_DDL } from './records-table.js';
import { RECORD_VERSIONS_DDL, createRecordVersionsWriter, versionRowsInKeyOrder } from './record-versions-table.js';

type Row = [string, string, string, string, string, string, number, string, string, string | null];

/** Versions of two series of one company, as computed: in filing date order, the series interleaved. */
const COMPUTED: Row[] = [
  ['0000000001', 'income_statement', 'quarterly', '2019-03-31', '2019-05-01', '2020-05-01', 2019, 'Q1 2019', '{"a":1}', null],
  ['0000000001', 'balance_sheet', 'quarterly', '2019-03-31', '2019-05-01', '2020-05-01', 2019, 'Q1 2019', '{"b":1}', '{"x":[1,2]}'],
  ['0000000001', 'income_statement', 'annual', '2018-12-31', '2019-02-01', '2020-02-01', 2018, 'FY 2018', '{"c":1}', null],
  ['0000000001', 'income_statement', 'quarterly', '2018-12-31', '2019-02-01', '2019-05-01', 2018, 'Q4 2018', '{"d":1}', null],
  ['0000000001', 'income_statement', 'quarterly', '2018-12-31', '2019-05-01', '2020-05-01', 2018, 'Q4 2018', '{"e":1}', null],
  ['0000000001', 'income_statement', 'quarterly', '2018-12-31', '2018-02-01', '2019-02-01', 2018, 'Q4 2018', '{"f":1}', null],
];
const keyOf = (r: ReadonlyArray<unknown>) => r.slice(1, 5).join('|');

describe('record_versions writer', () => {
  test('versionRowsInKeyOrder sorts whole rows by (record_type, period, date, known_from)', () => {
    const sorted = versionRowsInKeyOrder(COMPUTED.flat());
    assert.equal(sorted.length, COMPUTED.flat().length);
    const rows: Array<Array<unknown>> = [];
    for (let i = 0; i < sorted.length; i += 10) rows.push(sorted.slice(i, i + 10));
    assert.deepEqual(rows.map(keyOf), [...COMPUTED].map(keyOf).sort());
    // each row kept whole (its body and provenance beside its key)
    assert.deepEqual([...rows].sort((a, b) => String(a[8]).localeCompare(String(b[8]))), [...COMPUTED].sort((a, b) => a[8].localeCompare(b[8])));
  });

  test('a company written in computation order is stored in key order (rowid order = key order)', () => {
    const db = new Database(':memory:');
    for (const ddl of [...RECORDS_DDL, ...RECORD_VERSIONS_DDL]) db.exec(ddl);
    createRecordVersionsWriter(db).write('0000000001', { versions: COMPUTED.flat(), texts: [], filings: [], knownFrom: [] });
    const stored = db.prepare('SELECT cik, record_type, period, date, known_from, known_to, fiscal_year, period_label, body, fields FROM record_versions ORDER BY rowid').raw(true).all() as Row[];
    assert.deepEqual(stored.map(keyOf), [...COMPUTED].map(keyOf).sort());
    assert.deepEqual([...stored].sort((a, b) => keyOf(a).localeCompare(keyOf(b))), [...COMPUTED].sort((a, b) => keyOf(a).localeCompare(keyOf(b))));
    db.close();
  });
});
