// The ingest worker pool: a crashing or throwing worker fails only its own task and is replaced;
// a worker that cannot start breaks the pool instead of failing every company one by one.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { WorkerPool, WorkerCrashError, WorkerPoolBrokenError, serveTasks, type TaskMessage, type WorkerMessage } from '../src/ingest/worker-pool.js';
import { createStandardizePool } from '../src/ingest/standardize-pool.js';

const ECHO_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, task }) => {
  if (task === 'exit') process.exit(3);
  if (task === 'throw') throw new Error('boom in worker');
  parentPort.postMessage({ type: 'result', id, result: task * 2 });
});
parentPort.postMessage({ type: 'ready' });
`;

async function ready(pool: WorkerPool<unknown, number>): Promise<void> {
  // One round trip per worker so every worker has started (a crash before 'ready' breaks the pool).
  await Promise.all(Array.from({ length: pool.size }, (_, i) => pool.run(i)));
}

describe('worker pool', () => {
  test('a worker that exits fails only its task; the pool replaces it and goes on', async () => {
    const pool = new WorkerPool<unknown, number>({ script: { evalCode: ECHO_WORKER }, size: 2 });
    try {
      await ready(pool);
      const results = await Promise.allSettled([pool.run(1), pool.run('exit'), pool.run(3), pool.run('throw'), pool.run(5)]);
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
      assert.deepEqual(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value), [2, 6, 10]);
      const [exited, threw] = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as Error);
      assert.ok(exited instanceof WorkerCrashError);
      assert.match(exited.message, /worker crashed \(exit code 3\)/);
      assert.ok(threw instanceof WorkerCrashError);
      assert.match(threw.message, /boom in worker/);
      assert.equal(await pool.run(21), 42);
    } finally {
      await pool.close();
    }
  });

  test('a task pinned to a slot runs on that worker; a replaced worker has lost what its predecessor held', async () => {
    // Each worker remembers values ('keep:N') and answers 'take' with the sum it holds (state left for a later task).
    const STATEFUL = `
