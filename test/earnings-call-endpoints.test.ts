// The earnings-call endpoints on a running server over the corpus dataset: a transcript with the
// date derived from the company's Item 2.02 8-K (checked here against its submissions file), one
// whose filing history does not reach the quarter (null date), list and latest, a corpus label a
// year off served under the quarter its text names, TSV, history depth, and the 422/404 paths.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { listCikFiles } from '../src/sources/sec-cik-files.js';
import { decodePayload } from '../src/sources/sec-zip.js';
import { readTranscriptCorpus } from '../src/sources/transcript-corpus.js';
import { expectError } from './support/security-suite.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const corpus = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const UNH = '0000731766';
const AFL = '0000004977';
const VZ = '0000732712';

let server: TestServer;
let key: string;
let recent: Map<string, { form: string[]; filingDate: string[]; reportDate: string[]; items: string[] }>;

before(async () => {
  if (!hasCorpusDataset()) return;
  server = await startTestServer();
  key = server.keys.professional;
  const set = await listCikFiles(corpus, 'submissions');
  recent = new Map();
  for (const s of set.sources.filter((x) => [UNH, AFL, VZ].includes(x.cik))) {
    recent.set(s.cik, (JSON.parse(decodePayload(await s.read()).toString('utf8')) as { filings: { recent: any } }).filings.recent);
  }
  set.close();
});
after(async () => { await server?.close(); });

