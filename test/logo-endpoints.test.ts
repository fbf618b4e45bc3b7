// The company logo endpoints on a running server: bytes decoded with sharp (format, dimensions,
// greyscale), ETag and 304, parameter errors (v2 422, v3 400), resolution by ticker, CIK, CUSIP and
// ISIN, 404s; and, on a tiny dataset built here, corrupt source images answered 500 (redacted)
// without harming the server. Expected sizes come from the corpus files themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { referenceStep } from '../src/ingest/reference-step.js';
import { logoStep } from '../src/ingest/logo-step.js';
import { LOGO_DDL, writeLogos } from '../src/dataset/tables/logo-table.js';
import { expectError } from './support/security-suite.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { cusipCheckDigit, isinFromCusip } from '../src/reference/check-digits.js';
import { hasCorpusDataset, startServerOnSteps, startTestServer, type TestServer } from './support/test-server.js';
import { corpusDir } from './reference-fixture.js';

const logoFile = (symbol: string) => path.join(corpusDir(), 'logos', `${symbol}.png`);

interface Decoded { format: string; width: number; height: number; bytes: Buffer }

async function decode(res: Response): Promise<Decoded> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const m = await sharp(bytes).metadata();
  return { format: m.format, width: m.width, height: m.height, bytes };
}

/** Pixels whose red, green and blue differ (alpha ignored), decoded as sRGB. */
async function colouredPixels(bytes: Buffer): Promise<number> {
  const { data, info } = await sharp(bytes).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  assert.equal(info.channels, 4);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] !== data[i + 1] || data[i + 1] !== data[i + 2]) n += 1;
  return n;
}

