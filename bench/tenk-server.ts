// `tenk serve` in a process of its own for the benches (bench:serve, bench:scale, bench:pit): the
// built server (bin/tenk.js, as operators run it; the npm scripts build first, or run
// `npm run build`) on its own temp home with the dataset linked in, a professional key made in its
// key store (PostgreSQL's when TENK_DATABASE_URL is in `env`, as `tenk serve` then uses it), and
// the port it printed. The bench is the client, from outside the server's process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteKeyStore } from '../src/store/sqlite-key-store.js';
import { PgKeyStore } from '../src/store/pg-key-store.js';
import { openControlDatabase } from '../src/store/pg-control.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface TenkServer { child: ChildProcess; port: number; key: string; home: string; stop(): Promise<void> }

/** Resolves with the first match of `re` in the child's stdout; rejects if it exits first or after 3 minutes. */
export function waitForLine(child: ChildProcess, re: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`timeout waiting for ${re}: ${buf}`)), 180_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      buf += d;
      const m = re.exec(buf);
      if (m) { clearTimeout(timer); resolve(m); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${buf}`)); });
  });
}

/** Starts `tenk serve --port 0` on `datasetPath` with `env` added (unlimited rate cap, warnings only). */
export async function startTenkServer(datasetPath: string, env: Record<string, string> = {}): Promise<TenkServer> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-bench-serve-'));
  let key: string;
  if (env.TENK_DATABASE_URL) {
    const store = new PgKeyStore(await openControlDatabase(env.TENK_DATABASE_URL), undefined, 0);
    ({ key } = await store.create({ plan: 'professional', name: 'bench', now: new Date() }));
    await store.close();
  } else {
    fs.symlinkSync(datasetPath, path.join(home, 'dataset.sqlite'));
    const store = new SqliteKeyStore(path.join(home, 'state.sqlite'));
    ({ key } = await store.create({ plan: 'professional', name: 'bench', now: new Date() }));
    await store.close();
  }
  const childEnv: NodeJS.ProcessEnv = { ...process.env, TENK_UNLIMITED_RATE_CAP: '1000000000', TENK_LOG_LEVEL: 'warn', TENK_SOURCE: '', ...env };
  if (!env.TENK_DATABASE_URL) delete childEnv.TENK_DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'bin/tenk.js'), 'serve', '--port', '0', '--home', home], {
    cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(home, { recursive: true, force: true });
  };
  try {
    const port = Number((await waitForLine(child, /at http:\/\/127\.0\.0\.1:(\d+)/))[1]);
    return { child, port, key, home, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** VmRSS of a process in MB (Linux /proc). */
export function rssMbOf(pid: number): number {
  const st = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(st)?.[1] ?? NaN) / 1024;
}
