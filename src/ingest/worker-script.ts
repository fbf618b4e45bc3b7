// The script of a worker thread that sits beside `fromUrl`'s module (`<name>.ts` under tsx, in dev
// and tests; the compiled `<name>.js` under dist/), and starting it.
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Under tsx the worker is TypeScript, and Node 20 does not apply `--import tsx` to a worker's
 * entry module: a small bootstrap registers tsx's loader in the worker, then imports it.
 */
export function workerScript(fromUrl: string, name: string): URL | { evalCode: string } {
  if (!fromUrl.endsWith('.ts')) return new URL(`./${name}.js`, fromUrl);
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const href = JSON.stringify(new URL(`./${name}.ts`, fromUrl).href);
  return { evalCode: `import(${api}).then((m) => { m.register(); return import(${href}); });` };
}

/** Starts a worker thread on a script from workerScript. */
export function startWorker(script: URL | { evalCode: string }, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  return script instanceof URL ? new Worker(script, options) : new Worker(script.evalCode, { ...options, eval: true });
}
