// No import cycles inside src/dataset: every import of every src/dataset/**/*.ts file (static,
// dynamic, export-from, type-only included) between two dataset files is an edge, and the graph
// must have no cycle; no file imports its own folder's index. The second test shows a constructed
// cycle (and an index import) reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const DATASET = path.resolve('src', 'dataset');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function datasetTree(dir = DATASET, out = new Map<string, string>()): Map<string, string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) datasetTree(p, out);
    else if (e.name.endsWith('.ts')) out.set(path.relative(DATASET, p).split(path.sep).join('/'), fs.readFileSync(p, 'utf8'));
  }
  return out;
}

/** The dataset files each file imports (paths relative to src/dataset, .ts). */
function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [rel, text] of files) {
    const edges: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]!)).replace(/\.js$/, '.ts');
      if (files.has(target)) edges.push(target);
    }
    graph.set(rel, edges);
  }
  return graph;
}

/** Every cycle found by a depth-first walk (each as "a -> b -> a"), and every import of a folder's own index. */
function problems(files: ReadonlyMap<string, string>): string[] {
  const graph = importGraph(files);
  const out: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): void => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') out.push(`cycle: ${[...stack.slice(stack.indexOf(g)), g].join(' -> ')}`);
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of [...graph.keys()].sort()) if (!state.has(f)) visit(f);
  for (const [f, edges] of graph) {
    for (const g of edges) if (path.posix.basename(g) === 'index.ts' && path.posix.dirname(g) === path.posix.dirname(f)) out.push(`${f}: imports its own folder's index`);
  }
  return out.sort();
}

test('src/dataset has no import cycle and no file imports its own folder index', () => {
  const files = datasetTree();
  assert.ok(files.has('sqlite/sqlite-dataset.ts') && files.has('postgres/pg-dataset.ts') && files.has('queries/read-queries.ts'), 'the dataset tree was found');
  assert.ok([...importGraph(files).values()].reduce((n, e) => n + e.length, 0) > 100, 'the walk sees the imports');
  assert.deepEqual(problems(files), []);
});

test('a constructed cycle and an own-index import are reported', () => {
  const files = datasetTree();
  files.set('queries/read-queries.ts', `${files.get('queries/read-queries.ts')}\nimport type { Dataset } from '../sqlite/sqlite-dataset.js';\n`);
  files.set('tables/index.ts', "export * from './records-table.js';\n");
  files.set('tables/offending.ts', "import { createRecordWriter } from './index.js';\nexport const w = createRecordWriter;\n");
  assert.deepEqual(problems(files), [
    'cycle: queries/read-queries.ts -> sqlite/sqlite-dataset.ts -> queries/read-queries.ts',
    "tables/offending.ts: imports its own folder's index",
  ]);
});
