// Unit tests of bench/record.ts: the benchmarks table is parsed, appended to and stays well-formed.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { appendRows, BENCHMARKS_FILE, benchRecorder, commandLine, parseTable, splitRow, type BenchRow } from './record.js';

const DOC = [
  '# Benchmarks',
  '',
  '| figure | value | baseline (same run) | date | machine load | command |',
  '|---|---|---|---|---|---|',
  '| ingest ratio | 1.97 | 1.80 | 2026-11-25 04:45 | 1.4–1.8 | `npm run bench:ingest -- --runs 2` |',
  '',
  'Notes after the table.',
  '',
].join('\n');

const row = (figure: string, value = '1'): BenchRow => ({ figure, value, baseline: '', date: '2026-11-28 21:30 UTC', load: '1.0 → 1.2', command: 'npm run bench:pit' });

test('parseTable reads the rows of the table under its header', () => {
  const t = parseTable(DOC);
  assert.equal(t.header, 2);
  assert.equal(t.end, 5);
  assert.deepEqual(t.rows, [{ figure: 'ingest ratio', value: '1.97', baseline: '1.80', date: '2026-11-25 04:45', load: '1.4–1.8', command: '`npm run bench:ingest -- --runs 2`' }]);
});

test('appendRows adds rows after the last one and keeps the rest of the document', () => {
  const out = appendRows(DOC, [row('a'), row('b | c', 'x\ny')]);
  const t = parseTable(out);
  assert.equal(t.rows.length, 3);
  assert.deepEqual(t.rows.map((r) => r.figure), ['ingest ratio', 'a', 'b | c']);
  assert.equal(t.rows[2]!.value, 'x y', 'a newline in a cell becomes a space');
  assert.ok(out.endsWith('\n\nNotes after the table.\n'));
  assert.equal(parseTable(appendRows(out, [row('d')])).rows.length, 4, 'appending again keeps it parseable');
});

test('splitRow keeps escaped bars inside their cell', () => {
  assert.deepEqual(splitRow('| a \\| b | c |'), ['a | b', 'c']);
  assert.deepEqual(splitRow('| `x\\\\` | y |'), ['`x\\`', 'y']);
});

test('a malformed table is refused, not appended to', () => {
  assert.throws(() => appendRows('# none\n', [row('a')]), /no table/);
  const short = DOC.replace('| ingest ratio | 1.97 |', '| ingest ratio |');
  assert.throws(() => appendRows(short, [row('a')]), /cells/);
  const noSep = DOC.replace('|---|---|---|---|---|---|\n', '');
  assert.throws(() => parseTable(noSep), /separator/);
});

test('commandLine names the npm script and its arguments, without --record', () => {
  assert.equal(commandLine('bench:serve', ['--', '--rounds', '3', '--record']), 'npm run bench:serve -- --rounds 3');
  assert.equal(commandLine('bench:pit', ['--record']), 'npm run bench:pit');
});

test('benchRecorder writes only with --record', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-record-'));
  try {
    const file = path.join(dir, 'benchmarks.md');
    fs.writeFileSync(file, DOC);
    const quiet = benchRecorder('bench:pit', []);
    quiet.add('p99', '40 ms');
    quiet.save(file);
    assert.equal(fs.readFileSync(file, 'utf8'), DOC);
    const rec = benchRecorder('bench:pit', ['--', '--requests', '10', '--record']);
    rec.add('p99', '40 ms', '4 ms');
    rec.save(file);
    const rows = parseTable(fs.readFileSync(file, 'utf8')).rows;
    assert.equal(rows.length, 2);
    assert.equal(rows[1]!.figure, 'p99');
    assert.equal(rows[1]!.baseline, '4 ms');
    assert.equal(rows[1]!.command, '`npm run bench:pit -- --requests 10`');
    assert.match(rows[1]!.date, /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    assert.match(rows[1]!.load, /^\d+\.\d → \d+\.\d, \d+ CPUs$/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('docs/benchmarks.md holds one well-formed table', () => {
  const t = parseTable(fs.readFileSync(BENCHMARKS_FILE, 'utf8'));
  assert.ok(t.rows.length > 0);
  for (const r of t.rows) assert.ok(r.figure && r.value && r.date && r.command, `row ${JSON.stringify(r)} names figure, value, date and command`);
});
