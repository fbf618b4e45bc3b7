// `tenk audit`: the accuracy scorecard of the served dataset ($TENK_HOME/dataset.sqlite, or the
// current PostgreSQL version with TENK_DATABASE_URL): every company against the accounting
// identities of src/audit, per identity and company type, with the worst offenders. Optionally
// compares with a committed baseline (exit 1 on a drop) or writes the baseline and docs/accuracy.md.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../model/config.js';
import { auditDataset } from '../audit/scorecard.js';
import { renderMarkdown, renderText } from '../audit/scorecard-render.js';
import { baselineJson, rateDrops, type Baseline } from '../audit/scorecard-baseline.js';
import { openServedSource } from './served-source.js';
import type { Command } from './command.js';

const HELP = [
  'usage: tenk audit [--home DIR] [--json] [--worst N] [--baseline FILE] [--write-baseline FILE] [--write-docs FILE]',
  '',
  'Checks every company of the dataset against the accounting identities (docs/accuracy.md) and prints,',
  'per identity and company type, the share of records that hold within 0.5 %, and the worst offenders',
  'with their provenance.',
  '',
  '  --home DIR              the dataset of DIR/dataset.sqlite (default: $TENK_HOME or ./.tenk);',
  '                          with TENK_DATABASE_URL the current PostgreSQL version instead',
  '  --json                  the scorecard as JSON',
  '  --worst N               how many offenders to list (default 10)',
  '  --baseline FILE         compare with a baseline (test/accuracy-baseline.json); exit 1 on a drop',
  '  --write-baseline FILE   write the scorecard as the baseline',
  '  --write-docs FILE       write the scorecard as Markdown (docs/accuracy.md)',
].join('\n');

export const auditCommand: Command = {
  name: 'audit',
  summary: 'the accuracy scorecard: accounting identities over every company of the dataset',
  help: HELP,
  async run(args) {
    const { values } = parseArgs({ args, options: {
      home: { type: 'string' }, json: { type: 'boolean' }, worst: { type: 'string' },
      baseline: { type: 'string' }, 'write-baseline': { type: 'string' }, 'write-docs': { type: 'string' },
    } });
    const worst = values.worst === undefined ? 10 : Number(values.worst);
    if (!Number.isInteger(worst) || worst < 0) {
      process.stderr.write(`tenk audit: --worst takes a whole number, not '${values.worst}'\n`);
      return 2;
    }
    // the dataset as built: never ingest from here
    const config = { ...loadConfig(process.env, values.home ? { home: values.home } : {}), source: null };
    const source = await openServedSource(config);
    try {
      const card = await auditDataset(source.dataset, { worst });
      process.stdout.write(`${values.json ? JSON.stringify(card, null, 1) : renderText(card)}\n`);
      if (values['write-baseline']) {
        fs.writeFileSync(values['write-baseline'], baselineJson(card));
        process.stderr.write(`baseline written: ${values['write-baseline']}\n`);
      }
      if (values['write-docs']) {
        fs.writeFileSync(values['write-docs'], renderMarkdown(card, source.label.startsWith('postgres:') ? 'PostgreSQL' : path.basename(source.label)));
        process.stderr.write(`report written: ${values['write-docs']}\n`);
      }
      if (values.baseline) {
        const drops = rateDrops(JSON.parse(fs.readFileSync(values.baseline, 'utf8')) as Baseline, card);
        for (const d of drops) process.stderr.write(`DROP ${d.key}: ${d.baseline} % -> ${d.now ?? 'nothing judged'} % (allowed ${d.allowed.toFixed(2)} points)\n`);
        if (drops.length > 0) return 1;
      }
      return 0;
    } finally {
      source.dataset.close();
      await source.close();
    }
  },
};
