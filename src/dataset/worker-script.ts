// The script of a worker thread that sits beside `fromUrl`'s module (`<name>.ts` under tsx, in dev
// and tests; the compiled `<name>.js` under dist/), and starting it.
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';

/**
 * 64 MB semi-spaces (young generation = 3 semi-spaces) for the build's threads: a company's
 * parse, standardization and records (~20 MB) and the rows the build thread receives die young
 * there; with V8's default 16 MB semi-spaces most of it was copied by a scavenge or two, then
 * promoted (--trace-gc over the corpus: each pool worker's scavenges 2.35 s -> 0.9 s).
 */
export const BUILD_THREAD_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 3 * 64 };

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
