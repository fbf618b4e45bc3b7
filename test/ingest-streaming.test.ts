// When the records step runs right after the companyfacts step, each company's records are
// written as soon as it is standardized; the dataset must be identical to the one built when
// the statements are handed to the records step at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildDataset } from '../src/ingest/build-dataset.js';
import type { BuildStep } from '../src/ingest/build-step.js';
import { companyfactsStep } from '../src/ingest/companyfacts-step.js';
import { recordsStep } from '../src/ingest/records-step.js';
import { marketStep } from '../src/ingest/market-step.js';
import type { ProgressReporter } from '../src/ingest/progress.js';
import { tempDir, writeSmallMirror } from './ingest-fixtures.js';
import { parseBody } from '../src/dataset/codecs/record-body-codec.js';

const between: BuildStep = { name: 'between', ddl: [], async run() {} };

function recordingProgress(starts: Array<[string, number]>): ProgressReporter {
  return { start: (label, total) => { starts.push([label, total]); }, tick() {}, stop() {}, log() {} };
}

function dump(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const [table, order] of [['records', 'cik, record_type, period, date'], ['provenance', 'cik, record_type, period, date, field'],
      ['derivations', 'cik, record_type, period, date'], ['unmapped_concepts', 'cik, taxonomy, concept'], ['companies', 'cik']] as const) {
      out[table] = db.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).raw().all();
    }
    return out;
  } finally {
    db.close();
  }
}

test('streamed-records-equal-records-built-at-the-end', { timeout: 300_000 }, async () => {
  const dir = tempDir('ingest-stream');
  try {
    await writeSmallMirror(dir);
    const streamedStarts: Array<[string, number]> = [];
    const atEndStarts: Array<[string, number]> = [];
    const streamed = await buildDataset({ sourceDir: dir, targetPath: path.join(dir, 'a', 'dataset.sqlite'), steps: [marketStep, companyfactsStep, recordsStep], progress: recordingProgress(streamedStarts) });
    const atEnd = await buildDataset({ sourceDir: dir, targetPath: path.join(dir, 'b', 'dataset.sqlite'), steps: [marketStep, companyfactsStep, between, recordsStep], progress: recordingProgress(atEndStarts) });
    assert.deepEqual(streamedStarts.find(([l]) => l === 'records'), ['records', 0], 'nothing left for the records step: it was streamed');
    assert.deepEqual(atEndStarts.find(([l]) => l === 'records'), ['records', 2]);
    assert.ok((streamed.counts['records written'] ?? 0) > 100);
    assert.equal(streamed.counts['records written'], atEnd.counts['records written']);
    const db = new Database(streamed.targetPath, { readonly: true });
    try {
      const bodies = db.prepare("SELECT body FROM records WHERE cik = '0002012383' AND record_type = 'multiples'").pluck().all() as string[];
      const priced = bodies.filter((b) => Object.entries(parseBody('multiples', b)).some(([k, v]) => typeof v === 'number' && k !== 'fiscal_year'));
      assert.ok(priced.length > 0, 'BlackRock multiples use its prices');
    } finally {
      db.close();
    }
    const a = dump(streamed.targetPath);
    const b = dump(atEnd.targetPath);
    for (const table of Object.keys(a)) {
      assert.ok(a[table]!.length > 0, `${table} has rows`);
      assert.deepEqual(a[table], b[table], `${table} identical`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
