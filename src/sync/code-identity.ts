// The identity of the running tenk's own code, an input of every company fingerprint: a company's
// records depend on the rules that made them as much as on its filings, so a dataset built by
// other code carries nothing over (after an upgrade the first `tenk sync` rebuilds every company
// once, as `--full` would). A hash of the modules of this tree (src/ under tsx, dist/ when built),
// test files aside, computed once per process.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

const MODULE = /\.(ts|js|mjs|json)$/;
const TEST_ONLY = /\.(test|case)\.[mc]?[jt]s$|\.d\.ts$/;

/** A hash of the module files under `root` (relative paths and bytes, in path order), tests aside. */
export function codeIdentityOf(root: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (MODULE.test(e.name) && !TEST_ONLY.test(e.name)) hash.update(path.relative(root, p)).update('\0').update(fs.readFileSync(p)).update('\0');
    }
  };
  walk(root);
  return hash.digest('hex');
}

let running: string | null = null;

/** The identity of the code this process runs (the tree holding src/sync/ or dist/sync/). */
export function codeIdentity(): string {
  return (running ??= codeIdentityOf(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')));
}
