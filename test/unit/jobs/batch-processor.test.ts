// The worker pool against a real local HTTP server: a test reader fetches each URL (this exercises the pool, the
// store and cancellation; the product reader is the transcode pipeline, covered end to end in test/e2e/batch-*).
// Run once per backend (embedded SQLite and PostgreSQL).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OccamError } from '../../../src/contract/failures.ts';
import { BatchProcessor, type ReadOne } from '../../../src/jobs/batch-processor.ts';
import { checkSubmission } from '../../../src/jobs/batch-request.ts';
import type { BatchStore } from '../../../src/jobs/batch-store.ts';
import { openBatchAt, storeBackends } from '../../helpers/store-backends.ts';
import { startFixtureServer } from '../../helpers/http-fixture.ts';

async function submit(store: BatchStore, urls: string[]) {
  const check = checkSubmission({ urls: JSON.stringify(urls) }, 256, { allowPrivate: true });
  assert.ok(check.ok);
  return (await store.submit(check.submission)).jobId;
}

async function until(pred: () => boolean | Promise<boolean>, what: string, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

for (const backend of storeBackends()) {
  describe(`batch processor [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('batch processor: concurrency never exceeds OCCAM_BATCH_PARALLEL; every item recorded once; failures keep their code', async () => {
      let concurrent = 0;
      let peak = 0;
      const releases: Array<() => void> = [];
      const fixture = await startFixtureServer({}, async (req, res) => {
        concurrent += 1;
        peak = Math.max(peak, concurrent);
        // hold each response until the test lets it go, so overlap is real rather than timing luck
        await new Promise<void>((r) => releases.push(r));
        concurrent -= 1;
        if (req.url === '/missing') res.writeHead(404).end('gone');
        else res.writeHead(200, { 'content-type': 'text/plain' }).end(`page ${req.url}`);
      });
      const reads: string[] = [];
      const readOne: ReadOne = async (url, _opts, signal) => {
        reads.push(url);
        const res = await fetch(url, { signal });
        if (!res.ok) throw new OccamError(`http_${res.status}` as 'http_404', `HTTP ${res.status}`);
        const text = await res.text();
        return { ok: true, markdown: text, backend: 'http', tokensEstimated: text.length, failure: null };
      };
      const store = await openBatchAt(await backend.place(), Date.now);
      const urls = [...Array.from({ length: 11 }, (_, i) => fixture.url(`/p${i}`)), fixture.url('/missing')];
      const jobId = await submit(store, urls);
      const processor = new BatchProcessor(store, readOne, { parallel: 3, pollMs: 20, warn: (line) => process.stderr.write(`${line}\n`) });
      processor.start();
      try {
        // Wait until the pool is full (or holds everything not yet let go), then let those responses go. Counting
        // what was let go — not what the store shows finished — keeps this right when recording lags the response.
        let letGo = 0;
        while (letGo < urls.length) {
          await until(async () => releases.length >= Math.min(3, urls.length - letGo), 'the pool to fill');
          const batch = releases.splice(0);
          letGo += batch.length;
          batch.forEach((r) => r());
        }
        await until(async () => (await store.status(jobId))!.state === 'done', 'the job to finish');
        assert.ok(peak <= 3, `peak concurrency ${peak} must stay within parallel=3`);
        assert.ok(peak >= 2, `the pool actually ran items side by side (peak ${peak})`);
        assert.equal(reads.length, 12, 'each item read exactly once');
        const status = (await store.status(jobId))!;
        assert.deepEqual(status.progress, { total: 12, done: 11, failed: 1, running: 0 });
        const items = (await store.results(jobId, 0, 200))!.items;
        assert.deepEqual(items.map((i) => i.url), urls);
        assert.deepEqual(items[11].failure, { code: 'http_404', message: 'HTTP 404' });
        assert.equal(items[0].markdown, 'page /p0');
      } finally {
        await processor.stop();
        await store.close();
        await fixture.close();
      }
    });

    it('batch processor: stop() aborts in-flight reads and hands their items back for the next run', async () => {
      const signals: AbortSignal[] = [];
      const readOne: ReadOne = (_url, _opts, signal) =>
        new Promise((_resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new OccamError('timeout', 'aborted')));
        });
      const store = await openBatchAt(await backend.place(), Date.now);
      const jobId = await submit(store, ['http://a.test/1', 'http://a.test/2', 'http://a.test/3']);
      const processor = new BatchProcessor(store, readOne, { parallel: 2, pollMs: 20 });
      processor.start();
      await until(async () => signals.length === 2, 'two reads in flight');
      assert.equal((await store.status(jobId))!.progress.running, 2);
      await processor.stop();
      assert.ok(signals.every((s) => s.aborted), 'every in-flight read saw its signal abort');
      assert.deepEqual((await store.status(jobId))!.progress, { total: 3, done: 0, failed: 0, running: 0 });
      assert.equal((await store.results(jobId, 0, 3))!.items.every((i) => i.state === 'pending' && i.failure === null), true);

      // the next processor picks the same items up and finishes them
      const second = new BatchProcessor(store, async (url) => ({ ok: true, markdown: url, backend: 'http', tokensEstimated: 1, failure: null }), {
        parallel: 2,
        pollMs: 20,
      });
      second.start();
      await until(async () => (await store.status(jobId))!.state === 'done', 'the job to finish');
      await second.stop();
      assert.deepEqual((await store.status(jobId))!.progress, { total: 3, done: 3, failed: 0, running: 0 });
      await store.close();
    });

    it('batch processor: an unexpected error becomes transcode_failed, never a crash', async () => {
      const store = await openBatchAt(await backend.place(), Date.now);
      const jobId = await submit(store, ['http://a.test/1']);
      const processor = new BatchProcessor(
        store,
        () => {
          throw new TypeError('boom');
        },
        { parallel: 1, pollMs: 20 },
      );
      processor.start();
      await until(async () => (await store.status(jobId))!.state === 'done', 'the job to finish');
      await processor.stop();
      assert.deepEqual((await store.results(jobId, 0, 1))!.items[0].failure, { code: 'transcode_failed', message: 'boom' });
      await store.close();
    });
  });
}
