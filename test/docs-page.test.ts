// The interactive docs page (issue 20, feature 13): /docs serves Swagger UI from the installed
// package (no CDN) over /openapi.json. In headless Chromium (Debian's, installed by
// scripts/install-chromium.sh; skipped with the reason when it cannot be installed) the page lists
// the endpoints, takes a key through "Authorize" and runs one call with "Try it out".
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const CHROMIUM = '/usr/bin/chromium';

/** Chromium's path, installing Debian's package through the project's script when missing; or why not. */
function chromium(): { path: string } | { skip: string } {
  if (!fs.existsSync(CHROMIUM)) {
    const r = spawnSync('bash', ['scripts/install-chromium.sh'], { encoding: 'utf8', timeout: 540_000 });
    if (!fs.existsSync(CHROMIUM)) return { skip: `Chromium is not installed and scripts/install-chromium.sh could not install it (${(r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').at(-1)})` };
  }
  return { path: CHROMIUM };
}

let s: TestServer;
before(async () => { s = await startTestServer({ datasetPath: buildTinyDataset([{ cik: '0000320193', ticker: 'AAPL', years: [2024, 2025] }]) }); });
after(async () => { await s.close(); });

test('/docs and its assets are served from the package, with no other origin referenced by the page', async () => {
  const page = await s.get('/docs');
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const html = await page.text();
  assert.match(html, /swagger-ui-bundle\.js/);
  assert.doesNotMatch(html, /https?:\/\//, 'no absolute URL (no CDN)');
  for (const [p, type] of [['/docs/swagger-ui-bundle.js', /javascript/], ['/docs/swagger-ui.css', /css/], ['/docs/init.js', /javascript/]] as const) {
    const r = await s.get(p);
    const body = await r.text();
    assert.equal(r.status, 200, p);
    assert.match(r.headers.get('content-type') ?? '', type, p);
    assert.ok(body.length > 0, p);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
  }
  assert.match(await (await s.get('/docs/init.js')).text(), /validatorUrl: null/);
});

const browser = chromium();
describe('the docs page in headless Chromium', { skip: 'skip' in browser ? browser.skip : false, timeout: 120_000 }, () => {
  test('lists the endpoints, takes the key and runs one call', async () => {
    const { chromium: pw } = await import('playwright-core');
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-chromium-'));
    const b = await pw.launchPersistentContext(profile, {
      executablePath: (browser as { path: string }).path, headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = await b.newPage();
      const foreign: string[] = [];
      page.on('request', (r) => { if (!r.url().startsWith(s.url) && !r.url().startsWith('data:')) foreign.push(r.url()); });
      await page.goto(`${s.url}/docs`);
      await page.waitForSelector('.opblock', { timeout: 60_000 });
      const listed = await page.locator('.opblock-summary-path').count();
      assert.equal(listed, ENDPOINTS.length, 'every registry endpoint is listed');

      // Authorize with the key as the apikey query parameter.
      await page.click('.btn.authorize');
      const apiKeyBox = page.locator('.auth-container').filter({ hasText: 'apiKeyQuery' });
      await apiKeyBox.locator('input').fill(s.keys.professional);
      await apiKeyBox.locator('button.authorize').click();
      await page.click('.btn-done');

      const op = page.locator('.opblock').filter({ has: page.locator('.opblock-summary-path[data-path="/v2/stock-splits"]') });
      await op.locator('.opblock-summary').click();
      await op.locator('.try-out__btn').click();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().startsWith(`${s.url}/v2/stock-splits`)),
        op.locator('.execute').click(),
      ]);
      assert.equal(response.status(), 200);
      assert.match(response.url(), /apikey=/);
      await op.locator('.live-responses-table tbody .response-col_status').first().waitFor();
      assert.match(await op.locator('.live-responses-table tbody .response-col_status').first().innerText(), /200/);
      assert.deepEqual(foreign, [], 'the page reached no other origin');
    } finally {
      await b.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