async function json(p: string, k = key): Promise<any> {
  const res = await server.get(p, { key: k });
  const text = await res.text();
  assert.equal(res.status, 200, `${p}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** The Item 2.02 8-Ks of a company filed between two dates, read straight from its submissions file. */
function resultsFilings(cik: string, from: string, to: string): Array<{ filingDate: string; reportDate: string }> {
  const r = recent.get(cik)!;
  const out: Array<{ filingDate: string; reportDate: string }> = [];
  for (let i = 0; i < r.form.length; i += 1) {
    if (r.form[i] === '8-K' && r.items[i]!.split(',').includes('2.02') && r.filingDate[i]! >= from && r.filingDate[i]! <= to) {
      out.push({ filingDate: r.filingDate[i]!, reportDate: r.reportDate[i]! });
    }
  }
  return out;
}

describe('earnings calls', { skip: !hasCorpusDataset() && 'needs the corpus dataset (npm test builds it)' }, () => {
  test('a transcript for a known company and quarter, dated by its earnings-release 8-K', async () => {
    const call = await json('/v2/company/earnings-calls/transcript/UNH?year=2021&quarter=3');
    assert.deepEqual(Object.keys(call), ['symbol', 'year', 'quarter', 'date', 'content']);
    assert.equal(call.symbol, 'UNH');
    assert.equal(call.year, 2021);
    assert.equal(call.quarter, 3);
    assert.match(call.content, /third quarter/i);
    assert.ok(call.content.length > 10_000);
    // UnitedHealth's only Item 2.02 8-K in the weeks after 2021-09-30 is its third-quarter release.
    const releases = resultsFilings(UNH, '2021-10-01', '2021-12-14');
    assert.equal(releases.length, 1);
    assert.equal(call.date, releases[0]!.reportDate);
    // By CIK and in another case, the same call.
    assert.deepEqual(await json('/v2/company/earnings-calls/transcript/731766?year=2021&quarter=3'), call);
    assert.deepEqual(await json('/v2/company/earnings-calls/transcript/unh?year=2021&quarter=3'), call);
  });

  test('a call whose date cannot be derived: the filing history does not reach the quarter', async () => {
    const call = await json('/v2/company/earnings-calls/transcript/VZ?year=2021&quarter=3');
    assert.equal(call.date, null);
    assert.match(call.content, /third quarter/i);
    const r = recent.get(VZ)!;
    const earliest = r.filingDate.reduce((a, b) => (a < b ? a : b));
    assert.ok(earliest > '2021-12-14', `Verizon's recent filings start ${earliest}, after the release window`);
  });

  test('a corpus label a year off is served under the quarter the text names, dated by that quarter\'s release', async () => {
    // The corpus labels Aflac's call on the fourth quarter of 2019 (held early 2020) as 2020 Q4.
    const source = readTranscriptCorpus(corpus)!.calls.filter((c) => c.symbol === 'AFL' && c.fiscalYear === 2020 && c.fiscalQuarter === 4);
    assert.equal(source.length, 1);
    assert.match(source[0]!.content.slice(0, 500), /Fourth Quarter 2019/);
    const call = await json('/v2/company/earnings-calls/transcript/AFL?year=2019&quarter=4');
    assert.equal(call.content, source[0]!.content);
    const releases = resultsFilings(AFL, '2020-01-10', '2020-03-15');
    assert.equal(releases.length, 1);
    assert.equal(call.date, releases[0]!.reportDate);
    const res = await server.get('/v2/company/earnings-calls/transcript/AFL?year=2020&quarter=4', { key });
    await expectError(res, 404, 'v2');
  });

  test('list: the calls without text, newest first; latest: the newest with text', async () => {
    const list = await json('/v2/company/earnings-calls/list/AFL');
    assert.ok(list.length >= 3);
    for (const c of list) assert.deepEqual(Object.keys(c), ['symbol', 'year', 'quarter', 'date']);
    for (let i = 1; i < list.length; i += 1) {
      assert.ok(list[i - 1].year * 4 + list[i - 1].quarter > list[i].year * 4 + list[i].quarter, 'newest first');
    }
    assert.ok(list.some((c: any) => c.year === 2019 && c.quarter === 4));
    assert.equal((await json('/v2/company/earnings-calls/list/AFL?limit=2')).length, 2);
    const latest = await json('/v2/company/earnings-calls/latest/AFL');
    assert.deepEqual({ ...latest, content: undefined }, { ...list[0], content: undefined });
    assert.deepEqual(latest, await json(`/v2/company/earnings-calls/transcript/AFL?year=${list[0].year}&quarter=${list[0].quarter}`));
    assert.deepEqual(await json('/v2/company/earnings-calls/list/AAPL'), []);
  });

  test('format=excel: one row per call, the transcript one quoted field', async () => {
    const call = await json('/v2/company/earnings-calls/transcript/UNH?year=2021&quarter=3');
    const res = await server.get('/v2/company/earnings-calls/transcript/UNH?year=2021&quarter=3&format=excel', { key });
    assert.match(res.headers.get('content-type') ?? '', /^text\/tab-separated-values/);
    const tsv = await res.text();
    const header = 'symbol\tyear\tquarter\tdate\tcontent\r\n';
    assert.ok(tsv.startsWith(header));
    const row = tsv.slice(header.length);
    assert.ok(row.startsWith(`UNH\t2021\t3\t${call.date}\t"`) && row.endsWith('"\r\n'));
    const field = row.slice(`UNH\t2021\t3\t${call.date}\t"`.length, -3);
    assert.equal(field.replace(/""/g, '"'), call.content);
    const list = await (await server.get('/v2/company/earnings-calls/list/AFL?format=excel', { key })).text();
    const lines = list.trimEnd().split('\r\n');
    assert.equal(lines[0], 'symbol\tyear\tquarter\tdate');
    assert.equal(lines.length, (await json('/v2/company/earnings-calls/list/AFL')).length + 1);
  });

  test('history depth applies to the quarter a call discusses', async () => {
    // Individual: five years back from 2026-01-15, periods ending on or after 2021-01-15.
    const k = server.keys.individual;
    const list = await json('/v2/company/earnings-calls/list/AFL', k);
    assert.ok(list.length > 0 && list.every((c: any) => c.year >= 2021));
    assert.equal((await json('/v2/company/earnings-calls/transcript/UNH?year=2021&quarter=3', k)).year, 2021);
    const msg = await expectError(await server.get('/v2/company/earnings-calls/transcript/AFL?year=2019&quarter=4', { key: k }), 403, 'v2');
    assert.match(msg, /Individual plan/);
    // Free: two years, none of the corpus's calls.
    assert.deepEqual(await json('/v2/company/earnings-calls/list/AFL', server.keys.free), []);
    await expectError(await server.get('/v2/company/earnings-calls/latest/AFL', { key: server.keys.free }), 403, 'v2');
  });

  test('422 for a quarter outside 1-4 or a missing year or quarter; 404 for no call or no company', async () => {
    for (const q of ['year=2021&quarter=5', 'year=2021&quarter=0', 'quarter=3', 'year=2021', 'year=abc&quarter=1', 'year=2021&quarter=Q3']) {
      const msg = await expectError(await server.get(`/v2/company/earnings-calls/transcript/UNH?${q}`, { key }), 422, 'v2');
      assert.match(msg, /year|quarter/);
    }
    assert.match(await expectError(await server.get('/v2/company/earnings-calls/transcript/UNH?year=2015&quarter=1', { key }), 404, 'v2'), /UNH.*2015 Q1/);
    await expectError(await server.get('/v2/company/earnings-calls/latest/AAPL', { key }), 404, 'v2');
    await expectError(await server.get('/v2/company/earnings-calls/transcript/NOSUCHCO?year=2021&quarter=1', { key }), 404, 'v2');
    await expectError(await server.get('/v2/company/earnings-calls/list/NOSUCHCO', { key }), 404, 'v2');
  });
});
