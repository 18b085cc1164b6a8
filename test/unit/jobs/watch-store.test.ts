// The watch store contract, the same suite per backend: SQLite (default) and the shared PostgreSQL store.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SqliteWatchStore, type WatchRecord, type WatchStore } from '../../../src/jobs/watch.ts';
import { PostgresWatchStore, WATCH_KIND } from '../../../src/jobs/watch-store-postgres.ts';
import { appendHistoryEntry, inspectHistory } from '../../../src/trust/receipts/history.ts';
import { storeBackends, type StorePlace } from '../../helpers/store-backends.ts';

/** A watch store at `place`; a second call on the same place is another process sharing it. */
async function openWatch(place: StorePlace): Promise<WatchStore> {
  return place.backend === 'embedded' ? new SqliteWatchStore(join(place.dir, 'watch.db')) : PostgresWatchStore.withPool(await place.pool(WATCH_KIND));
}

/** The successor the watch tool would write: one more history entry whenever the content hash differs. */
function observe(url: string, hash: string, at: string) {
  return (prior: WatchRecord | null) => {
    const changed = prior === null || prior.content_hash !== hash;
    const history = prior?.history ?? [];
    const next = changed
      ? [...history, appendHistoryEntry(history.at(-1) ?? null, { observedAt: at, event: prior ? 'changed' : 'first_seen', contentHash: `sha256:${hash}` })]
      : history;
    const record: WatchRecord = {
      url,
      content_hash: hash,
      block_hashes: [hash.slice(0, 16)],
      first_seen_at: prior?.first_seen_at ?? at,
      last_seen_at: at,
      last_changed_at: prior && changed ? at : (prior?.last_changed_at ?? null),
      history: next,
    };
    return { record, value: changed };
  };
}

for (const backend of storeBackends()) {
  describe(`watch store [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('update reads the stored record and writes its successor; get returns it, also from another instance', async () => {
      const place = await backend.place();
      const a = await openWatch(place);
      assert.equal(await a.get('https://a.example/'), null);
      assert.equal(await a.update('https://a.example/', observe('https://a.example/', 'h1', '2026-01-01T00:00:00Z')), true);
      assert.equal(await a.update('https://a.example/', observe('https://a.example/', 'h1', '2026-01-01T00:01:00Z')), false);
      const b = await openWatch(place);
      assert.equal(await b.update('https://a.example/', observe('https://a.example/', 'h2', '2026-01-01T00:02:00Z')), true);
      const rec = (await a.get('https://a.example/'))!;
      assert.deepEqual(
        [rec.content_hash, rec.block_hashes, rec.first_seen_at, rec.last_seen_at, rec.last_changed_at, rec.history.length],
        ['h2', ['h2'], '2026-01-01T00:00:00Z', '2026-01-01T00:02:00Z', '2026-01-01T00:02:00Z', 2],
      );
      await a.close();
      await b.close();
    });

    it('concurrent updates of one URL from two instances extend one valid chain, none lost', async () => {
      const place = await backend.place();
      const a = await openWatch(place);
      const b = await openWatch(place);
      const url = 'https://race.example/';
      await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).update(url, observe(url, `h${i}`, `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`))));
      const history = (await b.get(url))!.history;
      assert.equal(history.length, 20, 'every change recorded');
      assert.deepEqual(history.map((e) => e.seq), Array.from({ length: 20 }, (_, i) => i));
      const report = inspectHistory(history, null);
      assert.equal(report.chainIntegrity, true);
      assert.equal(report.verdict, 'history_chain_ok');
      await a.close();
      await b.close();
    });

    it('a failing successor leaves the record as it was', async () => {
      const place = await backend.place();
      const store = await openWatch(place);
      await store.update('https://a.example/', observe('https://a.example/', 'h1', '2026-01-01T00:00:00Z'));
      await assert.rejects(store.update('https://a.example/', () => { throw new Error('boom'); }), /boom/);
      assert.equal((await store.get('https://a.example/'))!.content_hash, 'h1');
      assert.equal(await store.update('https://a.example/', observe('https://a.example/', 'h2', '2026-01-01T00:00:01Z')), true, 'the store is usable after');
      await store.close();
    });
  });
}
