// The scale benchmark's mirror on a tiny corpus built here: clones read back through the product's
// own readers (zip entries inflate and pass their CRC-32 and size checks), with their original's
// facts, submissions, ticker rows, price files, splits and ADR ratios under the new identifiers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { listCikFiles } from '../src/sources/sec-cik-files.js';
import { decodePayload } from '../src/sources/sec-zip.js';
import { listPriceFiles } from '../src/sources/prices-set.js';
import { readSplitsCsv } from '../src/sources/splits-csv.js';
import { buildScaleMirror, cloneCik, cloneName, cloneSymbol, originalOf } from './scale-mirror.js';
import { createZipWriter } from './zip-writer.js';

function zipOf(file: string, entries: Record<string, string>): void {
  const zip = createZipWriter(file);
  for (const [name, text] of Object.entries(entries)) {
    const b = Buffer.from(text, 'utf8');
    zip.add({ name, method: 8, parts: [zlib.deflateRawSync(b)], crc32: zlib.crc32(b), size: b.length });
  }
  zip.close();
}

const facts = (cik: unknown, name: string, v: number) => ({
  cik, entityName: name,
  facts: { 'us-gaap': { Revenues: { label: 'Revenues', units: { USD: [{ end: '2020-12-31', val: v, accn: 'a', fy: 2020, fp: 'FY', form: '10-K', filed: '2021-02-01' }] } } } },
});

function tinyCorpus(dir: string): void {
  fs.mkdirSync(path.join(dir, 'sec', 'companyfacts'), { recursive: true });
  zipOf(path.join(dir, 'sec', 'companyfacts.zip'), {
    'CIK0000000001.json': JSON.stringify(facts(1, 'One Corp', 10)),
    'CIK0000000002.json': JSON.stringify(facts('0000000002', 'Two Inc', 20)),
  });
  fs.writeFileSync(path.join(dir, 'sec', 'companyfacts', 'CIK0000000003.json'), JSON.stringify(facts(3, 'Three Ltd', 30)));
  zipOf(path.join(dir, 'sec', 'submissions.zip'), {
    'CIK0000000001.json': JSON.stringify({ cik: '0000000001', name: 'One Corp', tickers: ['ONE'], exchanges: ['NYSE'], fiscalYearEnd: '1231' }),
    'CIK0000000002.json': JSON.stringify({ cik: '0000000002', name: 'Two Inc', tickers: ['TWO', 'TWO-B'], exchanges: ['Nasdaq', 'Nasdaq'], fiscalYearEnd: '0630' }),
    'CIK0000000009.json': JSON.stringify({ cik: '0000000009', name: 'A Fund', tickers: [], exchanges: [] }),
  });
  fs.writeFileSync(path.join(dir, 'sec', 'company_tickers_exchange.json'), JSON.stringify({
    fields: ['cik', 'name', 'ticker', 'exchange'],
    data: [[1, 'One Corp', 'ONE', 'NYSE'], [2, 'Two Inc', 'TWO', 'Nasdaq'], [2, 'Two Inc', 'TWO-B', 'Nasdaq'], [9, 'A Fund', 'FUND', null]],
  }));
  fs.mkdirSync(path.join(dir, 'prices', 'set-a'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'prices', 'set-a', 'manifest.json'), '{}');
  fs.writeFileSync(path.join(dir, 'prices', 'set-a', 'ONE.csv.gz'), zlib.gzipSync('Date,Close\n2020-01-02,10\n'));
  fs.writeFileSync(path.join(dir, 'prices', 'set-a', 'TWO.csv'), 'Date,Close\n2020-01-02,20\n');
  fs.writeFileSync(path.join(dir, 'prices', 'set-a', 'FUND.csv'), 'Date,Close\n2020-01-02,1\n');
  fs.mkdirSync(path.join(dir, 'splits'));
  fs.writeFileSync(path.join(dir, 'splits', 'splits.csv'), 'symbol,date,from,to,source\nONE,2019-06-03,1,2,public record\nFUND,2019-06-03,1,3,x\n');
  fs.mkdirSync(path.join(dir, 'reference'));
  fs.writeFileSync(path.join(dir, 'reference', 'adr_ratios.csv'), 'symbol,ordinary_per_depositary,as_of,source,sources_agree\nTWO,5.0,2021,x,yes\n');
  fs.writeFileSync(path.join(dir, 'reference', 'iso4217.csv'), 'code\nUSD\n');
  fs.mkdirSync(path.join(dir, 'logos'));
  fs.writeFileSync(path.join(dir, 'logos', 'ONE.png'), 'png');
}

const companies = [
  { cik: '0000000001', symbols: [{ symbol: 'ONE', exchange: 'NYSE' }] },
  { cik: '0000000002', symbols: [{ symbol: 'TWO', exchange: 'Nasdaq' }, { symbol: 'TWO-B', exchange: 'Nasdaq' }] },
];
const universe = new Set(['ONE', 'TWO', 'TWO-B', 'FUND']);

