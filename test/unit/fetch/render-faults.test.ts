// A throw in one of a render's callbacks (request routing, page and context listeners) is that read's typed failure,
// never an error loose in the process (issue 30 item 1). Playwright calls these callbacks from its connection, so
// here they are called the same way: directly, with nothing awaiting them but the wrapper.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Route } from 'playwright-core';
import { OccamError } from '../../../src/contract/failures.ts';
import { RenderFaults } from '../../../src/fetch/browser/pool.ts';

/** The part of a Playwright Route the wrapper uses: it records how the request was answered. */
function routeAnswering(abortRejects: boolean) {
  const answers: string[] = [];
  const route = {
    abort: async (code: string) => {
      answers.push(`abort:${code}`);
      if (abortRejects) throw new Error('Target page, context or browser has been closed');
    },
  } as unknown as Route;
  return { route, answers };
}

test('a route handler that throws: the request is aborted, the render fails with a typed failure, nothing escapes', async () => {
  const faults = new RenderFaults();
  const { route, answers } = routeAnswering(false);
  const handler = faults.route(async () => {
    throw new TypeError('request.frame is not available');
  });
  await handler(route); // resolves: Playwright's dispatch never sees the throw
  assert.deepEqual(answers, ['abort:blockedbyclient']);
  const fault = faults.fault;
  assert.ok(fault instanceof OccamError);
  assert.equal(fault.code, 'transcode_failed');
  assert.equal(fault.details.reason, 'browser_callback_failed');
  assert.match(fault.message, /request routing: request\.frame is not available/);
  await assert.rejects(faults.failed, (err) => err === fault);
});

test('an abort that rejects (the page already gone) is swallowed too; the first fault is the one kept', async () => {
  const faults = new RenderFaults();
  const { route } = routeAnswering(true);
  await faults.route(async () => {
    throw new Error('first\nsecond line');
  })(route);
  faults.listener('popup handling', () => {
    throw new Error('later');
  })();
  assert.match(faults.fault!.message, /request routing: first$/);
});

test('a listener that throws returns normally and records the fault', () => {
  const faults = new RenderFaults();
  const listener = faults.listener('response handling', (n: number) => {
    if (n > 1) throw new RangeError('boom');
  });
  listener(1);
  assert.equal(faults.fault, null);
  listener(2);
  assert.match(faults.fault!.message, /response handling: boom/);
});

test('a render without faults never rejects its fault promise (no stray rejection either)', async () => {
  const faults = new RenderFaults();
  const settled = await Promise.race([faults.failed.then(() => 'resolved', () => 'rejected'), new Promise((r) => setTimeout(() => r('pending'), 20))]);
  assert.equal(settled, 'pending');
});
