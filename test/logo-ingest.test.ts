// The logos build step on a tiny source built here: files matched to CIKs through `tickers`, one
// logo per CIK (SEC's first-listed ticker wins), skips for non-PNG files and unknown tickers, the
// stored SHA-256, and a missing logos/ directory as a note with an empty table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { logoStep } from '../src/ingest/logo-step.js';
import { createBuildContext, type BuildReport } from '../src/ingest/build-step.js';
import { silentProgress } from '../src/ingest/progress.js';
import { buildTinyDataset } from './support/tiny-dataset.js';

interface Collected extends BuildReport { skips: string[]; notes: string[]; counts: Map<string, number> }

function collector(): Collected {
  const r: Collected = {
    skips: [], notes: [], counts: new Map(),
    skip(subject, reason) { r.skips.push(`${subject}: ${reason}`); },
    count(label, n = 1) { r.counts.set(label, (r.counts.get(label) ?? 0) + n); },
    note(line) { r.notes.push(line); },
  };
  return r;
}

async function runStep(datasetFile: string, sourceDir: string): Promise<{ db: Database.Database; report: Collected }> {
  const db = new Database(datasetFile);
  for (const sql of logoStep.ddl) db.exec(sql);
  const report = collector();
  await logoStep.run(createBuildContext({ dataset: db, sourceDir, progress: silentProgress(), report }, [logoStep]));
  return { db, report };
}

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 8, height: 6, channels: 4, background: { r, g, b, alpha: 1 } } }).png().toBuffer();

test('logo files are matched to companies by ticker, one per CIK', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-logo-ingest-'));
  try {
    const file = buildTinyDataset([
      { cik: '0000000201', ticker: 'AAA', tickers: ['AAA', 'AAA-B'], years: [2024] },
      { cik: '0000000202', ticker: 'BBB', years: [2024] },
    ], path.join(dir, 'dataset.sqlite'));
    // SEC lists the class B line first for this synthetic company.
    const setup = new Database(file);
    setup.prepare('UPDATE tickers SET sec_rank = ? WHERE symbol = ?').run(1, 'AAA-B');
    setup.prepare('UPDATE tickers SET sec_rank = ? WHERE symbol = ?').run(2, 'AAA');
    setup.close();
    const src = path.join(dir, 'src');
    fs.mkdirSync(path.join(src, 'logos'), { recursive: true });
    const files: Record<string, Buffer> = {
      'AAA.png': await png(255, 0, 0), 'AAA.B.png': await png(0, 255, 0), 'BBB.png': await png(0, 0, 255),
      'ZZZ.png': await png(9, 9, 9), 'NOTPNG.png': Buffer.from('GIF89a not a png at all'),
    };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(src, 'logos', name), bytes);
    fs.writeFileSync(path.join(src, 'logos', 'README.txt'), 'not a logo');

    const { db, report } = await runStep(file, src);
    const rows = db.prepare('SELECT cik, symbol, sha256, bytes FROM logos ORDER BY cik').all() as Array<{ cik: string; symbol: string; sha256: string; bytes: Buffer }>;
    db.close();
    assert.deepEqual(rows.map((r) => [r.cik, r.symbol]), [['0000000201', 'AAA-B'], ['0000000202', 'BBB']]);
    assert.deepEqual(rows[0]!.bytes, files['AAA.B.png']);
    assert.deepEqual(rows[1]!.bytes, files['BBB.png']);
    for (const r of rows) assert.equal(r.sha256, crypto.createHash('sha256').update(r.bytes).digest('hex'));
    assert.deepEqual(report.skips.sort(), [
      'logo AAA.png: company already has the logo of AAA-B',
      'logo NOTPNG.png: not a PNG file',
      'logo ZZZ.png: no company has this ticker',
    ]);
    assert.equal(report.counts.get('logos'), 2);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('no logos/ directory: a note and an empty table', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-logo-ingest-'));
  try {
    const file = buildTinyDataset([{ cik: '0000000201', ticker: 'AAA', years: [2024] }], path.join(dir, 'dataset.sqlite'));
    const { db, report } = await runStep(file, path.join(dir, 'empty-source'));
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM logos').get() as { n: number }).n, 0);
    db.close();
    assert.equal(report.notes.length, 1);
    assert.match(report.notes[0]!, /no logos\/ directory/);
    assert.equal(report.counts.get('logos'), 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
