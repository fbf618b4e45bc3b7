// The dataset a running server answers from, replaceable without a restart (a new build swapped
// in by `tenk sync` or `tenk ingest`). Each request is pinned when it arrives to the generation
// current then (its handler deps and its response cache), so an in-flight request finishes on the
// dataset it started on; a new generation starts with an empty response cache, and a replaced
// dataset is closed once its last pinned request is done.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServableDataset as Dataset } from '../dataset/queries/read-queries.js';
import type { ApiDeps } from '../service/endpoint-types.js';
import { ResponseCache } from './response-cache.js';

export interface Generation {
  readonly dataset: Dataset;
  readonly deps: ApiDeps;
  readonly cache: ResponseCache;
  inFlight: number;
  retired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest { generation: Generation | null }
}

/** A replaced dataset still open after this long is closed even if a request never reported its end. */
const RETIRED_CLOSE_MS = 5 * 60_000;

export class ServedDataset {
  private gen: Generation;

  constructor(dataset: Dataset, private readonly make: (dataset: Dataset) => { deps: ApiDeps; cache: ResponseCache }) {
    this.gen = { dataset, ...make(dataset), inFlight: 0, retired: false };
  }

  get current(): Generation { return this.gen; }

  /** Pins requests to the generation current at their arrival and releases it when they end. */
  install(app: FastifyInstance): void {
    app.decorateRequest('generation', null);
    app.addHook('onRequest', async (req) => {
      const g = this.gen;
      g.inFlight += 1;
      req.generation = g;
    });
    const release = async (req: FastifyRequest) => {
      const g = req.generation;
      if (!g) return;
      req.generation = null;
      g.inFlight -= 1;
      if (g.retired && g.inFlight === 0) close(g);
    };
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
  }

  /** Serves `dataset` from now on; the old one is closed when its in-flight requests are done. */
  replace(dataset: Dataset): void {
    const old = this.gen;
    this.gen = { dataset, ...this.make(dataset), inFlight: 0, retired: false };
    old.retired = true;
    if (old.inFlight === 0) close(old);
    else setTimeout(() => close(old), RETIRED_CLOSE_MS).unref();
  }

  /** Closes the current dataset (server shutdown). */
  close(): void {
    close(this.gen);
  }
}

function close(g: Generation): void {
  g.dataset.close();
}

const served = new WeakMap<FastifyInstance, ServedDataset>();

export function registerServedDataset(app: FastifyInstance, s: ServedDataset): void {
  served.set(app, s);
}

/** Closes the dataset a server built by buildServer serves now (at shutdown). */
export function closeServedDataset(app: FastifyInstance): void {
  served.get(app)?.close();
}

/** Switches a server built by buildServer to `dataset` (see ServedDataset.replace). */
export function replaceDataset(app: FastifyInstance, dataset: Dataset): void {
  const s = served.get(app);
  if (!s) throw new Error('not a tenk server');
  s.replace(dataset);
}
