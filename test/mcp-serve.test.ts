// The real CLI wiring: `tenk serve` prints its /mcp URL and answers MCP there with the printed
// development key (SDK Client over Streamable HTTP); `tenk mcp` without a dataset fails with a
// clear message on stderr and nothing on stdout. Runs on a tiny dataset built in the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asStructured, firstText, httpClient } from './support/mcp-support.js';
import { CLI, startServeProcess } from './support/serve-process.js';

test('tenk serve answers MCP at the /mcp URL it prints, with the same records as REST', async () => {
  const serve = await startServeProcess('tenk-mcp-serve-');
  const { tryUrl } = serve;
  try {
    const mcpUrl = /MCP: (\S+)\)/.exec(serve.out())![1]!;
    const devKey = /apikey=(tk_live_[A-Za-z0-9_-]{32})/.exec(tryUrl)![1]!;
    assert.equal(mcpUrl, `${new URL(tryUrl).origin}/mcp`);
    const client = await httpClient(new URL(tryUrl).origin, devKey);
    try {
      const r = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', limit: 2 } });
      assert.ok(!r.isError, firstText(r));
      assert.deepEqual(r.structuredContent, asStructured(await (await fetch(tryUrl)).json()));
      const bad = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'NOSUCHCO1' } });
      assert.equal(bad.isError, true);
    } finally {
      await client.close();
    }
    serve.child.kill('SIGTERM');
    assert.equal(await serve.exited, 0, serve.out());
  } finally {
    serve.cleanup();
  }
});

test('tenk mcp without a dataset: a message on stderr, nothing on stdout, exit 1', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-mcp-empty-'));
  try {
    const r = spawnSync(process.execPath, [...CLI, 'mcp', '--home', home], { encoding: 'utf8', input: '' });
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /tenk mcp: no dataset in .*: run `tenk ingest --source DIR` first/);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
