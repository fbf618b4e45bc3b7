// Field coverage of the corpus test dataset against the committed baseline
// (test/coverage-baseline.json): a field whose share of filled records drops by more than 0.5
// points fails unless the same change updates the baseline (scripts/coverage-report.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { coverageDrops, measureCoverage, readBaseline, type Coverage } from '../scripts/coverage-report.js';
import { companyTypeOfSic } from '../src/reference/company-type.js';
import { RECORD_FIELDS } from '../src/model/record-fields.js';

const datasetPath = path.join(process.env.TENK_TEST_HOME ?? path.resolve('.tenk-test'), 'dataset.sqlite');
const built = fs.existsSync(datasetPath);

describe('coverage rules on a tiny dataset built in the test', () => {
  test('company types from SIC codes: JPMorgan 6021 bank, Cincinnati Financial 6331 insurer, Prologis 6798 REIT', () => {
    assert.equal(companyTypeOfSic('6021'), 'bank');
    assert.equal(companyTypeOfSic('6331'), 'insurer');
    assert.equal(companyTypeOfSic('6411'), 'insurer');
    assert.equal(companyTypeOfSic('6798'), 'reit');
    assert.equal(companyTypeOfSic('4911'), 'utility');
    assert.equal(companyTypeOfSic('6282'), 'other_financial');
    assert.equal(companyTypeOfSic('3571'), 'industrial');
    assert.equal(companyTypeOfSic(null), 'industrial');
  });

  test('shares per field and type; a drop of more than 0.5 points is reported, 0.5 is not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-coverage-'));
    const file = path.join(dir, 'd.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE companies (cik TEXT, sic TEXT)');
    db.exec('CREATE TABLE records (cik TEXT, record_type TEXT, body TEXT)');
    db.exec('CREATE TABLE tickers (listed INTEGER, name TEXT, cik TEXT, exchange TEXT, exchange_name TEXT, mic TEXT, market TEXT, cusip TEXT, isin TEXT, first_seen TEXT, last_seen TEXT)');
    db.prepare('INSERT INTO companies VALUES (?, ?)').run('1', '6021');
    db.prepare('INSERT INTO companies VALUES (?, ?)').run('2', '3571');
    const put = db.prepare('INSERT INTO records VALUES (?, ?, ?)');
    put.run('1', 'credit', JSON.stringify({ bs_lt_borrow: null }));
    put.run('2', 'credit', JSON.stringify({ bs_lt_borrow: 5 }));
    put.run('2', 'credit', JSON.stringify({ bs_lt_borrow: 0 }));
    db.prepare('INSERT INTO tickers (listed, name, exchange) VALUES (?, ?, ?)').run(1, 'A', 'NYSE');
    db.prepare('INSERT INTO tickers (listed, name, exchange) VALUES (?, ?, ?)').run(0, 'B', null);
    db.close();
    const cov = measureCoverage(file);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.deepEqual(cov['credit.bs_lt_borrow'], { records: 3, filled: 2, pct: 66.67 }); // a reported 0 is a value
    assert.deepEqual(cov['credit.bs_lt_borrow@bank'], { records: 1, filled: 0, pct: 0 });
    assert.deepEqual(cov['credit.bs_lt_borrow@industrial'], { records: 2, filled: 2, pct: 100 });
    assert.deepEqual(cov['tickers.exchange'], { records: 2, filled: 1, pct: 50 });
    assert.deepEqual(cov['tickers.exchange@listed'], { records: 1, filled: 1, pct: 100 });
    const drops = coverageDrops({ 'credit.bs_lt_borrow': 67.17, 'credit.bs_lt_borrow@bank': 0.6, 'tickers.gone': 1 }, cov);
    assert.deepEqual(drops.map((d) => d.key), ['credit.bs_lt_borrow@bank', 'tickers.gone']);
  });

  test('IFRS filers beside US GAAP filers: shares per the company\'s taxonomy (@ifrs-full, @us-gaap)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-coverage-'));
    const file = path.join(dir, 'd.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE companies (cik TEXT, sic TEXT, taxonomy TEXT)');
    db.exec('CREATE TABLE records (cik TEXT, record_type TEXT, body TEXT)');
    db.exec('CREATE TABLE tickers (listed INTEGER, name TEXT, cik TEXT, exchange TEXT, exchange_name TEXT, mic TEXT, market TEXT, cusip TEXT, isin TEXT, first_seen TEXT, last_seen TEXT)');
    db.prepare('INSERT INTO companies VALUES (?, ?, ?)').run('1', '3674', 'ifrs-full');
    db.prepare('INSERT INTO companies VALUES (?, ?, ?)').run('2', '3571', 'us-gaap');
    const put = db.prepare('INSERT INTO records VALUES (?, ?, ?)');
    put.run('1', 'credit', JSON.stringify({ bs_lt_borrow: null }));
    put.run('2', 'credit', JSON.stringify({ bs_lt_borrow: 5 }));
    db.close();
    const cov = measureCoverage(file);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.deepEqual(cov['credit.bs_lt_borrow@ifrs-full'], { records: 1, filled: 0, pct: 0 });
    assert.deepEqual(cov['credit.bs_lt_borrow@us-gaap'], { records: 1, filled: 1, pct: 100 });
  });
});

describe('coverage of the corpus test dataset', { skip: built ? false : 'corpus test dataset not built (run npm test)' }, () => {
  test('no field lost more than 0.5 points against test/coverage-baseline.json', () => {
    const now: Coverage = measureCoverage(datasetPath);
    const drops = coverageDrops(readBaseline(), now);
    assert.deepEqual(drops.map((d) => `${d.key}: ${d.baseline} -> ${d.now ?? 'missing'}`), [],
      'coverage dropped; if intended, regenerate the baseline (node --import tsx scripts/coverage-report.ts --write-baseline)');
  });

  test('the baseline names every field of every record type', () => {
    const baseline = readBaseline();
    const missing: string[] = [];
    for (const [type, fields] of Object.entries(RECORD_FIELDS)) {
      for (const f of fields) if (!(`${type}.${f}` in baseline)) missing.push(`${type}.${f}`);
    }
    assert.deepEqual(missing, [], 'fields without a baseline: regenerate it');
  });
});
