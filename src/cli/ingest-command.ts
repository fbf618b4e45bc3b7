// `tenk ingest --source DIR`: build a new dataset from a source mirror and swap it in atomically;
// with TENK_DATABASE_URL the finished build is then loaded into PostgreSQL as a new version
// (`tenk dataset load`, switched in one transaction).
import { parseArgs } from 'node:util';
import { loadConfig } from '../model/config.js';
import type { BuildSummary } from '../ingest/build-dataset.js';
import { buildInWorker } from '../ingest/build-worker.js';
import { createProgress } from '../ingest/progress.js';
import { loadDatasetIntoPostgres } from '../dataset/postgres/pg-dataset-load.js';
import type { Command } from './command.js';

/** Subjects shown per skip reason in the summary. */
const SKIP_EXAMPLES = 3;

export function formatSummary(summary: BuildSummary): string {
  const lines = [`dataset built in ${summary.seconds.toFixed(1)} s: ${summary.targetPath}`];
  if (summary.stepSeconds.length > 0) {
    lines.push(`  steps: ${summary.stepSeconds.map((s) => `${s.step} ${s.seconds.toFixed(1)} s`).join(', ')}`);
  }
  for (const [label, n] of Object.entries(summary.counts)) lines.push(`  ${label}: ${n}`);
  if (summary.skipped.length > 0) {
    // grouped by reason (a corpus skips hundreds of transcripts for one reason); every row is in
    // the dataset's ingest_skipped table
    lines.push(`  skipped: ${summary.skipped.length} (every one in the dataset's ingest_skipped table)`);
    const byReason = new Map<string, string[]>();
    for (const s of summary.skipped) {
      const list = byReason.get(s.reason) ?? [];
      list.push(s.subject);
      byReason.set(s.reason, list);
    }
    for (const [reason, subjects] of byReason) {
      const shown = subjects.slice(0, SKIP_EXAMPLES).join(', ');
      lines.push(`    ${subjects.length} × ${reason}: ${shown}${subjects.length > SKIP_EXAMPLES ? ', …' : ''}`);
    }
  } else {
    lines.push('  skipped: 0');
  }
  for (const note of summary.notes) lines.push(`  ${note}`);
  return lines.join('\n');
}

/** Ingest from `source` into the configured dataset path, printing progress and the summary. */
export async function runIngest(source: string, home?: string, versions = false): Promise<BuildSummary> {
  const config = loadConfig(process.env, { home, source });
  const summary = await buildInWorker({
    sourceDir: config.source ?? source,
    targetPath: config.datasetPath,
    progress: createProgress(process.stderr),
    versions,
  });
  process.stdout.write(`${formatSummary(summary)}\n`);
  return summary;
}

export const ingestCommand: Command = {
  name: 'ingest',
  summary: 'build the dataset from a source mirror (atomic swap)',
  help: [
    'usage: tenk ingest --source DIR [--home DIR] [--versions]',
    '',
    '  --source DIR   source mirror laid out like shared/data (default: $TENK_SOURCE)',
    '  --home DIR     where dataset.sqlite is written (default: $TENK_HOME or ./.tenk)',
    '  --versions     store every version of every record (as_of and first_filed become a lookup;',
    '                 the build standardizes each company at each of its filing dates: several times slower)',
  ].join('\n'),
  async run(args) {
    const { values } = parseArgs({ args, options: { source: { type: 'string' }, home: { type: 'string' }, versions: { type: 'boolean', default: false } } });
    const source = values.source ?? process.env.TENK_SOURCE;
    if (!source) {
      process.stderr.write('tenk ingest: --source DIR is required (or set TENK_SOURCE)\n');
      return 2;
    }
    await runIngest(source, values.home, values.versions);
    const config = loadConfig(process.env, values.home ? { home: values.home } : {});
    if (config.databaseUrl) {
      try {
        const s = await loadDatasetIntoPostgres(config.datasetPath, config.databaseUrl);
        process.stdout.write(`loaded into PostgreSQL as ${s.schema} (${s.rows} rows in ${s.seconds.toFixed(1)} s), now served\n`);
      } catch (err) {
        process.stderr.write(`tenk ingest: loading into PostgreSQL failed, the served version is unchanged: ${(err as Error).message}\n`);
        return 1;
      }
    }
    return 0;
  },
};
