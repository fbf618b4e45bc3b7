// The tenk command line: a registry of subcommands, each in its own file.
import { pathToFileURL } from 'node:url';
import { ingestCommand } from './ingest-command.js';
import { serveCommand } from './serve-command.js';
import { keysCommand } from './keys-command.js';
import { mcpCommand } from './mcp-command.js';
import { syncCommand } from './sync-command.js';
import { datasetCommand } from './dataset-command.js';
import { auditCommand } from './audit-command.js';
import type { Command } from './command.js';

const COMMANDS: readonly Command[] = [ingestCommand, syncCommand, serveCommand, keysCommand, mcpCommand, datasetCommand, auditCommand];

function usage(): string {
  const lines = ['usage: tenk <command> [options]', '', 'commands:'];
  for (const c of COMMANDS) lines.push(`  ${c.name.padEnd(8)} ${c.summary}`);
  lines.push('', 'Run `tenk <command> --help` for the options of one command.');
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${usage()}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`tenk: unknown command '${name}'\n\n${usage()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.help}\n`);
    return 0;
  }
  return command.run(rest);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (err: unknown) => {
      process.stderr.write(`tenk: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
