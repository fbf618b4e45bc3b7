// A fixed-size pool of worker threads running one task at a time each. A worker that dies
// fails only the task it was running (with the reason) and is replaced; a worker that cannot
// even start breaks the pool, so a broken install fails the build instead of skipping everything.
// A task can be pinned to one worker (e.g. to use state an earlier task left there): pinned tasks
// run before unpinned ones, so the state they release is held as briefly as possible.
import type { ResourceLimits, TransferListItem, Worker } from 'node:worker_threads';
import { startWorker } from './worker-script.js';

export interface WorkerPoolOptions {
  /** The worker module, or JavaScript source to evaluate (e.g. a bootstrap that loads one). */
  script: URL | { evalCode: string };
  size: number;
  /** Each worker's V8 heap limits (e.g. a larger young generation for allocation-heavy tasks). */
  resourceLimits?: ResourceLimits;
}

/** Every message a pool worker posts: `{type: 'ready'}` once, then `{type: 'result', id, result}`. */
export type WorkerMessage<R> = { type: 'ready' } | { type: 'result'; id: number; result: R };

export class WorkerCrashError extends Error {}
export class WorkerPoolBrokenError extends Error {}

/** A task's result and the index of the worker slot that ran it (see runOn). */
export interface PlacedResult<R> {
  result: R;
  slot: number;
}

interface Job<T, R> {
  id: number;
  started: bigint;
  task: T;
  transfer: TransferListItem[];
  resolve(r: PlacedResult<R>): void;
  reject(e: Error): void;
}

interface Slot<T, R> {
  worker: Worker;
  ready: boolean;
  job: Job<T, R> | null;
  /** Tasks pinned to this slot, run before the shared queue's. */
  pinned: Array<Job<T, R>>;
}

export class WorkerPool<T, R> {
  private readonly slots: Array<Slot<T, R>> = [];
  private readonly queue: Array<Job<T, R>> = [];
  private nextId = 1;
  private broken: Error | null = null;
  private closed = false;
  private busyNs = 0n;

  constructor(private readonly options: WorkerPoolOptions) {
    for (let i = 0; i < Math.max(1, options.size); i++) this.slots.push(this.spawn());
  }

  get size(): number { return this.slots.length; }

  /** Seconds workers spent on tasks (dispatch to result), summed over workers. */
  get busySeconds(): number { return Number(this.busyNs) / 1e9; }

  /** Runs one task; `transfer` lists ArrayBuffers moved (not copied) to the worker. */
  run(task: T, transfer: TransferListItem[] = []): Promise<R> {
    return this.runOn(task, transfer).then((r) => r.result);
  }

  /**
   * Runs one task on any worker, or on the worker of `slot` when given, and tells which slot ran
   * it. A slot's worker that crashed was replaced: state an earlier task left there is gone.
   */
  runOn(task: T, transfer: TransferListItem[] = [], slot?: number): Promise<PlacedResult<R>> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    return new Promise<PlacedResult<R>>((resolve, reject) => {
      const job: Job<T, R> = { id: this.nextId++, started: 0n, task, transfer, resolve, reject };
      const target = slot === undefined ? undefined : this.slots[slot];
      if (target) target.pinned.push(job);
      else this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot<T, R> {
    const { script, resourceLimits } = this.options;
    const worker = startWorker(script, { resourceLimits });
    const slot: Slot<T, R> = { worker, ready: false, job: null, pinned: [] };
    worker.on('message', (msg: WorkerMessage<R>) => {
      if (msg.type === 'ready') { slot.ready = true; return; }
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      this.busyNs += process.hrtime.bigint() - job.started;
      job.resolve({ result: msg.result, slot: this.slots.indexOf(slot) });
      this.dispatch();
    });
    let failure: Error | null = null;
    worker.on('error', (err) => { failure = err; });
    worker.on('exit', (code) => {
      if (this.closed) return;
      const job = slot.job;
      slot.job = null;
      const why = failure ? failure.message : `exit code ${code}`;
      if (!slot.ready) {
        // It never started: every other worker would fail the same way.
        this.fail(new WorkerPoolBrokenError(`worker thread could not start: ${why}`));
        job?.reject(this.broken!);
        return;
      }
      job?.reject(new WorkerCrashError(`worker crashed (${why})`));
      const i = this.slots.indexOf(slot);
      if (i >= 0) {
        const next = this.spawn();
        next.pinned = slot.pinned;
        this.slots[i] = next;
      }
      this.dispatch();
    });
    return slot;
  }

  private fail(err: Error): void {
    this.broken = err;
    for (const job of this.queue.splice(0)) job.reject(err);
    for (const s of this.slots) {
      for (const job of s.pinned.splice(0)) job.reject(err);
      if (s.job) { s.job.reject(err); s.job = null; }
      void s.worker.terminate();
    }
  }

  private dispatch(): void {
    if (this.broken) return;
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = slot.pinned.shift() ?? this.queue.shift();
      if (!job) continue;
      slot.job = job;
      job.started = process.hrtime.bigint();
      slot.worker.postMessage({ id: job.id, task: job.task }, job.transfer);
    }
  }
}
