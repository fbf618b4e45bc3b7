// The layers of src/ and which may import which: data flows one way (README, Layout). Every
// import of every src/**/*.ts file (static, dynamic, export-from) is checked against LAYERS, so
// an import against the order fails the suite; the second test shows that it does.
//
//   model <- sources <- xbrl, market <- metrics <- reference <- search <- dataset <- ingest
//   model <- store, ratelimit;   dataset <- point-in-time <- ingest (stored versions);   dataset, point-in-time, store, ratelimit, ... <- service <- mcp <- http <- cli
//   model, sources <- sync <- cli (cli runs sync, then the ingest: neither imports the other)
//   model, sources, xbrl, reference, dataset <- audit <- cli (the accuracy scorecard over a built dataset)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const LAYERS: Record<string, readonly string[]> = {
  /** The shared vocabulary: record types and field lists, dates, CIK and symbol helpers, clock, config. */
  model: [],
  /** One reader per real input format; no business rules. */
  sources: ['model'],
  /** Facts -> standardized statements. */
  xbrl: ['model', 'sources'],
  /** Price sets, split history, price basis and series. */
  market: ['model', 'sources'],
  /** The metric registry and the derived records. */
  metrics: ['model', 'market'],
  /** Ticker universe, identifiers, exchanges, sectors. */
  reference: ['model', 'sources'],
  /** Ticker index and ranking. */
  search: ['model', 'reference'],
  /** Schema, writers, and the read side as named queries. */
  dataset: ['model', 'sources', 'market', 'metrics', 'reference', 'search'],
  /** Build orchestration, steps with a typed context, worker threads. */
  ingest: ['model', 'sources', 'xbrl', 'market', 'metrics', 'reference', 'search', 'dataset', 'point-in-time'],
  /** API keys and other control-plane state. */
  store: ['model'],
  /** The limiter interface and its implementations. */
  ratelimit: ['model'],
  /** A company's records as of a day (computed from the fact store, cached) and the fact store's candidate facts. */
  'point-in-time': ['model', 'sources', 'xbrl', 'market', 'metrics', 'dataset'],
  /** Transport-free service: endpoint registry, typed params, handlers, invokeEndpoint, errors, record shaping. */
  service: ['model', 'market', 'metrics', 'reference', 'search', 'dataset', 'store', 'ratelimit', 'point-in-time'],
  /** MCP tools generated from the endpoint registry; never HTTP (http/ mounts MCP, not the reverse). */
  mcp: ['model', 'market', 'metrics', 'reference', 'search', 'dataset', 'store', 'ratelimit', 'point-in-time', 'service'],
  /** HTTP: the Fastify server, pipeline hooks, serializers, OpenAPI, docs page, CORS, Prometheus, the MCP route. */
  http: ['model', 'market', 'metrics', 'reference', 'search', 'dataset', 'store', 'ratelimit', 'point-in-time', 'service', 'mcp'],
  /** The accuracy scorecard: accounting identities over a built dataset's served records. */
  audit: ['model', 'sources', 'xbrl', 'reference', 'dataset'],
  /** Fetching the source mirror up to date from SEC and the price provider; the cli runs it, then the ingest. */
  sync: ['model', 'sources'],
  /** The tenk command: wires everything. */
  cli: ['model', 'sources', 'xbrl', 'market', 'metrics', 'reference', 'search', 'dataset', 'ingest', 'store', 'ratelimit', 'point-in-time', 'service', 'mcp', 'http', 'sync', 'audit'],
};

const SRC = path.resolve('src');
// Test support code: unit tests beside their source (src/**/x.test.ts) may import it, production code may not.
const TEST_SUPPORT = path.resolve('test', 'support');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) sourceFiles(p, out);
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** Every import against LAYERS among `files` (absolute path -> source text), as readable lines. */
function violations(files: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  const layerOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0]!;
  for (const [file, text] of files) {
    const rel = path.relative(SRC, file);
    const from = layerOf(file);
    if (!rel.includes(path.sep)) { out.push(`${rel}: a file outside every layer folder`); continue; }
    if (!(from in LAYERS)) { out.push(`${rel}: ${from}/ is not a layer`); continue; }
    for (const m of text.matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      const to = layerOf(target);
      if (rel.endsWith('.test.ts') && target.startsWith(TEST_SUPPORT + path.sep)) continue;
      if (target.startsWith(SRC + path.sep) === false) { out.push(`${rel}: imports ${m[1]} outside src/`); continue; }
      if (to !== from && !LAYERS[from]!.includes(to)) out.push(`${rel}: ${from}/ may not import ${to}/ (${m[1]})`);
    }
  }
  return out.sort();
}

function realTree(): Map<string, string> {
  return new Map(sourceFiles(SRC).map((f) => [f, fs.readFileSync(f, 'utf8')]));
}

test('every import in src/ follows the layer order', () => {
  const files = realTree();
  assert.ok(files.size > 100, 'the source tree was found');
  assert.deepEqual(violations(files), []);
});

test('an import against the order is reported (added to a real file, and in a new file)', () => {
  const files = realTree();
  const dates = path.join(SRC, 'model', 'dates.ts');
  files.set(dates, `${files.get(dates)}\nimport { ENDPOINTS } from '../service/endpoint-registry.js';\n`);
  files.set(path.join(SRC, 'sources', 'new-reader.ts'), `export const x = await import('../metrics/registry.js');\n`);
  files.set(path.join(SRC, 'stray.ts'), `export {};\n`);
  assert.deepEqual(violations(files), [
    'model/dates.ts: model/ may not import service/ (../service/endpoint-registry.js)',
    'sources/new-reader.ts: sources/ may not import metrics/ (../metrics/registry.js)',
    'stray.ts: a file outside every layer folder',
  ]);
});

test('mcp/ importing the HTTP folder is reported, and so is production code importing test support', () => {
  const files = realTree();
  files.set(path.join(SRC, 'mcp', 'x.ts'), `import { buildServer } from '../http/y.js';\n`);
  files.set(path.join(SRC, 'http', 'z.ts'), `import { fakeReply } from '../../test/support/hook-harness.js';\n`);
  files.set(path.join(SRC, 'http', 'z.test.ts'), `import { fakeReply } from '../../test/support/hook-harness.js';\n`);
  assert.deepEqual(violations(files), [
    'http/z.ts: imports ../../test/support/hook-harness.js outside src/',
    'mcp/x.ts: mcp/ may not import http/ (../http/y.js)',
  ]);
});

test('the layer table has no cycle', () => {
  const seen = new Set<string>();
  const visit = (layer: string, stack: readonly string[]): void => {
    assert.ok(!stack.includes(layer), `cycle: ${[...stack, layer].join(' -> ')}`);
    if (seen.has(layer)) return;
    // ?? []: a layer named before its folder exists (point-in-time) has no dependencies to follow yet
    for (const dep of LAYERS[layer] ?? []) visit(dep, [...stack, layer]);
    seen.add(layer);
  };
  for (const layer of Object.keys(LAYERS)) visit(layer, []);
});
