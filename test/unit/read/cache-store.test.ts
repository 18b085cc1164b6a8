// The response cache store contract, the same suite per backend: files (default) and the shared PostgreSQL store.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FileResponseCache, type ResponseCache } from '../../../src/read/cache.ts';
import { CACHE_KIND, PostgresResponseCache } from '../../../src/read/cache-postgres.ts';
import { storeBackends, type StorePlace } from '../../helpers/store-backends.ts';

/** A cache at `place`; a second call on the same place is another process (or instance) sharing it. */
function openCache(place: StorePlace, now: () => number): ResponseCache {
  if (place.backend === 'embedded') return new FileResponseCache(join(place.dir, 'cache'), now);
  const pool = place.pool(CACHE_KIND);
  return new PostgresResponseCache(() => pool, now, (line) => assert.fail(line));
}

for (const backend of storeBackends()) {
  describe(`response cache store [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('reading.md §15: put then get within the TTL (with its age), expired entries are a miss and deleted', async () => {
      const place = await backend.place();
      let now = 1_000_000;
      const cache = openCache(place, () => now);
      assert.equal(await cache.get('k1', 60), null);
      await cache.put('k1', { ok: true, markdown: 'x' });
      now += 30_000;
      assert.deepEqual(await cache.get('k1', 60), { response: { ok: true, markdown: 'x' }, ageS: 30 });
      now += 31_000;
      assert.equal(await cache.get('k1', 60), null);
      assert.equal(await cache.get('k1', 3600), null, 'the expired entry was deleted, not just skipped');
    });

    it('retention sweep: entries stored before the cutoff go whatever their TTL, newer ones stay', async () => {
      const place = await backend.place();
      let now = 2_000_000;
      const cache = openCache(place, () => now);
      await cache.put('old', { ok: true, markdown: 'old' });
      now += 100_000;
      await cache.put('new', { ok: true, markdown: 'new' });
      assert.equal(await cache.sweep(now - 50_000), 1);
      assert.equal(await cache.get('old', 3600 * 24), null);
      assert.deepEqual((await cache.get('new', 3600))?.response, { ok: true, markdown: 'new' });
      assert.equal(await cache.sweep(now - 50_000), 0);
    });

    it('an entry written by one instance is served by another; a newer put replaces it; large bodies round-trip', async () => {
      const place = await backend.place();
      const now = () => 5_000_000;
      const a = openCache(place, now);
      const b = openCache(place, now);
      const big = 'lorem ipsum '.repeat(200_000); // ~2.4 MB of Markdown
      await a.put('big', { ok: true, markdown: big });
      const hit = await b.get('big', 60);
      assert.equal((hit?.response as { markdown: string }).markdown.length, big.length);
      await b.put('big', { ok: true, markdown: 'short' });
      assert.deepEqual((await a.get('big', 60))?.response, { ok: true, markdown: 'short' });
    });
  });
}

it('a shared cache whose database is unreachable is a miss and a no-op, never an error', async () => {
  const warnings: string[] = [];
  const cache = new PostgresResponseCache(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')), () => 0, (l) => warnings.push(l));
  await cache.put('k', { ok: true });
  assert.equal(await cache.get('k', 60), null);
  assert.equal(warnings.length, 1, 'one line per process');
  assert.match(warnings[0]!, /shared response cache unavailable/);
});
