// The memory ledger of concurrent parses (issue 14, src/read/memory.ts): reservations queue in order while the
// budget is taken, one parse larger than the whole budget still runs alone, and an aborted waiter leaves the queue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryLedger, parseReservation, PARSE_MEMORY_BASE, PARSE_MEMORY_FACTOR, WORKER_PAGE_FACTOR, WORKER_START_RESERVE } from '../../../src/read/memory.ts';
import { OFF_THREAD_MIN_CHARS, WORKER_YOUNG_MB, workerHeapLimitMb } from '../../../src/read/extract-worker.ts';

const tick = () => new Promise((r) => setImmediate(r));

test('issue 14: reservations beyond the budget wait in FIFO order and are granted as others release', async () => {
  const ledger = new MemoryLedger(100);
  const order: string[] = [];
  const a = await ledger.reserve(60);
  const b = ledger.reserve(50).then((release) => (order.push('b'), release));
  const c = ledger.reserve(10).then((release) => (order.push('c'), release));
  await tick();
  assert.deepEqual(order, [], 'b does not fit beside a, and c queues behind b (no overtaking)');
  assert.equal(ledger.held, 60);
  a();
  const [rb, rc] = await Promise.all([b, c]);
  assert.deepEqual(order, ['b', 'c']);
  assert.equal(ledger.held, 60);
  rb();
  rc();
  assert.equal(ledger.held, 0);
});

test('issue 14: one parse larger than the whole budget runs, alone', async () => {
  const ledger = new MemoryLedger(100);
  const big = await ledger.reserve(500);
  let small = false;
  const next = ledger.reserve(1).then((r) => ((small = true), r));
  await tick();
  assert.equal(small, false, 'nothing runs beside an oversize parse');
  big();
  (await next)();
  assert.equal(small, true);
  assert.equal(ledger.held, 0);
});

test('issue 14: an aborted waiter leaves the queue; a release twice is harmless', async () => {
  const ledger = new MemoryLedger(10);
  const first = await ledger.reserve(10);
  const controller = new AbortController();
  const waiting = ledger.reserve(5, controller.signal);
  controller.abort(new Error('cancelled'));
  await assert.rejects(waiting, /cancelled/);
  first();
  first();
  assert.equal(ledger.held, 0);
  (await ledger.reserve(10))();
});

test('issue 14: a parse reserves the documented fixed cost plus the documented factor of its page, by where it runs', () => {
  const MB = 1024 * 1024;
  assert.equal(parseReservation(0), PARSE_MEMORY_BASE);
  // In-process below OFF_THREAD_MIN_CHARS, in a worker from there: its start, heap limit and young generation.
  assert.equal(parseReservation(OFF_THREAD_MIN_CHARS - 1), PARSE_MEMORY_BASE + (OFF_THREAD_MIN_CHARS - 1) * PARSE_MEMORY_FACTOR);
  assert.equal(parseReservation(6_000_000), WORKER_START_RESERVE + (workerHeapLimitMb(6_000_000) + WORKER_YOUNG_MB) * MB + 6_000_000 * WORKER_PAGE_FACTOR);
  assert.ok(parseReservation(6_000_000) < 6_000_000 * 32, 'a 6 MB page reserves under 32× its size (58× before)');
});
