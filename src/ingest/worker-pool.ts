// A fixed-size pool of worker threads. A worker that dies fails only the tasks it was given (with
// the reason) and is replaced; a worker that cannot even start breaks the pool, so a broken
// install fails the build instead of skipping everything.
// By default a task is given to an idle worker only. A task may be sent `ahead` to a worker that
// already has tasks (up to that many), so the worker keeps busy while the thread that feeds the
// pool is held by synchronous work. A task can be pinned to one worker (e.g. to use state an
// earlier task left there), and a task can be urgent (a caller waits on it while other work is
// queued): both are sent at once and run, in the worker, before its tasks that are neither
// (serveTasks), so pinned state is released soon and urgent work is not queued behind the rest.
import type { MessagePort, ResourceLimits, TransferListItem, Worker } from 'node:worker_threads';
import { startWorker } from './worker-script.js';

export interface WorkerPoolOptions {
  /** The worker module, or JavaScript source to evaluate (e.g. a bootstrap that loads one). */
  script: URL | { evalCode: string };
  size: number;
  /** Each worker's V8 heap limits (e.g. a larger young generation for allocation-heavy tasks). */
  resourceLimits?: ResourceLimits;
}

/**
 * Every message a pool worker posts: `{type: 'ready'}` once, then `{type: 'result', id, result}`
 * per task (`seconds`: the time the task ran, when the worker measures it).
 */
export type WorkerMessage<R> = { type: 'ready' } | { type: 'result'; id: number; result: R; seconds?: number };

/** What the pool posts to a worker per task; `first`: run before the tasks without it. */
export interface TaskMessage<T> {
  id: number;
  task: T;
  first: boolean;
}

export interface RunOptions {
  /** Run on the worker of this slot (see runOn). */
  slot?: number;
  /** Give the task to a worker that has fewer than this many tasks (default 1: an idle one). */
  ahead?: number;
  /** Send it now and run it before every task that is not urgent or pinned. */
  urgent?: boolean;
}

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
  ahead: number;
  task: T;
  transfer: TransferListItem[];
  resolve(r: PlacedResult<R>): void;
  reject(e: Error): void;
}

interface Slot<T, R> {
  worker: Worker;
  ready: boolean;
  /** Tasks sent to this worker and not answered yet, by id. */
  jobs: Map<number, Job<T, R>>;
  /** Tasks pinned to this slot and not sent yet (its worker is being replaced). */
  pinned: Array<Job<T, R>>;
}

export class WorkerPool<T, R> {
  private readonly slots: Array<Slot<T, R>> = [];
  private readonly queue: Array<Job<T, R>> = [];
  private readonly urgent: Array<Job<T, R>> = [];
  private nextId = 1;
  private broken: Error | null = null;
  private closed = false;
  private busyNs = 0n;

  constructor(private readonly options: WorkerPoolOptions) {
    for (let i = 0; i < Math.max(1, options.size); i++) this.slots.push(this.spawn());
  }

  get size(): number { return this.slots.length; }

  /**
   * Seconds workers spent on tasks, summed over workers: as the workers measured them, else from
   * sending a task to its result.
   */
  get busySeconds(): number { return Number(this.busyNs) / 1e9; }

  /** Runs one task; `transfer` lists ArrayBuffers moved (not copied) to the worker. */
  run(task: T, transfer: TransferListItem[] = [], options: Omit<RunOptions, 'slot'> = {}): Promise<R> {
    return this.runOn(task, transfer, options).then((r) => r.result);
  }

