// Asks the OS to write a file's data to disk every few seconds while it is being written, on
// libuv's thread pool, so the fsync that must end a build (before the rename) has only the last
// seconds of writes left to wait for: it was ~0.18 s of the ~0.4 s spent after the last company,
// when nothing else runs. An error is left to that final fsync, which reports it.
import fs from 'node:fs';

export interface EarlyFlush {
  /** Stops flushing; resolves once a flush under way has ended and the file handle is closed. */
  dispose(): Promise<void>;
}

export function startEarlyFlush(file: string, everyMs = 2000): EarlyFlush {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return { dispose: async () => undefined };
  }
  let running: Promise<void> | null = null;
  const flush = (): void => {
    if (running || fd === null) return;
    running = new Promise<void>((resolve) => fs.fdatasync(fd!, () => resolve())).then(() => { running = null; });
  };
  const timer = setInterval(flush, everyMs);
  timer.unref();
  return {
    async dispose() {
      clearInterval(timer);
      while (running) await running;
      if (fd !== null) {
        const open = fd;
        fd = null;
        fs.closeSync(open);
      }
    },
  };
}
