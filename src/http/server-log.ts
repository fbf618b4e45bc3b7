// The server's log: JSON lines (pino-compatible fields: level, time, pid, msg) written only for
// events worth a line (startup problems, failures; every request at debug). Fastify's per-request
// child loggers are not used: they cost a measurable share of the hot path. Callers pass
// already-redacted values (redact.ts); nothing here adds request data.
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

export interface ServerLog {
  readonly enabledFor: (level: keyof typeof LEVELS) => boolean;
  error(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  info(fields: Record<string, unknown>, msg: string): void;
  debug(fields: Record<string, unknown>, msg: string): void;
}

export function createServerLog(level: string, stream: NodeJS.WritableStream = process.stdout): ServerLog {
  const threshold = LEVELS[level] ?? LEVELS.info!;
  const write = (n: number, fields: Record<string, unknown>, msg: string) => {
    if (n < threshold) return;
    stream.write(`${JSON.stringify({ level: n, time: Date.now(), pid: process.pid, ...fields, msg })}\n`);
  };
  return {
    enabledFor: (l) => (LEVELS[l] ?? 0) >= threshold,
    error: (f, m) => write(50, f, m),
    warn: (f, m) => write(40, f, m),
    info: (f, m) => write(30, f, m),
    debug: (f, m) => write(20, f, m),
  };
}