async function readAll(dir: string, name: string): Promise<Map<string, Record<string, unknown>>> {
  const set = await listCikFiles(dir, name);
  try {
    return new Map(set.sources.map((s) => [s.cik, JSON.parse(decodePayload(s.readSync()).toString('utf8')) as Record<string, unknown>]));
  } finally {
    set.close();
  }
}

test('clone identifiers: a new 10-digit CIK above every real one, read back to the original; prefixed symbols', () => {
  assert.equal(cloneCik('0000320193', 3), '1030320193');
  assert.deepEqual(originalOf('1030320193'), { cik: '0000320193', k: 3 });
  assert.equal(originalOf('0000320193'), null);
  assert.equal(cloneSymbol('BRK-B', 1), 'ZQABRK-B');
  assert.ok(cloneSymbol('AAPL', 2) < cloneSymbol('MSFT', 2), 'order kept within a clone');
});

test('a mirror three times a tiny corpus: every file a clone needs, read by the product\'s readers', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-scale-mirror-test-'));
  try {
    const src = path.join(root, 'src');
    const out = path.join(root, 'mirror');
    tinyCorpus(src);
    const summary = await buildScaleMirror({ sourceDir: src, targetDir: out, factor: 3, companies, universe });
    assert.equal(summary.originals, 3);
    assert.equal(summary.companies, 9);

    const before = await readAll(src, 'companyfacts');
    const after = await readAll(out, 'companyfacts');
    assert.equal(after.size, 9);
    for (const [cik, doc] of before) {
      assert.deepEqual(after.get(cik), doc, 'originals as they were');
      for (const k of [1, 2]) {
        const clone = after.get(cloneCik(cik, k));
        assert.ok(clone, `clone ${k} of ${cik}`);
        assert.deepEqual(clone.facts, doc.facts);
        assert.equal(clone.entityName, cloneName(doc.entityName as string, k));
        // the cik keeps its form: a number stays a number, a padded string a padded string
        assert.equal(typeof clone.cik, typeof doc.cik);
        assert.equal(String(clone.cik).padStart(10, '0'), cloneCik(cik, k));
      }
    }
    // a plain original's clones are plain files too
    assert.ok(fs.existsSync(path.join(out, 'sec', 'companyfacts', `CIK${cloneCik('0000000003', 2)}.json`)));

    const subs = await readAll(out, 'submissions');
    assert.equal(subs.size, 3 + 2 * 2, 'the fund is not cloned (no facts)');
    assert.deepEqual(subs.get(cloneCik('0000000002', 2))!.tickers, ['ZQBTWO', 'ZQBTWO-B']);
    assert.equal(subs.get(cloneCik('0000000002', 2))!.fiscalYearEnd, '0630');

    const ex = JSON.parse(fs.readFileSync(path.join(out, 'sec', 'company_tickers_exchange.json'), 'utf8')) as { data: unknown[][] };
    assert.deepEqual(ex.data.filter((r) => r[0] === Number(cloneCik('0000000002', 1))), [
      [1010000002, 'Two Inc (clone 1)', 'ZQATWO', 'Nasdaq'], [1010000002, 'Two Inc (clone 1)', 'ZQATWO-B', 'Nasdaq'],
    ]);

    const prices = listPriceFiles(path.join(out, 'prices', 'set-a'));
    assert.deepEqual([...prices.keys()].sort(), ['FUND', 'ONE', 'TWO', 'ZQAONE', 'ZQATWO', 'ZQBONE', 'ZQBTWO']);
    assert.deepEqual(fs.readFileSync(prices.get('ZQBONE')!), fs.readFileSync(path.join(src, 'prices', 'set-a', 'ONE.csv.gz')));
    assert.ok(prices.get('ZQATWO')!.endsWith('.csv'));

    const splits = readSplitsCsv(path.join(out, 'splits', 'splits.csv')).splits.map((s) => `${s.symbol} ${s.date} ${s.to}`);
    assert.deepEqual(splits.sort(), ['FUND 2019-06-03 3', 'ONE 2019-06-03 2', 'ZQAONE 2019-06-03 2', 'ZQBONE 2019-06-03 2']);
    assert.match(fs.readFileSync(path.join(out, 'reference', 'adr_ratios.csv'), 'utf8'), /^ZQBTWO,5\.0,2021,x,yes$/m);
    assert.equal(fs.readFileSync(path.join(out, 'logos', 'ONE.png'), 'utf8'), 'png', 'files not cloned are linked');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the mirror refuses a factor below 2 and a clone symbol the universe already has', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-scale-mirror-test-'));
  try {
    const src = path.join(root, 'src');
    tinyCorpus(src);
    await assert.rejects(buildScaleMirror({ sourceDir: src, targetDir: path.join(root, 'a'), factor: 1, companies, universe }), /factor/);
    await assert.rejects(buildScaleMirror({ sourceDir: src, targetDir: path.join(root, 'b'), factor: 2, companies, universe: new Set([...universe, 'ZQAONE']) }), /ZQAONE/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
