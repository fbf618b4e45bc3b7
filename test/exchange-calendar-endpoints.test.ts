// The exchange-calendar endpoints on a running server over the corpus calendars: NYSE's published
// holidays of 2025 and 2026, unscheduled closures, JPX's and HKEX's sessions, NASDAQ on NYSE's
// calendar, the MIC <-> exchange code map against /v3.0.0/exchanges, plan access and every error path.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { referenceStep } from '../src/ingest/reference-step.js';
import { exchangeCalendarStep } from '../src/ingest/exchange-calendar-step.js';
import { readHolidaysCsv, readTradingHoursCsv } from '../src/sources/exchange-calendar-csv.js';
import { expectError } from './support/security-suite.js';
import { startServerOnSteps, type TestServer } from './support/test-server.js';
import { corpusDir } from './reference-fixture.js';

let server: TestServer;
let key: string;
before(async () => {
  // run alone (without `npm test`): a dataset of the steps these endpoints read
  server = await startServerOnSteps([referenceStep, exchangeCalendarStep]);
  key = server.keys.professional;
});
after(async () => { await server.close(); });

async function json(p: string, k: string = key): Promise<any> {
  const res = await server.get(p, { key: k });
  const text = await res.text();
  assert.equal(res.status, 200, `${p}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** NYSE's published holiday schedule (nyse.com, "Holidays & Trading Hours"): full closures, then early closes at 13:00. */
const NYSE_PUBLISHED: Record<number, { closed: Array<[string, RegExp]>; early: string[] }> = {
  2025: {
    closed: [
      ['2025-01-01', /New Year/], ['2025-01-20', /Martin Luther King/], ['2025-02-17', /Washington/], ['2025-04-18', /Good Friday/],
      ['2025-05-26', /Memorial/], ['2025-06-19', /Juneteenth/], ['2025-07-04', /Independence/], ['2025-09-01', /Labor/],
      ['2025-11-27', /Thanksgiving/], ['2025-12-25', /Christmas/],
      // Unscheduled: national day of mourning for President Carter, announced 2024-12-30.
      ['2025-01-09', /Mourning.*Carter/],
    ],
    early: ['2025-07-03', '2025-11-28', '2025-12-24'],
  },
  2026: {
    closed: [
      ['2026-01-01', /New Year/], ['2026-01-19', /Martin Luther King/], ['2026-02-16', /Washington/], ['2026-04-03', /Good Friday/],
      ['2026-05-25', /Memorial/], ['2026-06-19', /Juneteenth/], ['2026-07-03', /Independence/], ['2026-09-07', /Labor/],
      ['2026-11-26', /Thanksgiving/], ['2026-12-25', /Christmas/],
    ],
    early: ['2026-11-27', '2026-12-24'],
  },
};

describe('holidays', () => {
  for (const year of [2025, 2026]) {
    test(`NYSE ${year} equals the exchange's published list`, async () => {
      const body = await json(`/v3.0.0/exchanges/NYSE/holidays?year=${year}`);
      assert.deepEqual(Object.keys(body), ['exchange', 'mic', 'timezone', 'year', 'data', 'next_page_url', 'previous_page_url']);
      assert.deepEqual([body.exchange, body.mic, body.timezone, body.year, body.next_page_url, body.previous_page_url],
        ['NYSE', 'XNYS', 'America/New_York', year, null, null]);
      const published = NYSE_PUBLISHED[year]!;
      const closed = body.data.filter((h: any) => h.kind === 'closed');
      const early = body.data.filter((h: any) => h.kind === 'early_close');
      assert.deepEqual(closed.map((h: any) => h.date), published.closed.map(([d]) => d).sort());
      for (const [date, name] of published.closed) {
        const h = closed.find((x: any) => x.date === date);
        assert.match(h.name, name, date);
        assert.equal(h.close_time, null);
      }
      assert.deepEqual(early.map((h: any) => [h.date, h.close_time]), published.early.map((d) => [d, '13:00']));
      assert.deepEqual(body.data.map((h: any) => h.date), [...body.data.map((h: any) => h.date)].sort(), 'ordered by date');
      for (const h of body.data) assert.deepEqual(Object.keys(h), ['date', 'name', 'kind', 'close_time']);
    });
  }

  test('unscheduled closures: Hurricane Sandy 2012-10-29/30 and the day of mourning 2018-12-05', async () => {
    const closedIn = async (year: number) => (await json(`/v3.0.0/exchanges/nyse/holidays?year=${year}`)).data.filter((h: any) => h.kind === 'closed').map((h: any) => h.date);
    const y2012 = await closedIn(2012);
    assert.ok(y2012.includes('2012-10-29') && y2012.includes('2012-10-30'));
    assert.ok((await closedIn(2018)).includes('2018-12-05'));
  });

  test('the default year is the current year of the clock (2026 on the test clock)', async () => {
    const body = await json('/v3.0.0/exchanges/XNYS/holidays');
    assert.equal(body.year, 2026);
    assert.deepEqual(body, await json('/v3.0.0/exchanges/NYSE/holidays?year=2026'));
  });

  test('NASDAQ (by exchange code) follows NYSE\'s calendar in every year of the data', async () => {
    for (let year = 2000; year <= 2030; year += 1) {
      const nyse = await json(`/v3.0.0/exchanges/NYSE/holidays?year=${year}`);
      const nasdaq = await json(`/v3.0.0/exchanges/nasdaq/holidays?year=${year}`);
      assert.equal(nasdaq.exchange, 'NASDAQ');
      assert.equal(nasdaq.mic, 'XNAS');
      assert.ok(nyse.data.length >= 9, `${year}: ${nyse.data.length} NYSE rows`);
      assert.deepEqual(nasdaq.data, nyse.data, String(year));
    }
  });

  test('every venue answers its holidays as the corpus file lists them; venues without a catalog exchange by MIC', async () => {
    const file = readHolidaysCsv(corpusDir())!;
    const byMic = new Map<string, typeof file.rows>();
    for (const r of file.rows) byMic.set(r.mic, [...(byMic.get(r.mic) ?? []), r]);
    assert.equal(byMic.size, 12);
    for (const [mic, rows] of byMic) {
      const year = Number(rows[rows.length - 1]!.date.slice(0, 4)) - 10;
      const body = await json(`/v3.0.0/exchanges/${mic.toLowerCase()}/holidays?year=${year}`);
      assert.equal(body.mic, mic);
      const expected = rows.filter((r) => r.date.startsWith(`${year}-`)).map((r) => ({ date: r.date, name: r.name, kind: r.kind, close_time: r.closeTime }));
      assert.deepEqual(body.data, expected.sort((a, b) => (a.date < b.date ? -1 : 1)), mic);
    }
    const lse = await json('/v3.0.0/exchanges/XLON/holidays?year=2025');
    assert.equal(lse.exchange, null);
    assert.equal(lse.timezone, 'Europe/London');
    assert.ok(lse.data.some((h: any) => h.kind === 'early_close' && h.close_time === '12:30'));
  });

  test('a year outside the data is 404 naming the years covered', async () => {
    const msg = await expectError(await server.get('/v3.0.0/exchanges/XETR/holidays?year=2015', { key }), 404, 'v3', 'resource_missing');
    assert.match(msg, /2016-2030/);
    assert.match(await expectError(await server.get('/v3.0.0/exchanges/NYSE/holidays?year=1999', { key }), 404, 'v3', 'resource_missing'), /2000-2030/);
    assert.match(await expectError(await server.get('/v3.0.0/exchanges/XHKG/holidays?year=2031', { key }), 404, 'v3', 'resource_missing'), /2014-2030/);
  });

  test('a malformed year is 400 naming the parameter', async () => {
    for (const y of ['abc', '20x5', '99999', '2025.5']) {
      const res = await server.get(`/v3.0.0/exchanges/NYSE/holidays?year=${y}`, { key });
      const body = JSON.parse(await res.clone().text());
      await expectError(res, 400, 'v3', 'parameter_invalid');
      assert.equal(body.error.param, 'year');
    }
  });
});

