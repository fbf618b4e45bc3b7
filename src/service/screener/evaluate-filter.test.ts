// The Node evaluator and the SQL the dataset compiles keep the same rows in the same order
// (fast-check over random filters, sorts and rows with nulls, on an in-memory screen table):
// the as_of screen and the brute-force references rely on it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ScreenFilter } from '../../model/screen-filter.js';
import { SCREEN_COLUMNS } from '../../metrics/screen-fields.js';
import type { Dataset } from '../../dataset/sqlite/sqlite-dataset.js';
import { screenFixture } from '../../../test/support/screen-fixture.js';
import type { ScreenRequest, ScreenRow, ScreenSortKey } from '../../dataset/queries/screen-queries.js';
import { passes } from './evaluate-filter.js';
import { compareScreenRows, possibleOutcomes, screenValue } from './screen-as-of.js';
import { evaluateFilter } from './evaluate-filter.js';
import { compileWhere } from './resolve-where.js';

const NUM = ['oper_margin', 'market_cap', 'pe_ratio'] as const;
const SECTORS = ['Technology', 'Energy', 'finance', null];

const num = fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 5 }), fc.double({ min: -10, max: 10, noNaN: true }));
const company = fc.record({
  symbol: fc.option(fc.constantFrom('AA', 'AB', 'B', 'C', 'ZZ'), { nil: null }),
  sector: fc.constantFrom(...SECTORS),
  oper_margin: num, market_cap: num, pe_ratio: num,
  date: fc.constantFrom('2024-03-31', '2024-12-31', '2025-06-30'),
});

const leaf: fc.Arbitrary<ScreenFilter> = fc.oneof(
  fc.record({ op: fc.constant('cmp' as const), field: fc.constantFrom(...NUM), cmp: fc.constantFrom('<', '<=', '>', '>=', '=', '!=') as fc.Arbitrary<'<'>, value: fc.integer({ min: -5, max: 5 }) }),
  fc.record({ op: fc.constant('cmp' as const), field: fc.constant('sector'), cmp: fc.constantFrom('=', '!=') as fc.Arbitrary<'='>, value: fc.constantFrom('technology', 'ENERGY', 'Finance', 'x') }),
  fc.record({ op: fc.constant('cmp_field' as const), field: fc.constantFrom(...NUM), cmp: fc.constantFrom('<', '>=', '!=') as fc.Arbitrary<'<'>, other: fc.constantFrom(...NUM) }),
  fc.record({ op: fc.constant('between' as const), field: fc.constantFrom(...NUM), low: fc.integer({ min: -5, max: 5 }), high: fc.integer({ min: -5, max: 5 }) }),
  fc.record({ op: fc.constant('in' as const), field: fc.constantFrom(...NUM), values: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('in' as const), field: fc.constant('sector'), values: fc.array(fc.constantFrom('technology', 'Energy', 'FINANCE'), { minLength: 1, maxLength: 2 }) }),
  fc.record({ op: fc.constant('is_null' as const), field: fc.constantFrom(...NUM, 'sector') }),
);
const filter: fc.Arbitrary<ScreenFilter> = fc.letrec<{ f: ScreenFilter }>((tie) => ({
  f: fc.oneof({ depthSize: 'small' },
    leaf,
    fc.record({ op: fc.constantFrom('and' as const, 'or' as const), args: fc.array(tie('f'), { minLength: 2, maxLength: 3 }) }),
    fc.record({ op: fc.constant('not' as const), arg: tie('f') }),
  ),
})).f;
const sort: fc.Arbitrary<ScreenSortKey[]> = fc.array(fc.record({ field: fc.constantFrom(...NUM, 'sector', 'symbol', 'date'), desc: fc.boolean() }), { maxLength: 2 });

interface TestRow { symbol: string | null; sector: string | null; oper_margin: number | null; market_cap: number | null; pe_ratio: number | null; date: string }

function datasetOf(rows: readonly TestRow[], withoutLatest = false): Dataset {
  return screenFixture(rows.map((r) => ({ symbol: r.symbol, sector: r.sector, date: r.date, values: { oper_margin: r.oper_margin, market_cap: r.market_cap, pe_ratio: r.pe_ratio } })), { withoutLatest });
}

test('SQL (SQLite) and the Node evaluator keep the same rows in the same order', () => {
  assert.ok(NUM.every((f) => SCREEN_COLUMNS.includes(f)));
  // (a latest screen reads screen_latest; a dataset built before that table, screen_rows)
  fc.assert(fc.property(fc.array(company, { maxLength: 25 }), fc.option(filter, { nil: null }), sort, fc.constantFrom(null, '2024-06-30'), fc.boolean(), (rows, f, keys, minDate, withoutLatest) => {
    const ds = datasetOf(rows, withoutLatest);
    try {
      const req: ScreenRequest = { kind: 'annual', period: { at: 'latest' }, filter: f, minDate, sort: keys, columns: [...NUM], limit: 1000, offset: 0 };
      const got = ds.screens.screen(req).map((r) => r.cik);
      const all: ScreenRow[] = rows.map((r, i) => ({
        cik: String(i).padStart(10, '0'), symbol: r.symbol, name: `Company ${i}`, exchange: null, sector: r.sector, industry: null, country: null, currency: 'USD',
        date: r.date, fiscal_year: 2024, period_label: '2024', values: { oper_margin: r.oper_margin, market_cap: r.market_cap, pe_ratio: r.pe_ratio },
      }));
      const want = all.filter((r) => (minDate === null || r.date >= minDate) && passes(f, (field) => screenValue(r, field)))
        .sort(compareScreenRows(keys, screenValue)).map((r) => r.cik);
      assert.deepEqual(got, want);
    } finally {
      ds.close();
    }
  }), { numRuns: 300 });
});

test('values are bound, never spliced into the statement: a quote in a string is data', () => {
  for (const withoutLatest of [false, true]) {
    const ds = datasetOf([{ symbol: 'AA', sector: "O'Brien; DROP TABLE screen_rows", oper_margin: 1, market_cap: 1, pe_ratio: 1, date: '2025-06-30' }], withoutLatest);
    try {
      const f = compileWhere("sector = 'o''brien; drop table screen_rows'", 'annual');
      const rows = ds.screens.screen({ kind: 'annual', period: { at: 'latest' }, filter: f, minDate: null, sort: [], columns: [], limit: 10, offset: 0 });
      assert.equal(rows.length, 1);
    } finally {
      ds.close();
    }
  }
});

test('the text-only pre-check of the as_of screen never drops a company the filter keeps, and is exact on text-only filters', () => {
  fc.assert(fc.property(company, filter, (r, f) => {
    const full = (field: string) => (field === 'sector' ? r.sector : (r as unknown as Record<string, number | null>)[field] ?? null);
    const outcomes = possibleOutcomes(f, (field) => (field === 'sector' ? r.sector : null));
    const t = evaluateFilter(f, full);
    assert.ok(outcomes.has(t === null ? 'U' : t ? 'T' : 'F'), JSON.stringify({ f, r, outcomes: [...outcomes] }));
  }), { numRuns: 2000 });
});
