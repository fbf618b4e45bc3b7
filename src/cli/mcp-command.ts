// `tenk mcp`: serve the local dataset ($TENK_HOME/dataset.sqlite) as MCP tools over stdio, for a
// desktop assistant that starts it (README, MCP). No key: it is the operator's own process.
// Invariant: nothing but protocol messages on stdout; messages for people go to stderr.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ENDPOINTS } from '../service/endpoint-registry.js';
import { createIdentifierResolver } from '../reference/resolve-identifier.js';
import { Dataset } from '../dataset/sqlite/sqlite-dataset.js';
import { systemClock } from '../model/clock.js';
import { loadConfig } from '../model/config.js';
import { runStdioServer } from '../mcp/stdio-server.js';
import { MemoryLimiter } from '../ratelimit/memory-limiter.js';
import { loadOrCreateServerSecret } from '../store/server-secret.js';
import type { Command } from './command.js';

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve the dataset as MCP tools over stdio (for desktop assistants)',
  help: [
    'usage: tenk mcp [--home DIR]',
    '',
    '  --home DIR   directory with dataset.sqlite (default: $TENK_HOME or ./.tenk)',
    '',
    'Speaks the Model Context Protocol on stdin/stdout; logs go to stderr. No API key is needed:',
    'the process reads the local dataset. Remote clients use POST /mcp on `tenk serve` instead.',
  ].join('\n'),
  async run(args) {
    const { values } = parseArgs({ args, options: { home: { type: 'string' } } });
    const config = loadConfig(process.env, values.home ? { home: values.home } : {});
    if (!fs.existsSync(config.datasetPath)) {
      process.stderr.write(`tenk mcp: no dataset in ${config.home}: run \`tenk ingest --source DIR\` first\n`);
      return 1;
    }
    let dataset: Dataset;
    try {
      dataset = Dataset.openChecked(config.datasetPath);
    } catch (err) {
      process.stderr.write(`tenk mcp: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
    const limiter = new MemoryLimiter(systemClock);
    const secret = loadOrCreateServerSecret(config.statePath, config.secret);
    const deps = { dataset, resolver: createIdentifierResolver(dataset), clock: systemClock, config, secret };
    process.stderr.write(`tenk mcp: serving ${config.datasetPath} over stdio\n`);
    try {
      await runStdioServer({ services: { deps, limiter, clock: systemClock, config }, endpoints: ENDPOINTS, version: process.env.npm_package_version ?? '0.1.0' });
    } finally {
      dataset.close();
      await limiter.close();
    }
    return 0;
  },
};
