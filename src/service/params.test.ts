import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from './errors.js';
import { isValidDate, parseParams } from './params.js';
import { STATEMENT_ENDPOINTS } from './endpoints/statements.js';

// The time-series parameters and range check as a registry entry has them (income statement).
const incomeStatement = STATEMENT_ENDPOINTS[0]!;
const defs = incomeStatement.params;
const validateTimeSeriesRange = incomeStatement.validate!;
const parse = (q: Record<string, unknown>) => parseParams(defs, { identifier: 'AAPL' }, q);
const rejects = (q: Record<string, unknown>, param: string) => {
  assert.throws(() => parse(q), (e: unknown) => e instanceof ApiError && e.code === 'parameter_invalid' && e.param === param, JSON.stringify(q));
};

test('defaults of the shared time-series parameters', () => {
  assert.deepEqual(parse({}), {
    identifier: 'AAPL', period: 'annual', limit: 10, fiscal_year_start: undefined, fiscal_year_end: undefined,
    date_start: undefined, date_end: undefined, order: 'DESC', format: 'json', as_of: undefined, first_filed: false, include: undefined,
    currency: undefined,
  });
});

test('as_of: a real date or first; anything else names as_of', () => {
  for (const ok of ['2020-01-01', '2020-02-29', 'first', 'FIRST']) assert.equal(validateTimeSeriesRange(parse({ as_of: ok })), null, ok);
  for (const bad of ['2019-02-29', '2020-13-01', '2020-1-01', 'last', '2020-01-01T00:00']) {
    const err = validateTimeSeriesRange(parse({ as_of: bad }));
    assert.ok(err instanceof ApiError && err.code === 'parameter_invalid' && err.param === 'as_of', bad);
  }
  rejects({ first_filed: 'maybe' }, 'first_filed');
});

test('enums are matched case-insensitively and normalised', () => {
  const p = parse({ period: 'Quarterly', order: 'asc', format: 'EXCEL' });
  assert.equal(p.period, 'quarterly');
  assert.equal(p.order, 'ASC');
  assert.equal(p.format, 'excel');
});

test('invalid values are rejected naming the parameter', () => {
  rejects({ format: 'xml' }, 'format');
  rejects({ period: 'monthly' }, 'period');
  rejects({ order: 'up' }, 'order');
  rejects({ limit: 'ten' }, 'limit');
  rejects({ limit: '0' }, 'limit');
  rejects({ limit: '401' }, 'limit');
  rejects({ limit: '1.5' }, 'limit');
  rejects({ limit: ['1', '2'] }, 'limit');
  rejects({ date_start: '2023-02-30' }, 'date_start');
  rejects({ date_end: '20230101' }, 'date_end');
  rejects({ fiscal_year_start: '20x0' }, 'fiscal_year_start');
  assert.equal(parse({ limit: '400' }).limit, 400);
  assert.equal(parse({ limit: '' }).limit, 10);
});

test('cross-field rules: start after end is invalid', () => {
  assert.equal(validateTimeSeriesRange(parse({ fiscal_year_start: '2020', fiscal_year_end: '2020' })), null);
  assert.equal(validateTimeSeriesRange(parse({ fiscal_year_start: '2021', fiscal_year_end: '2020' }))?.param, 'fiscal_year_start');
  assert.equal(validateTimeSeriesRange(parse({ date_start: '2021-01-02', date_end: '2021-01-01' }))?.param, 'date_start');
});

test('isValidDate checks the calendar', () => {
  assert.ok(isValidDate('2024-02-29'));
  assert.ok(!isValidDate('2023-02-29'));
  assert.ok(!isValidDate('2023-13-01'));
  assert.ok(!isValidDate('2023-1-01'));
});
