#!/usr/bin/env node
// The tenk command: runs the compiled CLI (built by `npm install` / `npm run build`).
import('../dist/cli/main.js').then((m) => m.main(process.argv.slice(2))).then(
  (code) => { if (typeof code === 'number') process.exitCode = code; },
  (err) => { console.error(`tenk: ${err instanceof Error ? err.message : String(err)}`); process.exitCode = 1; },
);