const { parentPort } = require('node:worker_threads');
let held = 0;
parentPort.on('message', ({ id, task }) => {
  if (task === 'exit') process.exit(3);
  if (typeof task === 'string' && task.startsWith('keep:')) { held += Number(task.slice(5)); parentPort.postMessage({ type: 'result', id, result: 0 }); return; }
  parentPort.postMessage({ type: 'result', id, result: held });
});
parentPort.postMessage({ type: 'ready' });
`;
    const pool = new WorkerPool<unknown, number>({ script: { evalCode: STATEFUL }, size: 2 });
    try {
      const placed = await Promise.all([pool.runOn('keep:5'), pool.runOn('keep:7')]);
      assert.deepEqual(placed.map((p) => p.slot).sort(), [0, 1]);
      for (const p of placed) {
        const kept = p === placed[0] ? 5 : 7;
        assert.deepEqual(await pool.runOn('take', [], { slot: p.slot }), { result: kept, slot: p.slot });
      }
      await assert.rejects(pool.runOn('exit', [], { slot: placed[0]!.slot }), WorkerCrashError);
      assert.deepEqual(await pool.runOn('take', [], { slot: placed[0]!.slot }), { result: 0, slot: placed[0]!.slot });
      assert.equal((await pool.runOn('take', [], { slot: placed[1]!.slot })).result, 7);
    } finally {
      await pool.close();
    }
  });

  test('a worker that cannot start breaks the pool with the reason', async () => {
    const pool = new WorkerPool<unknown, number>({ script: { evalCode: 'throw new Error("cannot load module")' }, size: 2 });
    try {
      await assert.rejects(pool.run(1), (err: Error) => err instanceof WorkerPoolBrokenError && /cannot load module/.test(err.message));
      await assert.rejects(pool.run(2), WorkerPoolBrokenError);
    } finally {
      await pool.close();
    }
  });

  test('the standardize pool loads its TypeScript worker and answers with reasons', async () => {
    const pool = createStandardizePool(1);
    try {
      const bytes = new TextEncoder().encode('{"cik": 123, "facts": {"dei": {}}}');
      const res = await pool.run({ kind: 'facts', cik: '0000000123', payload: { encoding: 'identity', bytes }, fiscalYearEnd: null, derive: null }, [bytes.buffer]);
      assert.deepEqual(res, { kind: 'facts', ok: false, reason: 'no us-gaap or ifrs-full facts', entityName: null });
      assert.equal(bytes.byteLength, 0, 'the bytes were transferred, not copied');
      const sub = new TextEncoder().encode('{"cik": "123", "name": "Acme", "tickers": ["ACM"], "fiscalYearEnd": "0630"}');
      const filer = await pool.run({ kind: 'submission', cik: '0000000123', payload: { encoding: 'identity', bytes: sub } });
      assert.equal(filer.ok, true);
      assert.ok(filer.ok && filer.kind === 'submission' && filer.filer.fiscalYearEnd === '0630' && filer.filer.tickers[0] === 'ACM');
    } finally {
      await pool.close();
    }
  });

  test('a worker runs the tasks marked first before those waiting without the mark, and reports each task\'s time', async () => {
    const { port1, port2 } = new MessageChannel();
    const ran: string[] = [];
    serveTasks<string, string>(port1 as never, (task) => { ran.push(task); return task.toUpperCase(); }, () => [], (_task, reason) => reason);
    const results: Array<WorkerMessage<string>> = [];
    const done = new Promise<void>((resolve) => {
      port2.on('message', (msg: WorkerMessage<string>) => {
        results.push(msg);
        if (results.filter((r) => r.type === 'result').length === 4) resolve();
      });
    });
    // all four arrive before the worker takes one: the urgent one goes first, the rest in order
    const post = (m: TaskMessage<string>) => port2.postMessage(m);
    post({ id: 1, task: 'a', first: false });
    post({ id: 2, task: 'b', first: false });
    post({ id: 3, task: 'c', first: false });
    post({ id: 4, task: 'urgent', first: true });
    await done;
    port1.close();
    assert.deepEqual(ran, ['urgent', 'a', 'b', 'c']);
    assert.equal(results[0]!.type, 'ready');
    const answered = results.filter((r): r is Extract<WorkerMessage<string>, { type: 'result' }> => r.type === 'result');
    assert.deepEqual(answered.map((r) => [r.id, r.result]), [[4, 'URGENT'], [1, 'A'], [2, 'B'], [3, 'C']]);
    assert.ok(answered.every((r) => typeof r.seconds === 'number' && r.seconds >= 0));
  });

  test('tasks sent ahead wait in the worker; an urgent task sent later still runs before them', { timeout: 60_000 }, async () => {
    // A worker that orders tasks as serveTasks does (`first` before the rest) and answers with the
    // order it ran them in. It holds every task until the urgent one has arrived, so the order
    // depends only on what the pool sent and how it marked it, never on thread scheduling.
    const ORDERED = `
const { parentPort } = require('node:worker_threads');
const first = [], rest = [];
let n = 0, open = false;
const drain = () => {
  for (let m = first.shift() ?? rest.shift(); m; m = first.shift() ?? rest.shift()) {
    parentPort.postMessage({ type: 'result', id: m.id, result: n++ });
  }
};
parentPort.on('message', (m) => {
  (m.first ? first : rest).push(m);
  // the warm-up, the urgent task, or the five tasks of the test all held: run what is here
  if (m.task === 'warm up' || m.first || first.length + rest.length >= 5) open = true;
  if (open) drain();
  if (m.task === 'warm up') open = false;
});
parentPort.postMessage({ type: 'ready' });
`;
    const pool = new WorkerPool<unknown, number>({ script: { evalCode: ORDERED }, size: 1 });
    try {
      await pool.run('warm up');
      const ahead = [1, 2, 3, 4].map((i) => pool.run(i, [], { ahead: 8 }));
      const idleOnly = pool.run('after the others');
      const urgent = pool.run('urgent', [], { urgent: true });
      const order = await Promise.all([...ahead, idleOnly, urgent]);
      // the four were sent at once and were still waiting when the urgent one came: it ran first;
      // the task without `ahead` was sent only when the worker was idle, so it ran last
      assert.equal(order[5], 1);
      assert.deepEqual(order.slice(0, 4), [2, 3, 4, 5]);
      assert.equal(order[4], 6);
    } finally {
      await pool.close();
    }
  });
});
