// The real CLI's `tenk serve --port 0` in a child process on a tiny dataset: waits for the URL it
// prints and hands back the process, its output so far, the printed URL and the exit promise.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTinyDataset } from './tiny-dataset.js';

export const CLI = ['--import', 'tsx', 'src/cli/main.ts'];

export interface ServeProcess {
  home: string;
  child: ChildProcess;
  /** stdout and stderr so far. */
  out(): string;
  /** The `try: curl '…'` URL the server printed (it carries the development key); '' on a home
   *  that already had keys. */
  tryUrl: string;
  /** The base URL the server printed (`serving … at URL`). */
  baseUrl: string;
  exited: Promise<number | null>;
  /** Kills the process if it still runs and removes its home. */
  cleanup(): void;
}

export interface ServeOptions {
  /** An existing home to serve (a restart); its dataset is built when missing, and it is kept at cleanup. */
  home?: string;
  env?: Record<string, string>;
  /** The keys live outside the home (TENK_DATABASE_URL): do not wait for a development key. */
  keysElsewhere?: boolean;
  /** The companies of the tiny dataset built when the home has none (default AAPL). */
  companies?: Parameters<typeof buildTinyDataset>[0];
}

export async function startServeProcess(prefix: string, opts: ServeOptions = {}): Promise<ServeProcess> {
  const home = opts.home ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataset = path.join(home, 'dataset.sqlite');
  if (!fs.existsSync(dataset)) buildTinyDataset(opts.companies ?? [{ cik: '0000320193', ticker: 'AAPL', years: [2023, 2024, 2025] }], dataset);
  const hadKeys = opts.keysElsewhere === true || fs.existsSync(path.join(home, 'state.sqlite'));
  const child = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--home', home], {
    env: { ...process.env, TENK_LOG_LEVEL: 'silent', TENK_SOURCE: '', ...(opts.env ?? {}) }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const cleanup = () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    if (!opts.home) fs.rmSync(home, { recursive: true, force: true });
  };
  try {
    const [baseUrl, tryUrl] = await new Promise<[string, string]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 60_000);
      child.on('exit', () => { clearTimeout(timer); reject(new Error(`tenk serve exited: ${out}`)); });
      child.stdout!.on('data', (d: string) => {
        out += d;
        const base = /serving \S+ at (\S+)/.exec(out);
        const m = /try: curl '([^']+)'/.exec(out);
        if (base && (m || hadKeys)) { clearTimeout(timer); resolve([base[1]!, m ? m[1]! : '']); }
      });
    });
    return { home, child, out: () => out, tryUrl, baseUrl, exited, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}
