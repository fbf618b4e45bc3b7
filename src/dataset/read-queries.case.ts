// The shared case suite of the dataset's named queries (records, splits) that every
// implementation runs (SQLite and PostgreSQL) on the corpus build: each case checks the query's
// own contract (order, bounds, limit, each split once) on real companies, and the answer equals
// the reference implementation's (SQLite, the served default) byte for byte.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecordType } from '../model/record-types.js';
import type { RecordQueries, RecordSeriesQuery } from './record-queries.js';
import type { SplitQueries } from './split-queries.js';

export interface ReadQueriesUnderTest { records: RecordQueries; splits: SplitQueries }

const APPLE = '0000320193';
const RECORD_TYPES: RecordType[] = ['income_statement', 'balance_sheet', 'cash_flow', 'multiples', 'per_share'];
const dateOf = (body: string) => (JSON.parse(body) as { date: string }).date;
const fyOf = (body: string) => Number((JSON.parse(body) as { fiscal_year: string | number }).fiscal_year);

export function runReadQueryCases(name: string, open: () => Promise<ReadQueriesUnderTest>, reference: ReadQueriesUnderTest): void {
  describe(`dataset read query cases: ${name}`, () => {
    test('records.series: Apple\u2019s periods in date order, both directions, limited, equal to the reference', async () => {
      const ds = await open();
      for (const recordType of RECORD_TYPES) {
        for (const period of ['annual', 'quarterly']) {
          const q: RecordSeriesQuery = { cik: APPLE, recordType, period, order: 'DESC', limit: 1000 };
          const desc = await ds.records.series(q);
          assert.ok(desc.length >= 15, `${recordType} ${period}: ${desc.length} records`);
          const dates = desc.map(dateOf);
          assert.deepEqual(dates, [...dates].sort().reverse());
          const asc = await ds.records.series({ ...q, order: 'ASC' });
          assert.deepEqual(asc, [...desc].reverse());
          assert.deepEqual(await ds.records.series({ ...q, limit: 3 }), desc.slice(0, 3));
          assert.deepEqual(desc, await reference.records.series(q));
        }
      }
    });

    test('records.series: date and fiscal-year bounds are inclusive', async () => {
      const ds = await open();
      const all = await ds.records.series({ cik: APPLE, recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 1000 });
      const mid = all.slice(3, 8);
      const byDate = await ds.records.series({ cik: APPLE, recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 1000, dateStart: dateOf(mid[0]!), dateEnd: dateOf(mid.at(-1)!) });
      assert.deepEqual(byDate, mid);
      const fy = fyOf(mid[0]!);
      const byYear = await ds.records.series({ cik: APPLE, recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 1000, fiscalYearStart: fy, fiscalYearEnd: fy });
      assert.deepEqual(byYear.map(fyOf), [fy]);
      assert.deepEqual(await ds.records.series({ cik: '0000000000', recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 10 }), []);
    });

    test('splits: a company\u2019s splits each once, newest first; the calendar in order and limited; equal to the reference', async () => {
      const ds = await open();
      const apple = await ds.splits.forCompany(APPLE, ['AAPL']);
      assert.ok(apple.length >= 2, `${apple.length} Apple splits`);
      assert.equal(new Set(apple.map((s) => s.id)).size, apple.length);
      assert.deepEqual(apple.map((s) => s.date), apple.map((s) => s.date).sort().reverse());
      assert.deepEqual(apple, await reference.splits.forCompany(APPLE, ['AAPL']));
      for (const order of ['ASC', 'DESC'] as const) {
        const q = { dateStart: '2010-01-01', dateEnd: '2020-12-31', order, limit: 50 };
        const cal = await ds.splits.calendar(q);
        assert.equal(cal.length, 50);
        assert.ok(cal.every((s) => s.date >= '2010-01-01' && s.date <= '2020-12-31'));
        assert.deepEqual(cal, await reference.splits.calendar(q));
      }
    });
  });
}
