// The shape of one tenk subcommand.
export interface Command {
  name: string;
  summary: string;
  help: string;
  /** Runs with the arguments after the command name; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

/** Thrown for wrong command-line usage; main prints the message and exits 2. */
export class UsageError extends Error {}