describe('logo endpoints over the corpus', () => {
  let server: TestServer;
  let key: string;
  before(async () => {
    // run alone (without `npm test`): a dataset of the steps these endpoints read
    server = await startServerOnSteps([referenceStep, logoStep]);
    key = server.keys.professional;
  });
  after(async () => { await server.close(); });

  const get = (p: string, headers?: Record<string, string>) => server.get(p, headers ? { key, headers } : { key });

  async function ok(p: string): Promise<{ res: Response; img: Decoded }> {
    const res = await get(p);
    assert.equal(res.status, 200, `${p}: ${res.status} ${res.status === 200 ? '' : await res.clone().text()}`);
    return { res, img: await decode(res) };
  }

  test('default: lossless WebP at the source size, with ETag and client caching', async () => {
    const source = await sharp(logoFile('AAPL')).metadata();
    for (const p of ['/v2/company/logo/AAPL', '/v3.0.0/company/logo/AAPL']) {
      const { res, img } = await ok(p);
      assert.equal(res.headers.get('content-type'), 'image/webp');
      assert.equal(img.format, 'webp');
      assert.deepEqual([img.width, img.height], [source.width, source.height]);
      assert.match(res.headers.get('etag') ?? '', /^"[0-9a-f]{32}"$/);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=86400');
      assert.ok(res.headers.get('request-id'));
      assert.match(res.headers.get('x-ratelimit-remaining') ?? '', /^\d+$/);
    }
  });

  test('format=png gives PNG bytes', async () => {
    const { res, img } = await ok('/v2/company/logo/AAPL?format=png');
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(img.format, 'png');
    assert.equal((await ok('/v2/company/logo/AAPL?format=PNG')).img.format, 'png');
  });

  test('size is the longer side: 16 shrinks, 800 enlarges, the aspect ratio is kept', async () => {
    for (const symbol of ['AAPL', 'TPL', 'KMB']) {
      const s = await sharp(logoFile(symbol)).metadata();
      for (const size of [16, 800]) {
        const { img } = await ok(`/v2/company/logo/${symbol}?size=${size}&format=png`);
        assert.equal(Math.max(img.width, img.height), size, `${symbol} size=${size}`);
        const expectedShort = Math.round((Math.min(s.width, s.height) / Math.max(s.width, s.height)) * size);
        assert.ok(Math.abs(Math.min(img.width, img.height) - expectedShort) <= 1, `${symbol} size=${size}: ${img.width}x${img.height}`);
        assert.equal(img.width >= img.height, s.width >= s.height);
      }
    }
    // Without size: the source size (TPL's is 800 px wide, the cap).
    const tpl = await sharp(logoFile('TPL')).metadata();
    const { img } = await ok('/v3.0.0/company/logo/TPL');
    assert.deepEqual([img.width, img.height], [tpl.width, tpl.height]);
  });

  test('greyscale has equal channels in every pixel; the colour logo does not', async () => {
    for (const format of ['webp', 'png']) {
      const colour = await ok(`/v2/company/logo/MSFT?format=${format}`);
      assert.ok(await colouredPixels(colour.img.bytes) > 0, 'the source logo has colour');
      for (const size of [16, 250, 800]) {
        const grey = await ok(`/v2/company/logo/MSFT?format=${format}&size=${size}&greyscale=true`);
        assert.equal(grey.img.format, format);
        assert.equal(Math.max(grey.img.width, grey.img.height), size);
        assert.equal(await colouredPixels(grey.img.bytes), 0, `${format} size=${size}`);
      }
    }
  });

  test('ETag per variant; If-None-Match gives 304 with an empty body, still counted', async () => {
    const first = await get('/v2/company/logo/AAPL?size=64');
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    const again = await get('/v2/company/logo/AAPL?size=64');
    assert.equal(again.headers.get('etag'), etag, 'the same variant has the same tag');
    const againBytes = Buffer.from(await again.arrayBuffer());
    const variants = ['/v2/company/logo/AAPL?size=65', '/v2/company/logo/AAPL?size=64&format=png', '/v2/company/logo/AAPL?size=64&greyscale=true', '/v2/company/logo/MSFT?size=64'];
    const tags = new Set([etag]);
    for (const v of variants) {
      const r = await get(v);
      await r.arrayBuffer();
      tags.add(r.headers.get('etag')!);
    }
    assert.equal(tags.size, variants.length + 1, 'every variant has its own tag');

    const before304 = Number(again.headers.get('x-ratelimit-remaining'));
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await get('/v2/company/logo/AAPL?size=64', { 'if-none-match': inm });
      assert.equal(res.status, 304, inm);
      assert.equal((await res.arrayBuffer()).byteLength, 0);
      assert.equal(res.headers.get('etag'), etag);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=86400');
      assert.ok(res.headers.get('request-id'));
    }
    const counted = await get('/v2/company/logo/AAPL?size=64', { 'if-none-match': etag });
    assert.equal(counted.status, 304);
    assert.ok(Number(counted.headers.get('x-ratelimit-remaining')) < before304, 'a 304 is counted in the window');
    const v3 = await get('/v3.0.0/company/logo/AAPL?size=64', { 'if-none-match': etag });
    assert.equal(v3.status, 304, 'v2 and v3 share the variant tags');
    const stale = await get('/v2/company/logo/AAPL?size=64', { 'if-none-match': '"0123456789abcdef0123456789abcdef"' });
    assert.equal(stale.status, 200);
    assert.deepEqual(Buffer.from(await stale.arrayBuffer()), againBytes);
  });

  test('invalid parameters: v2 422 {error}, v3 400 envelope naming the parameter', async () => {
    const bad = ['size=15', 'size=801', 'size=abc', 'format=gif', 'format=excel', 'greyscale=maybe'];
    for (const q of bad) {
      const msg = await expectError(await get(`/v2/company/logo/AAPL?${q}`), 422, 'v2');
      assert.match(msg, new RegExp(q.split('=')[0]!));
      const res = await get(`/v3.0.0/company/logo/AAPL?${q}`);
      const body = JSON.parse(await res.clone().text()) as { error: { param?: string } };
      await expectError(res, 400, 'v3', 'parameter_invalid');
      assert.equal(body.error.param, q.split('=')[0]);
    }
  });

  // CIK, CUSIP and ISIN name a company only in a dataset with its companies (the full build).
  test('resolves by ticker, CIK (padded or not), CUSIP and ISIN to the same logo', { skip: !hasCorpusDataset() && 'run alone: no companies table (npm test runs it)' }, async () => {
    const byTicker = await get('/v2/company/logo/AAPL');
    const tag = byTicker.headers.get('etag');
    await byTicker.arrayBuffer();
    for (const id of ['aapl', '320193', '0000320193', '037833100', 'US0378331005']) {
      for (const family of ['/v2', '/v3.0.0']) {
        const res = await get(`${family}/company/logo/${id}`);
        await res.arrayBuffer();
        assert.equal(res.status, 200, `${family} ${id}`);
        assert.equal(res.headers.get('etag'), tag, `${family} ${id}`);
      }
    }
  });

  test('unknown company: v2 404 {error}, v3 404 resource_missing', async () => {
    await expectError(await get('/v2/company/logo/ZZZZZQ'), 404, 'v2');
    await expectError(await get('/v3.0.0/company/logo/ZZZZZQ'), 404, 'v3', 'resource_missing');
  });
});

