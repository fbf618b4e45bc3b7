import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildDataset } from '../src/ingest/build-dataset.js';
import { fxStep } from '../src/ingest/fx-step.js';

function tmpSource(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-fxstep-'));
}

test('fx step: rates per currency and date, N/A left out, runs across a gap', async () => {
  const dir = tmpSource();
  try {
    fs.mkdirSync(path.join(dir, 'fx'));
    // Newest first as the ECB writes it; ISK pauses on 2008-12-10.
    fs.writeFileSync(path.join(dir, 'fx', 'eurofxref-hist.csv'),
      'Date,USD,ISK,CYP,\n2018-02-01,1.2459,125.6,N/A,\n2008-12-10,1.2969,N/A,N/A,\n2008-12-09,1.2893,260.0,N/A,\n2007-12-31,1.4721,91.9,0.585274,\n');
    const target = path.join(dir, 'out', 'dataset.sqlite');
    const summary = await buildDataset({ sourceDir: dir, targetPath: target, steps: [fxStep] });
    assert.equal(summary.counts['fx currencies'], 3);
    assert.equal(summary.counts['fx rates'], 8);
    const db = new Database(target, { readonly: true });
    try {
      assert.deepEqual(db.prepare("SELECT date, rate FROM fx_rates WHERE currency = 'ISK' ORDER BY date").all(), [
        { date: '2007-12-31', rate: 91.9 }, { date: '2008-12-09', rate: 260 }, { date: '2018-02-01', rate: 125.6 },
      ]);
      assert.deepEqual(db.prepare('SELECT currency, first_date, last_date FROM fx_runs ORDER BY currency, first_date').all(), [
        { currency: 'CYP', first_date: '2007-12-31', last_date: '2007-12-31' },
        { currency: 'ISK', first_date: '2007-12-31', last_date: '2008-12-09' },
        { currency: 'ISK', first_date: '2018-02-01', last_date: '2018-02-01' },
        { currency: 'USD', first_date: '2007-12-31', last_date: '2018-02-01' },
      ]);
      assert.equal((db.prepare("SELECT COUNT(*) AS n FROM fx_rates WHERE currency = 'EUR'").get() as { n: number }).n, 0);
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('fx step: no fx file is a note and empty tables, not a failure', async () => {
  const dir = tmpSource();
  try {
    const target = path.join(dir, 'out', 'dataset.sqlite');
    const summary = await buildDataset({ sourceDir: dir, targetPath: target, steps: [fxStep] });
    assert.ok(summary.notes.some((n) => /no fx\/eurofxref-hist\.csv\.gz/.test(n)), summary.notes.join('\n'));
    const db = new Database(target, { readonly: true });
    try {
      assert.equal((db.prepare('SELECT COUNT(*) AS n FROM fx_rates').get() as { n: number }).n, 0);
      assert.equal((db.prepare('SELECT COUNT(*) AS n FROM fx_runs').get() as { n: number }).n, 0);
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