describe('trading hours', () => {
  test('JPX closes at 15:00, then 15:30 from 2024-11-05, with its lunch break', async () => {
    const before = await json('/v3.0.0/exchanges/XJPX/trading-hours?date=2024-11-04');
    assert.deepEqual(before.regular_session, { open: '09:00', close: '15:00', lunch_break: { start: '11:30', end: '12:30' } });
    assert.deepEqual([before.valid_from, before.valid_to], [null, '2024-11-04']);
    const from = await json('/v3.0.0/exchanges/xjpx/trading-hours?date=2024-11-05');
    assert.equal(from.regular_session.close, '15:30');
    assert.deepEqual([from.valid_from, from.valid_to], ['2024-11-05', null]);
    const today = await json('/v3.0.0/exchanges/XJPX/trading-hours');
    assert.equal(today.date, '2026-01-15');
    assert.equal(today.regular_session.close, '15:30');
    assert.deepEqual(Object.keys(today), ['id', 'object', 'exchange', 'mic', 'timezone', 'date', 'regular_session', 'pre_market', 'post_market', 'valid_from', 'valid_to', 'regimes']);
    assert.match(today.id, /^trh_[0-9a-f]{16}$/);
    assert.equal(today.object, 'v3.reference.trading_hours');
    assert.deepEqual([today.exchange, today.mic, today.timezone, today.pre_market, today.post_market], [null, 'XJPX', 'Asia/Tokyo', null, null]);
    assert.deepEqual(today.regimes.map((r: any) => [r.valid_from, r.valid_to, r.regular_session.close, r.pre_market, r.post_market]),
      [[null, '2024-11-04', '15:00', null, null], ['2024-11-05', null, '15:30', null, null]]);
    assert.equal((await json('/v3.0.0/exchanges/XJPX/trading-hours?date=2010-01-04')).id, today.id, 'the id does not depend on the date');
  });

  test('HKEX has a lunch break; it opens at 09:30 from 2011-03-07 (10:00 before)', async () => {
    const now = await json('/v3.0.0/exchanges/XHKG/trading-hours');
    assert.deepEqual(now.regular_session, { open: '09:30', close: '16:00', lunch_break: { start: '12:00', end: '13:00' } });
    assert.equal(now.timezone, 'Asia/Hong_Kong');
    assert.equal((await json('/v3.0.0/exchanges/XHKG/trading-hours?date=2011-03-04')).regular_session.open, '10:00');
    assert.equal((await json('/v3.0.0/exchanges/XHKG/trading-hours?date=2011-03-07')).regular_session.open, '09:30');
  });

  test('NYSE and NASDAQ: 09:30-16:00 New York time, no lunch break; the exchange code and the MIC name the same resource', async () => {
    const nyse = await json('/v3.0.0/exchanges/NYSE/trading-hours');
    assert.deepEqual([nyse.exchange, nyse.mic, nyse.timezone, nyse.date], ['NYSE', 'XNYS', 'America/New_York', '2026-01-15']);
    assert.deepEqual(nyse.regular_session, { open: '09:30', close: '16:00', lunch_break: null });
    assert.deepEqual(await json('/v3.0.0/exchanges/xnys/trading-hours'), nyse);
    const nasdaq = await json('/v3.0.0/exchanges/Nasdaq/trading-hours');
    assert.deepEqual([nasdaq.exchange, nasdaq.mic], ['NASDAQ', 'XNAS']);
    assert.deepEqual(nasdaq.regimes, nyse.regimes);
    assert.notEqual(nasdaq.id, nyse.id);
  });

  test('every venue\'s regimes are the corpus file\'s', async () => {
    const file = readTradingHoursCsv(corpusDir())!;
    for (const mic of new Set(file.rows.map((r) => r.mic))) {
      const rows = file.rows.filter((r) => r.mic === mic).sort((a, b) => ((a.validFrom ?? '') < (b.validFrom ?? '') ? -1 : 1));
      const body = await json(`/v3.0.0/exchanges/${mic}/trading-hours`);
      assert.equal(body.timezone, rows[0]!.timezone);
      assert.deepEqual(body.regimes.map((r: any) => [r.valid_from, r.regular_session.open, r.regular_session.close, r.regular_session.lunch_break?.start ?? null, r.regular_session.lunch_break?.end ?? null]),
        rows.map((r) => [r.validFrom, r.open, r.close, r.breakStart, r.breakEnd]), mic);
    }
  });

  test('a malformed date is 400', async () => {
    await expectError(await server.get('/v3.0.0/exchanges/XJPX/trading-hours?date=2024-02-30', { key }), 400, 'v3', 'parameter_invalid');
  });
});

