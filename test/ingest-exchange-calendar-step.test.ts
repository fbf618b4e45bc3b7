import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildDataset } from '../src/ingest/build-dataset.js';
import { exchangeCalendarStep } from '../src/ingest/exchange-calendar-step.js';

function tmpDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-calstep-'));
}

test('no calendars/ directory: a report note and two empty tables', async () => {
  const dir = tmpDir();
  const target = path.join(dir, 'out', 'dataset.sqlite');
  const summary = await buildDataset({ sourceDir: dir, targetPath: target, steps: [exchangeCalendarStep] });
  assert.ok(summary.notes.some((n) => /no calendars\/ directory/.test(n)));
  const db = new Database(target, { readonly: true });
  assert.equal((db.prepare('SELECT count(*) AS n FROM exchange_holidays').get() as { n: number }).n, 0);
  assert.equal((db.prepare('SELECT count(*) AS n FROM trading_hours').get() as { n: number }).n, 0);
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('rows are written as read; malformed and repeated rows are skipped and reported', async () => {
  const dir = tmpDir();
  fs.mkdirSync(path.join(dir, 'calendars'));
  fs.writeFileSync(path.join(dir, 'calendars', 'exchange_holidays.csv'),
    'mic,date,kind,name,close_time\nXNYS,2025-12-24,early_close,Christmas Eve,13:00\nXNYS,2025-12-25,closed,Christmas Day,\nXNYS,2025-12-25,closed,Again,\nXNYS,2025-12-32,closed,Bad,\n');
  fs.writeFileSync(path.join(dir, 'calendars', 'trading_hours.csv'),
    'mic,timezone,open,close,break_start,break_end,valid_from\nXJPX,Asia/Tokyo,09:00,15:00,11:30,12:30,\nXJPX,Asia/Tokyo,09:00,15:30,11:30,12:30,2024-11-05\nXJPX,Asia/Tokyo,09:00,14:00,,,\n');
  const target = path.join(dir, 'out', 'dataset.sqlite');
  const summary = await buildDataset({ sourceDir: dir, targetPath: target, steps: [exchangeCalendarStep] });
  assert.equal(summary.counts['exchange holidays'], 2);
  assert.equal(summary.counts['trading-hours regimes'], 2);
  assert.equal(summary.skipped.length, 3);
  const db = new Database(target, { readonly: true });
  assert.deepEqual(db.prepare('SELECT mic, date, kind, name, close_time FROM exchange_holidays ORDER BY date').all(), [
    { mic: 'XNYS', date: '2025-12-24', kind: 'early_close', name: 'Christmas Eve', close_time: '13:00' },
    { mic: 'XNYS', date: '2025-12-25', kind: 'closed', name: 'Christmas Day', close_time: null },
  ]);
  assert.deepEqual(db.prepare('SELECT close, break_start, valid_from FROM trading_hours ORDER BY ifnull(valid_from, \'\')').all(), [
    { close: '15:00', break_start: '11:30', valid_from: null },
    { close: '15:30', break_start: '11:30', valid_from: '2024-11-05' },
  ]);
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
