// Search handles, the same suite per backend: in memory (default) and the shared PostgreSQL store.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HANDLE_CAPACITY, MemoryHandleStore, looksLikeHandle, type HandleStore } from '../../../src/read/search/handles.ts';
import { HANDLES_KIND, PostgresHandleStore } from '../../../src/read/search/handles-postgres.ts';
import { OccamError } from '../../../src/contract/failures.ts';
import { storeBackends, type StorePlace } from '../../helpers/store-backends.ts';

const code = async (work: Promise<unknown>) => {
  try {
    await work;
    return null;
  } catch (err) {
    return err instanceof OccamError ? err.code : String(err);
  }
};

async function openHandles(place: StorePlace, now: () => number): Promise<HandleStore> {
  return place.backend === 'embedded' ? new MemoryHandleStore(now) : PostgresHandleStore.withPool(await place.pool(HANDLES_KIND), now);
}

it('handle syntax: S1–S20, H + 8 hex', () => {
  assert.ok(looksLikeHandle('S20') && looksLikeHandle('H0000002a') && !looksLikeHandle('S21') && !looksLikeHandle('H123'));
});

for (const backend of storeBackends()) {
  describe(`search handles [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('reading.md §17.4: S aliases follow the latest search; durable handles outlive it', async () => {
      const store = await openHandles(await backend.place(), () => 0);
      const first = await store.recordSearch(['https://a.example/1', 'https://a.example/2']);
      assert.deepEqual(first, [
        { id: 'S1', handle: 'H00000001' },
        { id: 'S2', handle: 'H00000002' },
      ]);
      assert.equal(await store.bind('S2'), 'https://a.example/2');
      assert.equal(await store.bind('s1'), 'https://a.example/1', 'aliases are case-insensitive');
      await store.recordSearch(['https://b.example/1']);
      assert.equal(await store.bind('S1'), 'https://b.example/1');
      assert.equal(await code(store.bind('S2')), 'unknown_handle', 'tools.md #27: alias absent from the new results');
      await assert.rejects(store.bind('S2'), /live aliases: S1\)/);
      assert.equal(await store.bind('H00000002'), 'https://a.example/2', 'tools.md #27: old durable handle still resolves');
      assert.equal(await store.bind('https://plain.example/'), 'https://plain.example/');
    });

    it('tools.md #27: a durable handle expires after exactly one hour', async () => {
      let now = 1_000;
      const store = await openHandles(await backend.place(), () => now);
      await store.recordSearch(['https://a.example/']);
      now += 3600_000 - 1;
      assert.equal(await store.bind('H00000001'), 'https://a.example/');
      now += 1;
      assert.equal(await code(store.bind('H00000001')), 'stale_handle');
      assert.equal(await code(store.bind('Hffffffff')), 'stale_handle');
    });

    it('handles are per tenant: one tenant\'s S1 and H… are unknown to another, each keeps its own 64 slots', async () => {
      const store = await openHandles(await backend.place(), () => 0);
      const alice = await store.recordSearch(['https://alice.example/1'], 'alice');
      await store.recordSearch(['https://bob.example/1', 'https://bob.example/2'], 'bob');
      assert.equal(await store.bind('S1', 'alice'), 'https://alice.example/1', 'bob\'s search did not replace alice\'s aliases');
      assert.equal(await store.bind('S1', 'bob'), 'https://bob.example/1');
      assert.equal(await code(store.bind('S2', 'alice')), 'unknown_handle');
      assert.equal(await code(store.bind(alice[0]!.handle, 'bob')), 'stale_handle', 'a durable handle of another tenant is unknown');
      assert.equal(await code(store.bind('S1')), 'unknown_handle', 'the local tenant has searched nothing');
      for (let i = 0; i < HANDLE_CAPACITY; i++) await store.recordSearch([`https://bob.example/flood/${i}`], 'bob');
      assert.equal(await store.bind(alice[0]!.handle, 'alice'), 'https://alice.example/1', 'another tenant\'s searches never evict this one\'s handles');
    });

    it('at most 64 durable handles; the least recently used goes first', async () => {
      const store = await openHandles(await backend.place(), () => 0);
      await store.recordSearch(['https://keep.example/']);
      for (let i = 0; i < HANDLE_CAPACITY - 1; i++) await store.recordSearch([`https://x.example/${i}`]);
      assert.equal(await store.bind('H00000001'), 'https://keep.example/', 'a use marks the handle recent');
      await store.recordSearch(['https://overflow.example/']);
      assert.equal(await store.bind('H00000001'), 'https://keep.example/');
      assert.equal(await code(store.bind('H00000002')), 'stale_handle', 'the oldest unused handle was evicted');
    });
  });
}

describe('search handles shared by two instances [postgres]', { skip: storeBackends()[1]!.skip }, () => {
  const backend = storeBackends()[1]!;
  before(() => backend.start());
  after(() => backend.stop());

  it('a search recorded by one instance binds on another; the counter is one for both', async () => {
    const place = await backend.place();
    const a = await openHandles(place, () => 0);
    const b = await openHandles(place, () => 0);
    await a.recordSearch(['https://a.example/1']);
    assert.equal(await b.bind('S1'), 'https://a.example/1');
    assert.deepEqual(await b.recordSearch(['https://b.example/1']), [{ id: 'S1', handle: 'H00000002' }]);
    assert.equal(await a.bind('S1'), 'https://b.example/1');
    assert.equal(await a.bind('H00000001'), 'https://a.example/1');
  });

  it('two instances, two tenants: S1 of one tenant never resolves for the other', async () => {
    const place = await backend.place();
    const a = await openHandles(place, () => 0);
    const b = await openHandles(place, () => 0);
    await a.recordSearch(['https://team-a.example/1'], 'tenant-a');
    await b.recordSearch(['https://team-b.example/1'], 'tenant-b');
    assert.equal(await b.bind('S1', 'tenant-a'), 'https://team-a.example/1', 'the same tenant on the other instance');
    assert.equal(await a.bind('S1', 'tenant-b'), 'https://team-b.example/1');
    assert.notEqual(await a.bind('S1', 'tenant-a'), await a.bind('S1', 'tenant-b'));
  });
});