const GOOD_CUSIP = `ZZ9999AA${cusipCheckDigit('ZZ9999AA')}`;

describe('logo endpoints on a tiny dataset with corrupt sources', () => {
  let server: TestServer;
  let key: string;
  let dir: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-logo-tiny-'));
    const file = buildTinyDataset([
      { cik: '0000000101', ticker: 'GOOD', years: [2024], cusips: [{ cusip: GOOD_CUSIP }] },
      { cik: '0000000102', ticker: 'GARB', years: [2024] },
      { cik: '0000000103', ticker: 'TRNC', years: [2024] },
      { cik: '0000000104', ticker: 'NOLG', years: [2024] },
    ], path.join(dir, 'dataset.sqlite'));
    // A synthetic noise image (so its compressed data is long), then two broken copies of it:
    // IDAT bytes overwritten (the PNG signature and header stay valid), and cut in half.
    const noise = Buffer.alloc(64 * 64 * 4);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
    const good = await sharp(noise, { raw: { width: 64, height: 64, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
    const garbled = Buffer.from(good);
    garbled.fill(0x55, 100, 4000);
    const truncated = good.subarray(0, Math.floor(good.length / 2));
    const db = new Database(file);
    for (const sql of LOGO_DDL) db.exec(sql);
    writeLogos(db, [
      { cik: '0000000101', symbol: 'GOOD', bytes: good },
      { cik: '0000000102', symbol: 'GARB', bytes: garbled },
      { cik: '0000000103', symbol: 'TRNC', bytes: truncated },
    ]);
    db.close();
    server = await startTestServer({ datasetPath: file });
    key = server.keys.professional;
  });
  after(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a corrupt source answers a redacted 500, every time, and the server keeps serving', async () => {
    for (let round = 0; round < 2; round += 1) {
      for (const symbol of ['GARB', 'TRNC']) {
        for (const q of ['', '?format=png&size=32&greyscale=true']) {
          const v2 = await server.get(`/v2/company/logo/${symbol}${q}`, { key });
          const text = await v2.clone().text();
          assert.doesNotMatch(text, /png|vips|sharp|\/tmp|\bat\b.*\(/i, 'no decoder detail, path or stack');
          await expectError(v2, 500, 'v2');
          await expectError(await server.get(`/v3.0.0/company/logo/${symbol}${q}`, { key }), 500, 'v3', 'internal_error');
        }
      }
      const res = await server.get('/v2/company/logo/GOOD?size=16', { key });
      assert.equal(res.status, 200);
      const img = await decode(res);
      assert.deepEqual([img.format, img.width, img.height], ['webp', 16, 16]);
    }
  });

  test('resolves by ticker, CIK, CUSIP and ISIN', async () => {
    const tags = new Set<string | null>();
    for (const id of ['good', '101', '0000000101', GOOD_CUSIP, isinFromCusip(GOOD_CUSIP)!]) {
      for (const family of ['/v2', '/v3.0.0']) {
        const res = await server.get(`${family}/company/logo/${id}?size=20`, { key });
        assert.equal(res.status, 200, `${family} ${id}`);
        assert.equal((await decode(res)).width, 20);
        tags.add(res.headers.get('etag'));
      }
    }
    assert.equal(tags.size, 1);
  });

  test('a known company without a logo: 404 (v3 resource_missing)', async () => {
    const msg = await expectError(await server.get('/v2/company/logo/NOLG', { key }), 404, 'v2');
    assert.match(msg, /logo/i);
    await expectError(await server.get('/v3.0.0/company/logo/0000000104', { key }), 404, 'v3', 'resource_missing');
  });
});
