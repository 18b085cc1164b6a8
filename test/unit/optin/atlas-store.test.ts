// The failure atlas store, the same suite per backend: in memory (default) and the shared PostgreSQL store.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFailureAtlas, type FailureAtlas } from '../../../src/optin/atlas.ts';
import { ATLAS_KIND, PostgresFailureAtlas } from '../../../src/optin/atlas-postgres.ts';
import { storeBackends, type StorePlace } from '../../helpers/store-backends.ts';

/** An atlas at `place`; each call is one instance with its own pool. */
function openAtlas(place: StorePlace, now: () => number): FailureAtlas {
  if (place.backend === 'embedded') return new MemoryFailureAtlas(now);
  const pool = place.pool(ATLAS_KIND);
  return new PostgresFailureAtlas(() => pool, now, (line) => assert.fail(line));
}

for (const backend of storeBackends()) {
  describe(`failure atlas store [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('playbooks.md §13.4: dominant-code ties break by code, blank codes read unknown, the table is capped', async () => {
      const atlas = openAtlas(await backend.place(), () => Date.UTC(2026, 0, 1));
      await atlas.record('https://www.a.com/x', false, 'timeout');
      await atlas.record('https://a.com/y', false, 'http_403');
      await atlas.record('https://b.com/', false, '');
      await atlas.record('not a url', false, 'timeout');
      const snap = await atlas.snapshot(false);
      const a = snap.hosts.find((h) => h.host === 'a.com')!;
      assert.deepEqual([a.attempts, a.dominantFailure, a.closureRate, a.walled, a.lastFailureAt], [2, 'http_403', 0.5, true, '2026-01-01T00:00:00Z']);
      assert.deepEqual(a.byCode, [
        { code: 'http_403', count: 1 },
        { code: 'timeout', count: 1 },
      ]);
      assert.equal(snap.hosts.find((h) => h.host === 'b.com')!.dominantFailure, 'unknown');
      assert.deepEqual(snap.hosts.map((h) => h.host), ['a.com', 'b.com'], 'worst first');
      const walled = await atlas.snapshot(true);
      assert.deepEqual([walled.hostCount, walled.walledCount, walled.hosts.length], [2, 1, 1]);
      for (let i = 0; i < 600; i++) await atlas.record(`https://h${i}.example/`, true, null);
      assert.equal((await atlas.snapshot(false)).hostCount, 500);
      await atlas.record('https://a.com/z', true, null);
      const after = (await atlas.snapshot(false)).hosts.find((h) => h.host === 'a.com')!;
      assert.deepEqual([after.attempts, after.successes, after.walled], [3, 1, false], 'a known host still counts when the table is full');
    });
  });
}

describe('failure atlas shared by two instances [postgres]', { skip: storeBackends()[1]!.skip }, () => {
  const backend = storeBackends()[1]!;
  before(() => backend.start());
  after(() => backend.stop());

  it('reads recorded on two instances at once add up, none lost', async () => {
    const place = await backend.place();
    const a = openAtlas(place, () => 0);
    const b = openAtlas(place, () => 0);
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).record('https://shared.example/', i % 4 === 0, i % 4 === 0 ? null : 'http_403')));
    const host = (await b.snapshot(false)).hosts[0]!;
    assert.deepEqual([host.host, host.attempts, host.successes, host.failures], ['shared.example', 40, 10, 30]);
    assert.deepEqual(host.byCode, [{ code: 'http_403', count: 30 }]);
  });
});
