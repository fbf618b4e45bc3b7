// The companyfacts step on damaged mirrors: a truncated zip entry, invalid JSON and a company
// without us-gaap/ifrs-full facts are skipped with their reason, next to good companies that are
// built exactly as standardizeCompany builds them; missing file sets are notes, not crashes.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { buildDataset, type BuildSummary } from '../src/ingest/build-dataset.js';
import type { BuildStep } from '../src/ingest/build-step.js';
import { companyfactsStep } from '../src/ingest/companyfacts-step.js';
import type { CompanyStatements } from '../src/model/record-types.js';
import { standardizeCompany } from '../src/xbrl/standardize-company.js';
import { corpusFile, tempDir, writeZip } from './ingest-fixtures.js';

const SOLVENTUM = '0001964738';
const BLACKROCK = '0002012383';

function capture(into: { statements?: ReadonlyMap<string, CompanyStatements>; tickers?: ReadonlyMap<string, string> }): BuildStep {
  return {
    name: 'capture',
    ddl: [],
    async run(ctx) {
      into.statements = ctx.handoffs.statements.get('capture');
      into.tickers = ctx.handoffs.primaryTickers.get('capture');
    },
  };
}

describe('ingest of a mirror with damaged company files', () => {
  let dir = '';
  let summary: BuildSummary;
  let db: Database.Database;
  const got: { statements?: ReadonlyMap<string, CompanyStatements>; tickers?: ReadonlyMap<string, string> } = {};
  let solventumFacts: Buffer;
  let blackrockFacts: Buffer;

  before(async () => {
    dir = tempDir('ingest-robust');
    solventumFacts = await corpusFile('companyfacts', SOLVENTUM);
    blackrockFacts = await corpusFile('companyfacts', BLACKROCK);
    const solventumSubmission = await corpusFile('submissions', SOLVENTUM);
    fs.mkdirSync(path.join(dir, 'sec', 'companyfacts'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'sec', 'submissions'), { recursive: true });
    const shell = { cik: 13, entityName: 'Shell Co', facts: { dei: { EntityCommonStockSharesOutstanding: { units: { shares: [{ end: '2024-12-31', val: 5 }] } } } } };
    writeZip(path.join(dir, 'sec', 'companyfacts.zip'), [
      { name: `CIK${SOLVENTUM}.json`, data: solventumFacts },
      { name: 'CIK0000000011.json', data: blackrockFacts, damage: (d) => d.subarray(0, Math.floor(d.length / 3)) },
      { name: 'CIK0000000012.json', data: blackrockFacts.subarray(0, 50_000) },
      { name: 'CIK0000000013.json', data: Buffer.from(JSON.stringify(shell)) },
      { name: `CIK${BLACKROCK}.json`, data: Buffer.from('{"cik": 2012383, "facts": {"us-gaap": ') },
    ]);
    // The plain file wins over the broken zip entry of the same CIK.
    fs.writeFileSync(path.join(dir, 'sec', 'companyfacts', `CIK${BLACKROCK}.json`), blackrockFacts);
    fs.writeFileSync(path.join(dir, 'sec', 'submissions', `CIK${SOLVENTUM}.json`), solventumSubmission);
    fs.writeFileSync(path.join(dir, 'sec', 'submissions', 'CIK0000000013.json'),
      JSON.stringify({ cik: '0000000013', name: 'Shell Holdings', tickers: ['SHL'], exchanges: ['NYSE'], fiscalYearEnd: '0630' }));
    fs.writeFileSync(path.join(dir, 'sec', 'submissions', 'CIK0000000099.json'), JSON.stringify({ cik: '99', name: 'Some Fund', tickers: [] }));
    fs.writeFileSync(path.join(dir, 'sec', 'submissions', 'CIK0000000098.json'), '{"cik": "98", "name": "Tru');
    summary = await buildDataset({ sourceDir: dir, targetPath: path.join(dir, 'home', 'dataset.sqlite'), steps: [companyfactsStep, capture(got)] });
    db = new Database(summary.targetPath, { readonly: true });
  });

  after(() => {
    db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('each bad company file is skipped with its own reason', () => {
    const reasons = Object.fromEntries(summary.skipped.map((s) => [s.subject, s.reason]));
    assert.deepEqual(Object.keys(reasons).sort(), ['CIK0000000011', 'CIK0000000012', 'CIK0000000013 (Shell Holdings)']);
    assert.match(reasons.CIK0000000011!, /truncated/);
    assert.match(reasons.CIK0000000012!, /invalid JSON/);
    assert.match(reasons['CIK0000000013 (Shell Holdings)']!, /no us-gaap or ifrs-full facts/);
    assert.equal(summary.counts['companies built'], 2);
    assert.equal(summary.counts['companies skipped'], 3);
    const stored = db.prepare('SELECT subject, reason FROM ingest_skipped ORDER BY subject').all() as Array<{ subject: string }>;
    assert.deepEqual(stored.map((r) => r.subject), ['CIK0000000011', 'CIK0000000012', 'CIK0000000013 (Shell Holdings)']);
  });

  test('good companies next to bad files are built exactly as standardizeCompany builds them', () => {
    assert.deepEqual([...(got.statements?.keys() ?? [])], [SOLVENTUM, BLACKROCK]);
    const solventum = standardizeCompany(JSON.parse(solventumFacts.toString('utf8')), { fiscalYearEnd: '1231' });
    const blackrock = standardizeCompany(JSON.parse(blackrockFacts.toString('utf8')), { fiscalYearEnd: null });
    assert.ok(solventum.ok && blackrock.ok, 'fixture companies standardize');
    assert.deepEqual(got.statements!.get(SOLVENTUM), solventum.statements);
    assert.deepEqual(got.statements!.get(BLACKROCK), blackrock.statements);
    assert.ok(solventum.statements.records.length > 0);
    assert.deepEqual([...got.tickers!], [['0000000013', 'SHL'], [SOLVENTUM, 'SOLV']]);
  });

  test('companies table holds every submissions filer and facts company', () => {
    const rows = db.prepare('SELECT cik, name, ticker, tickers, fiscal_year_end, has_facts, has_submissions, facts_skip_reason, currency, taxonomy FROM companies ORDER BY cik').all() as Array<Record<string, unknown>>;
    assert.deepEqual(rows.map((r) => [r.cik, r.has_facts, r.has_submissions]), [
      ['0000000011', 0, 0], ['0000000012', 0, 0], ['0000000013', 0, 1], ['0000000099', 0, 1], [SOLVENTUM, 1, 1], [BLACKROCK, 1, 0],
    ]);
    const solv = rows.find((r) => r.cik === SOLVENTUM)!;
    assert.equal(solv.name, 'Solventum Corp');
    assert.equal(solv.ticker, 'SOLV');
    assert.equal(solv.fiscal_year_end, '1231');
    assert.equal(solv.currency, 'USD');
    assert.equal(solv.taxonomy, 'us-gaap');
    const blk = rows.find((r) => r.cik === BLACKROCK)!;
    assert.equal(blk.name, 'BlackRock, Inc.', 'name from the facts when there is no submissions file');
    assert.equal(blk.ticker, null, 'no ticker source in this mirror: null, not made up');
    const shell = rows.find((r) => r.cik === '0000000013')!;
    assert.equal(shell.ticker, 'SHL');
    assert.match(String(shell.facts_skip_reason), /no us-gaap or ifrs-full facts/);
  });

  test('unmapped concepts of built companies are written', () => {
    const expected = [...got.statements!.values()].reduce((n, s) => n + s.unmapped.length, 0);
    const n = (db.prepare('SELECT COUNT(*) AS n FROM unmapped_concepts').get() as { n: number }).n;
    assert.equal(n, expected);
    const ciks = (db.prepare('SELECT DISTINCT cik FROM unmapped_concepts ORDER BY cik').all() as Array<{ cik: string }>).map((r) => r.cik);
    for (const cik of ciks) assert.ok([SOLVENTUM, BLACKROCK].includes(cik));
  });

  test('a broken submissions file and a missing ticker file are notes', () => {
    const notes = summary.notes.join('\n');
    assert.match(notes, /company_tickers_exchange\.json/);
    assert.match(notes, /submissions file left out: submissions\/CIK0000000098\.json: invalid JSON/);
  });
});

describe('ingest of mirrors with missing file sets', () => {
  test('no SEC data at all fails the build and leaves the previous dataset untouched', async () => {
    const dir = tempDir('ingest-empty');
    try {
      const target = path.join(dir, 'home', 'dataset.sqlite');
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, 'previous dataset');
      await assert.rejects(buildDataset({ sourceDir: dir, targetPath: target, steps: [companyfactsStep] }), /no SEC data in the source mirror/);
      assert.equal(fs.readFileSync(target, 'utf8'), 'previous dataset');
      assert.deepEqual(fs.readdirSync(path.dirname(target)), ['dataset.sqlite'], 'the failed build removed its file');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('submissions without companyfacts: profiles are built and the missing set is noted', async () => {
    const dir = tempDir('ingest-nofacts');
    try {
      fs.mkdirSync(path.join(dir, 'sec', 'submissions'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'sec', 'submissions', 'CIK0000000013.json'), JSON.stringify({ cik: '13', name: 'Shell Holdings', tickers: ['SHL'] }));
      const summary = await buildDataset({ sourceDir: dir, targetPath: path.join(dir, 'home', 'dataset.sqlite'), steps: [companyfactsStep] });
      assert.match(summary.notes.join('\n'), /no SEC companyfacts in the source mirror/);
      assert.equal(summary.counts['companies built'], 0);
      const db = new Database(summary.targetPath, { readonly: true });
      try {
        assert.deepEqual(db.prepare('SELECT cik, name, ticker, has_facts FROM companies').all(), [{ cik: '0000000013', name: 'Shell Holdings', ticker: 'SHL', has_facts: 0 }]);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