  /**
   * Runs one task on any worker, or on the worker of `options.slot` when given, and tells which
   * slot ran it. A slot's worker that crashed was replaced: state an earlier task left there is gone.
   */
  runOn(task: T, transfer: TransferListItem[] = [], options: RunOptions = {}): Promise<PlacedResult<R>> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.closed) return Promise.reject(new Error('worker pool is closed'));
    const target = options.slot === undefined ? undefined : this.slots[options.slot];
    const queue = target ? target.pinned : options.urgent ? this.urgent : this.queue;
    return new Promise<PlacedResult<R>>((resolve, reject) => {
      queue.push({ id: this.nextId++, started: 0n, ahead: Math.max(1, options.ahead ?? 1), task, transfer, resolve, reject });
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
    const slot: Slot<T, R> = { worker, ready: false, jobs: new Map(), pinned: [] };
    worker.on('message', (msg: WorkerMessage<R>) => {
      if (msg.type === 'ready') { slot.ready = true; return; }
      const job = slot.jobs.get(msg.id);
      if (!job) return;
      slot.jobs.delete(msg.id);
      this.busyNs += msg.seconds !== undefined ? BigInt(Math.round(msg.seconds * 1e9)) : process.hrtime.bigint() - job.started;
      job.resolve({ result: msg.result, slot: this.slots.indexOf(slot) });
      this.dispatch();
    });
    let failure: Error | null = null;
    worker.on('error', (err) => { failure = err; });
    worker.on('exit', (code) => {
      if (this.closed) return;
      const jobs = [...slot.jobs.values()];
      slot.jobs.clear();
      const why = failure ? failure.message : `exit code ${code}`;
      if (!slot.ready) {
        // It never started: every other worker would fail the same way.
        this.fail(new WorkerPoolBrokenError(`worker thread could not start: ${why}`));
        for (const job of jobs) job.reject(this.broken!);
        return;
      }
      for (const job of jobs) job.reject(new WorkerCrashError(`worker crashed (${why})`));
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
    for (const job of [...this.urgent.splice(0), ...this.queue.splice(0)]) job.reject(err);
    for (const s of this.slots) {
      for (const job of s.pinned.splice(0)) job.reject(err);
      for (const job of s.jobs.values()) job.reject(err);
      s.jobs.clear();
      void s.worker.terminate();
    }
  }

  private send(slot: Slot<T, R>, job: Job<T, R>, first: boolean): void {
    slot.jobs.set(job.id, job);
    job.started = process.hrtime.bigint();
    slot.worker.postMessage({ id: job.id, task: job.task, first } satisfies TaskMessage<T>, job.transfer);
  }

  /** The slot with the fewest tasks sent (the first of those). */
  private leastBusy(): Slot<T, R> {
    let best = this.slots[0]!;
    for (const s of this.slots) if (s.jobs.size < best.jobs.size) best = s;
    return best;
  }

  private dispatch(): void {
    if (this.broken) return;
    for (const slot of this.slots) for (let job = slot.pinned.shift(); job; job = slot.pinned.shift()) this.send(slot, job, true);
    for (let job = this.urgent.shift(); job; job = this.urgent.shift()) this.send(this.leastBusy(), job, true);
    for (;;) {
      const job = this.queue[0];
      if (!job) break;
      const slot = this.leastBusy();
      if (slot.jobs.size >= job.ahead) break;
      this.queue.shift();
      this.send(slot, job, false);
    }
  }
}

/**
 * The worker side of the pool: runs the tasks posted to this thread one at a time, those marked
 * `first` (pinned, urgent) before the others, and posts each result (with the time it ran) and
 * whatever `transferOf` says to move rather than copy. Tasks are taken between event-loop turns,
 * so a task posted while others wait here can still go first.
 */
export function serveTasks<T, R>(port: MessagePort, run: (task: T) => R, transferOf: (result: R) => TransferListItem[],
  failed: (task: T, reason: string) => R): void {
  const first: Array<TaskMessage<T>> = [];
  const rest: Array<TaskMessage<T>> = [];
  let scheduled = false;
  const next = (): void => {
    scheduled = false;
    const msg = first.shift() ?? rest.shift();
    if (!msg) return;
    const t0 = process.hrtime.bigint();
    const result = run(msg.task);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    try {
      port.postMessage({ type: 'result', id: msg.id, result, seconds } satisfies WorkerMessage<R>, transferOf(result));
    } catch (err) {
      const reason = `result could not be returned (${err instanceof Error ? err.message : String(err)})`;
      port.postMessage({ type: 'result', id: msg.id, result: failed(msg.task, reason), seconds } satisfies WorkerMessage<R>);
    }
    schedule();
  };
  const schedule = (): void => {
    if (!scheduled && (first.length > 0 || rest.length > 0)) {
      scheduled = true;
      setImmediate(next);
    }
  };
  port.on('message', (msg: TaskMessage<T>) => {
    (msg.first ? first : rest).push(msg);
    schedule();
  });
  port.postMessage({ type: 'ready' } satisfies WorkerMessage<R>);
}
