// The retention sweep (OCCAM_RETENTION_DAYS) over the embedded stores: finished jobs and cache entries older than
// the retention go, newer ones and unfinished jobs stay; 0 days keeps everything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext } from '../../../src/runtime/context.ts';
import { Services } from '../../../src/runtime/services.ts';
import { FileResponseCache } from '../../../src/read/cache.ts';
import { checkSubmission } from '../../../src/jobs/batch-request.ts';
import { SqliteBatchStore } from '../../../src/jobs/batch-store-sqlite.ts';
import { DAY_MS, sweepOnce } from '../../../src/jobs/retention.ts';
import { occamPaths } from '../../../src/config/paths.ts';

test('retention: finished jobs and cache entries older than OCCAM_RETENTION_DAYS are deleted; 0 keeps them', async () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-retention-'));
  try {
    let now = Date.UTC(2026, 0, 1);
    const runtime = testContext({ homeDir: home, env: { OCCAM_RETENTION_DAYS: '7' }, now: () => now });
    const services = new Services(runtime);
    const cache = new FileResponseCache(occamPaths(runtime).cacheDir, () => now);
    const store = await SqliteBatchStore.open(join(home, 'jobs.db'), () => now);
    const check = checkSubmission({ urls: 'http://a.test/1' }, 64, { allowPrivate: true });
    assert.ok(check.ok);
    const job = await store.submit(check.submission);
    const owner = { token: 't', host: 'h', pid: 1 };
    const c = (await store.claimNext(owner, 60_000))!;
    await store.complete(owner, c.jobId, c.seq, { ok: true, markdown: '# a', backend: 'http', tokensEstimated: 2, failure: null });
    await cache.put('a'.repeat(64), { ok: true, markdown: '# old' });
    now += 8 * DAY_MS;
    await cache.put('b'.repeat(64), { ok: true, markdown: '# new' });

    const off = await sweepOnce({ ...runtime, env: { OCCAM_RETENTION_DAYS: '0' } }, services, store, now);
    assert.equal(off, null, '0 days: retention off');
    assert.equal((await store.status(job.jobId))?.state, 'done');

    assert.deepEqual(await sweepOnce(runtime, services, store, now), { jobs: 1, items: 1, cacheEntries: 1 });
    assert.equal(await store.status(job.jobId), null);
    assert.deepEqual(readdirSync(occamPaths(runtime).cacheDir).filter((n) => n.endsWith('.json')), [`${'b'.repeat(64)}.json`]);
    await store.close();
    await services.disposeAll();
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
