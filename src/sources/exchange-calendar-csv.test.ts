import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseHolidaysCsv, parseTradingHoursCsv, readHolidaysCsv, readTradingHoursCsv } from './exchange-calendar-csv.js';

const CORPUS = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

test('holidays: closures, early closes with and without a time; malformed rows rejected', () => {
  const { rows, rejected } = parseHolidaysCsv([
    'mic,date,kind,name,close_time',
    'XNYS,2025-12-25,closed,Christmas Day,',
    'xnys,2025-12-24,early_close,Christmas Eve,13:00',
    'XASX,2004-04-08,early_close,Easter Thursday,',
    'XNYS,2025-02-30,closed,No such day,',
    'XNYS,2025-12-26,closed,Closed with a time,13:00',
    'XNYS,2025-12-31,half,Unknown kind,',
    'XNYS,2025-12-31,early_close,Bad time,25:00',
    'XNYS,2025-12-31,closed,,',
    '',
  ].join('\n'));
  assert.deepEqual(rows, [
    { mic: 'XNYS', date: '2025-12-25', kind: 'closed', name: 'Christmas Day', closeTime: null },
    { mic: 'XNYS', date: '2025-12-24', kind: 'early_close', name: 'Christmas Eve', closeTime: '13:00' },
    { mic: 'XASX', date: '2004-04-08', kind: 'early_close', name: 'Easter Thursday', closeTime: null },
  ]);
  assert.equal(rejected.length, 5);
});

test('trading hours: regimes with and without a lunch break and a start date; malformed rows rejected', () => {
  const { rows, rejected } = parseTradingHoursCsv([
    'mic,timezone,open,close,break_start,break_end,valid_from',
    'XJPX,Asia/Tokyo,09:00,15:30,11:30,12:30,2024-11-05',
    'XNYS,America/New_York,09:30,16:00,,,',
    'XHKG,Asia/Hong_Kong,09:30,16:00,12:00,,',
    'XLON,,08:00,16:30,,,',
    'XETR,Europe/Berlin,9:00,17:30,,,',
    'XPAR,Europe/Paris,09:00,17:30,,,2024-13-01',
    'XASX,Australia/Nowhere,10:00,16:00,,,',
  ].join('\r\n'));
  assert.deepEqual(rows, [
    { mic: 'XJPX', timezone: 'Asia/Tokyo', open: '09:00', close: '15:30', breakStart: '11:30', breakEnd: '12:30', validFrom: '2024-11-05' },
    { mic: 'XNYS', timezone: 'America/New_York', open: '09:30', close: '16:00', breakStart: null, breakEnd: null, validFrom: null },
  ]);
  assert.equal(rejected.length, 5);
});

test('a source mirror without calendars/ reads as null', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-cal-'));
  assert.equal(readHolidaysCsv(dir), null);
  assert.equal(readTradingHoursCsv(dir), null);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the corpus files read whole: 3,771 holiday rows and 14 regimes of 12 venues, none rejected', () => {
  const holidays = readHolidaysCsv(CORPUS)!;
  assert.equal(holidays.rejected.length, 0);
  assert.equal(holidays.rows.length, 3771);
  const hours = readTradingHoursCsv(CORPUS)!;
  assert.equal(hours.rejected.length, 0);
  assert.equal(hours.rows.length, 14);
  assert.equal(new Set(hours.rows.map((r) => r.mic)).size, 12);
  assert.deepEqual(new Set(holidays.rows.map((r) => r.mic)), new Set(hours.rows.map((r) => r.mic)));
});