describe('exchange codes, plans and unknown exchanges', () => {
  test('every calendar MIC with a catalog exchange maps to a code of /v3.0.0/exchanges', async () => {
    const catalog = new Set((await json('/v3.0.0/exchanges')).data.map((e: any) => e.code));
    const seen: string[] = [];
    for (const mic of ['XNYS', 'XNAS', 'XASE', 'ARCX', 'BATS', 'XTSE', 'XLON', 'XETR', 'XPAR', 'XJPX', 'XHKG', 'XASX']) {
      const body = await json(`/v3.0.0/exchanges/${mic}/trading-hours`);
      if (body.exchange === null) continue;
      assert.ok(catalog.has(body.exchange), `${mic} -> ${body.exchange} not in the catalog`);
      assert.equal((await json(`/v3.0.0/exchanges/${body.exchange}/trading-hours`)).mic, mic);
      seen.push(body.exchange);
    }
    assert.deepEqual(seen, ['NYSE', 'NASDAQ', 'AMEX', 'ARCA', 'CBOE']);
  });

  test('a Free key gets 402 payment_required_error on both endpoints; Individual gets the data', async () => {
    for (const p of ['/v3.0.0/exchanges/NYSE/holidays?year=2025', '/v3.0.0/exchanges/NYSE/trading-hours']) {
      const res = await server.get(p, { key: server.keys.free });
      const body = JSON.parse(await res.clone().text());
      await expectError(res, 402, 'v3', 'plan_upgrade_required');
      assert.equal(body.error.type, 'payment_required_error');
      assert.match(body.error.message, /Free plan/);
      await json(p, server.keys.individual);
    }
  });

  test('an unknown exchange is 404 resource_missing naming it and the venues covered', async () => {
    for (const p of ['/v3.0.0/exchanges/NOPE/holidays?year=2025', '/v3.0.0/exchanges/NOPE/trading-hours']) {
      const msg = await expectError(await server.get(p, { key }), 404, 'v3', 'resource_missing');
      assert.match(msg, /unknown exchange 'NOPE'/);
      assert.match(msg, /NYSE \(XNYS\)/);
      assert.match(msg, /XLON/);
    }
    const iex = await expectError(await server.get('/v3.0.0/exchanges/IEX/trading-hours', { key }), 404, 'v3', 'resource_missing');
    assert.match(iex, /IEX \(IEXG\) has no calendar/);
    await expectError(await server.get('/v3.0.0/exchanges/NY%20SE/trading-hours', { key }), 400, 'v3', 'parameter_invalid');
  });
});

describe('the clock (runs last: it moves the test clock forward)', () => {
  test('the default date and year are those of the venue\'s time zone', async () => {
    server.clock.set('2026-01-15T16:00:00Z'); // 01:00 on the 16th in Tokyo, 11:00 on the 15th in New York
    assert.equal((await json('/v3.0.0/exchanges/XJPX/trading-hours')).date, '2026-01-16');
    assert.equal((await json('/v3.0.0/exchanges/NYSE/trading-hours')).date, '2026-01-15');
    server.clock.set('2026-12-31T20:00:00Z'); // New Year's Day 2027 in Tokyo, still 2026 in New York
    assert.equal((await json('/v3.0.0/exchanges/XJPX/holidays')).year, 2027);
    assert.equal((await json('/v3.0.0/exchanges/NYSE/holidays')).year, 2026);
  });
});
