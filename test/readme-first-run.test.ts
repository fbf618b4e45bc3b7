// The README's first run as a new user meets it: the real `tenk serve` on the corpus dataset in a
// fresh home prints how fresh the data is beside its development key, and every example request in
// README.md (parsed from it, so the README as written is what is tested) and the printed URL to try
// answer 200 with rows, none of them entirely blank (every value field null). The README's dates
// and tested MCP client version are the dataset's and package-lock.json's. Skipped without the
// corpus dataset (npm test builds it).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import type { EndpointDef } from '../src/service/endpoint-types.js';
import { fieldNames } from '../src/metrics/registry.js';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { freshnessLine, readDatasetFreshness, type DatasetFreshness } from '../src/cli/dataset-freshness.js';
import { startServeProcess, type ServeProcess } from './support/serve-process.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';

const README = fs.readFileSync('README.md', 'utf8');
/** The address the README's examples use; the test's server replaces it. */
const README_BASE = 'http://127.0.0.1:8080';

interface ExampleRequest { line: string; method: string; url: string; headers: Record<string, string>; body?: string }

/** The words of one shell command line: '…' and "…" quoting, $KEY substituted (a README line uses nothing else). */
function shellWords(line: string, key: string): string[] {
  const words: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m[1] !== undefined) words.push(m[1]);
    else words.push((m[2] ?? m[3]!).replace(/\$\{?KEY\}?/g, key));
  }
  return words;
}

/** Every `curl` line of the README's sh blocks that calls the local server. */
function readmeExamples(readme: string, key: string): ExampleRequest[] {
  const out: ExampleRequest[] = [];
  for (const block of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const raw of block[1]!.split('\n')) {
      const line = raw.trim();
      if (!line.startsWith('curl ') || !line.includes(README_BASE)) continue;
      const words = shellWords(line.replace(/\s+#.*$/, ''), key).slice(1);
      const req: ExampleRequest = { line, method: 'GET', url: '', headers: {} };
      for (let i = 0; i < words.length; i += 1) {
        const w = words[i]!;
        if (w === '-H' || w === '--header') {
          const h = words[++i]!;
          req.headers[h.slice(0, h.indexOf(':')).trim()] = h.slice(h.indexOf(':') + 1).trim();
        } else if (w === '-X' || w === '--request') req.method = words[++i]!;
        else if (w === '-d' || w === '--data') { req.body = words[++i]!; if (req.method === 'GET') req.method = 'POST'; }
        else if (w.startsWith(README_BASE)) req.url = w;
        else if (w !== '-s' && w !== '-sS') throw new Error(`README curl option this test does not know: ${w} in ${line}`);
      }
      assert.ok(req.url, `no URL in ${line}`);
      out.push(req);
    }
  }
  return out;
}

/** The registry entry serving a method and path (static segments before parameters). */
function endpointOf(method: string, pathname: string): EndpointDef | undefined {
  const parts = pathname.split('/');
  const matches = ENDPOINTS.filter((e) => {
    const ps = e.path.split('/');
    return e.method === method && ps.length === parts.length && ps.every((p, i) => p.startsWith('{') || p === parts[i]);
  });
  return matches.sort((a, b) => a.path.split('{').length - b.path.split('{').length)[0];
}

/** Tab-separated rows (format=excel): header and rows, RFC-4180 quotes undone. */
function parseTsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === '\t') { row.push(cell); cell = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell); cell = ''; rows.push(row); row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) { row.push(cell); rows.push(row); }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** The rows of a response: a JSON array, a v3 envelope's data, a TSV body, or the one object. */
async function rowsOf(res: Response): Promise<Array<Record<string, unknown>>> {
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (type.startsWith('text/tab-separated-values')) return parseTsv(text);
  const body = JSON.parse(text) as unknown;
  if (Array.isArray(body)) return body as Array<Record<string, unknown>>;
  const data = (body as { data?: unknown }).data;
  return Array.isArray(data) ? data as Array<Record<string, unknown>> : [body as Record<string, unknown>];
}

/** The fields that carry values: a record type's metric fields, else every field of the row. */
function valueFields(e: EndpointDef | undefined, row: Record<string, unknown>): string[] {
  return e?.response.kind === 'records' ? [...fieldNames(e.response.recordType)] : Object.keys(row);
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

describe('README first run on the corpus dataset', { skip: hasCorpusDataset() ? false : 'no corpus dataset (npm test builds it)' }, () => {
  let serve: ServeProcess;
  let home: string;
  let key: string;
  let freshness: DatasetFreshness;
  before(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-readme-'));
    fs.symlinkSync(corpusDatasetPath(), path.join(home, 'dataset.sqlite'));
    serve = await startServeProcess('tenk-readme-', { home });
    key = /apikey=(tk_live_[A-Za-z0-9_-]+)/.exec(serve.tryUrl)![1]!;
    const ds = Dataset.open(corpusDatasetPath());
    try { freshness = await readDatasetFreshness(ds); } finally { ds.close(); }
  });
  after(() => {
    serve?.cleanup();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  test('tenk serve prints the newest price and filing dates of the dataset beside the development key', () => {
    assert.match(freshness.newestPrice ?? '', /^\d{4}-\d{2}-\d{2}$/);
    assert.match(freshness.newestFiling ?? '', /^\d{4}-\d{2}-\d{2}$/);
    const out = serve.out();
    const at = out.indexOf(freshnessLine(freshness));
    assert.ok(at >= 0, out);
    assert.ok(at < out.indexOf('created a development API key'), out);
  });

  test('every README example and the printed URL to try answer 200 with rows, none entirely blank', async () => {
    const examples = readmeExamples(README, key);
    assert.ok(examples.length >= 3, `${examples.length} README examples`);
    const requests = [...examples, { line: `the printed URL to try: ${serve.tryUrl}`, method: 'GET', url: serve.tryUrl, headers: {} }];
    const problems: string[] = [];
    for (const r of requests) {
      const url = new URL(r.url.replace(README_BASE, serve.baseUrl));
      const e = endpointOf(r.method, url.pathname);
      if (!e) { problems.push(`${r.line}: no endpoint serves ${r.method} ${url.pathname}`); continue; }
      const res = await fetch(url, { method: r.method, headers: { ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) }, ...(r.body ? { body: r.body } : {}) });
      if (res.status !== 200) { problems.push(`${r.line}: ${res.status} ${(await res.text()).slice(0, 200)}`); continue; }
      const rows = await rowsOf(res);
      if (rows.length === 0) problems.push(`${r.line}: no rows`);
      rows.forEach((row, i) => {
        const fields = valueFields(e, row);
        if (fields.every((f) => blank(row[f]))) problems.push(`${r.line}: row ${i + 1} (${String(row.date ?? row.symbol ?? '')}) has no value in any of its ${fields.length} fields`);
      });
    }
    assert.deepEqual(problems, []);
  });

  test('the README dates the bundled prices as the dataset does and names the tested MCP SDK client version', () => {
    assert.ok(README.includes(freshness.newestPrice!), `README does not say prices reach ${freshness.newestPrice}`);
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { version?: string }> };
    const sdk = lock.packages['node_modules/@modelcontextprotocol/sdk']!.version!;
    assert.match(README, new RegExp(`@modelcontextprotocol/sdk\`?\\s+${sdk.replace(/\./g, '\\.')}`), `README does not name the SDK ${sdk}`);
  });
});
