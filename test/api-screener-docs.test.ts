// docs/api.md's screener examples run on the corpus: every `GET ... -> status` line of the
// Screener section is requested (values URL-encoded) and answers the status it shows; a 200
// finds at least one company, a 400 names `where`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

const corpus = hasCorpusDataset();

/** The example lines of the Screener section: request path (encoded) and expected status. */
export function screenerExamples(doc: string): Array<{ line: string; path: string; status: number }> {
  const start = doc.indexOf('## Screener');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const out: Array<{ line: string; path: string; status: number }> = [];
  for (const m of section.matchAll(/^GET (\/\S+?)\?(.*?)\s+-> (\d{3})$/gm)) {
    const query = m[2]!.split('&').map((kv) => {
      const eq = kv.indexOf('=');
      return `${kv.slice(0, eq)}=${encodeURIComponent(kv.slice(eq + 1))}`;
    }).join('&');
    out.push({ line: m[0], path: `${m[1]}?${query}`, status: Number(m[3]) });
  }
  return out;
}

describe('docs/api.md screener examples', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });

  test('every example answers the status it shows', async () => {
    const examples = screenerExamples(fs.readFileSync('docs/api.md', 'utf8'));
    assert.ok(examples.length >= 8, `${examples.length} examples`);
    for (const ex of examples) {
      const res = await s.get(ex.path, { key: s.keys.enterprise });
      const text = await res.text();
      assert.equal(res.status, ex.status, `${ex.line}: ${text.slice(0, 300)}`);
      if (ex.status === 400) assert.equal((JSON.parse(text) as { error: { param: string } }).error.param, 'where', ex.line);
      if (ex.status !== 200) continue;
      if (ex.path.includes('format=excel')) assert.ok(text.trim().split('\r\n').length >= 2, ex.line);
      else assert.ok((JSON.parse(text) as { data: unknown[] }).data.length >= 1, `${ex.line}: no company`);
    }
  });
});
