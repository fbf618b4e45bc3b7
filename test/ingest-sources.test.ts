// Readers of the SEC source mirror: zip + directory listing (a plain file wins), damaged zip
// entries detected, submissions and company_tickers_exchange parsed from real corpus files.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { listCikFiles, cikOfFileName } from '../src/sources/sec-cik-files.js';
import { decodePayload } from '../src/sources/sec-zip.js';
import { parseSubmission } from '../src/sources/sec-submissions.js';
import { readCompanyTickersExchange } from '../src/sources/sec-company-tickers-exchange.js';
import { corpusDir, corpusFile, tempDir, writeZip } from './ingest-fixtures.js';

describe('SEC CIK files from zip and directory', () => {
  test('a plain file wins over the zip entry of the same CIK; other names are noted', async () => {
    const dir = tempDir('ingest-src');
    try {
      fs.mkdirSync(path.join(dir, 'sec', 'companyfacts'), { recursive: true });
      writeZip(path.join(dir, 'sec', 'companyfacts.zip'), [
        { name: 'CIK0000000001.json', data: Buffer.from('{"from":"zip-1"}') },
        { name: 'CIK0000000002.json', data: Buffer.from('{"from":"zip-2"}') },
        { name: 'README.txt', data: Buffer.from('not a company') },
      ]);
      fs.writeFileSync(path.join(dir, 'sec', 'companyfacts', 'CIK0000000002.json'), '{"from":"dir-2"}');
      fs.writeFileSync(path.join(dir, 'sec', 'companyfacts', 'CIK0000000003.json'), '{"from":"dir-3"}');
      const set = await listCikFiles(dir, 'companyfacts');
      try {
        assert.deepEqual(set.sources.map((s) => s.cik), ['0000000001', '0000000002', '0000000003']);
        const got: Record<string, unknown> = {};
        for (const s of set.sources) got[s.cik] = JSON.parse(decodePayload(await s.read()).toString('utf8'));
        assert.deepEqual(got, { '0000000001': { from: 'zip-1' }, '0000000002': { from: 'dir-2' }, '0000000003': { from: 'dir-3' } });
        assert.equal(set.missing, false);
        assert.ok(set.notes.some((n) => n.includes('1 file(s) not named CIK')), set.notes.join('\n'));
      } finally {
        set.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a missing set is reported, an unreadable zip is a note and its directory still counts', async () => {
    const dir = tempDir('ingest-src');
    try {
      const none = await listCikFiles(dir, 'submissions');
      assert.equal(none.missing, true);
      assert.equal(none.sources.length, 0);
      assert.match(none.notes.join('\n'), /no SEC submissions/);
      fs.mkdirSync(path.join(dir, 'sec', 'submissions'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'sec', 'submissions.zip'), 'this is not a zip');
      fs.writeFileSync(path.join(dir, 'sec', 'submissions', 'CIK0000000009.json'), '{}');
      const bad = await listCikFiles(dir, 'submissions');
      bad.close();
      assert.equal(bad.missing, false);
      assert.deepEqual(bad.sources.map((s) => s.cik), ['0000000009']);
      assert.match(bad.notes.join('\n'), /submissions\.zip is unreadable/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('truncated and corrupted zip entries are errors, not bad data', async () => {
    const dir = tempDir('ingest-src');
    try {
      const data = Buffer.from(JSON.stringify({ facts: { 'us-gaap': { X: { units: { USD: [{ val: 1 }] } } } }, pad: 'x'.repeat(5000) }));
      fs.mkdirSync(path.join(dir, 'sec'));
      writeZip(path.join(dir, 'sec', 'companyfacts.zip'), [
        { name: 'CIK0000000001.json', data, damage: (d) => d.subarray(0, Math.floor(d.length / 2)) },
        { name: 'CIK0000000002.json', data, damage: (d) => { const c = Buffer.from(d); c[c.length - 3] = c[c.length - 3]! ^ 0xff; return c; } },
        { name: 'CIK0000000003.json', data },
      ]);
      const set = await listCikFiles(dir, 'companyfacts');
      try {
        const [truncated, corrupted, good] = await Promise.all(set.sources.map((s) => s.read()));
        assert.throws(() => decodePayload(truncated!), /truncated/);
        assert.throws(() => decodePayload(corrupted!), /truncated|corrupt|CRC/);
        assert.deepEqual(decodePayload(good!), data);
      } finally {
        set.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('file names: only CIK##########.json are company files', () => {
    assert.equal(cikOfFileName('CIK0000320193.json'), '0000320193');
    assert.equal(cikOfFileName('sub/dir/CIK0000320193.json'), '0000320193');
    assert.equal(cikOfFileName('CIK0000320193-submissions-001.json'), null);
    assert.equal(cikOfFileName('CIK320193.json'), null);
  });
});

describe('SEC submissions and ticker files (real corpus)', () => {
  test('apple-submissions-profile-fields', async () => {
    const filer = parseSubmission(JSON.parse((await corpusFile('submissions', '0000320193')).toString('utf8')), '0000320193');
    assert.equal(filer.cik, '0000320193');
    assert.equal(filer.name, 'Apple Inc.');
    assert.equal(filer.tickers[0], 'AAPL');
    assert.equal(filer.exchanges[0], 'Nasdaq');
    assert.equal(filer.sic, '3571');
    assert.equal(filer.fiscalYearEnd, '0926');
    assert.equal(filer.stateOfIncorporation, 'CA');
    assert.equal(filer.businessAddress?.city, 'CUPERTINO');
    assert.ok(filer.formerNames.some((f) => f.name === 'APPLE COMPUTER INC' && f.from === '1994-01-26'));
    assert.equal(filer.website, null, 'an empty website stays null, never ""');
  });

  test('submissions without a JSON object are rejected', () => {
    assert.throws(() => parseSubmission([1, 2], '0000000001'), /not a submissions JSON object/);
    assert.equal(parseSubmission({ name: 'X', fiscalYearEnd: '12' }, '0000000001').fiscalYearEnd, null);
  });

  test('company_tickers_exchange rows keep file order and pad CIKs', () => {
    const rows = readCompanyTickersExchange(path.join(corpusDir, 'sec', 'company_tickers_exchange.json'));
    assert.ok(rows && rows.length > 10_000);
    const nvda = rows.find((r) => r.ticker === 'NVDA');
    assert.deepEqual(nvda, { cik: '0001045810', name: 'NVIDIA CORP', ticker: 'NVDA', exchange: 'Nasdaq' });
    const alphabet = rows.filter((r) => r.cik === '0001652044').map((r) => r.ticker);
    assert.deepEqual(alphabet.slice(0, 2), ['GOOGL', 'GOOG']);
    assert.equal(readCompanyTickersExchange(path.join(corpusDir, 'sec', 'no-such-file.json')), null);
  });
});
