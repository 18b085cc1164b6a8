import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HANDLE_CAPACITY, HandleStore, looksLikeHandle } from '../../../src/read/search/handles.ts';
import { OccamError } from '../../../src/contract/failures.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof OccamError ? err.code : String(err);
  }
};

test('reading.md §17.4: S aliases follow the latest search; durable handles outlive it', () => {
  let now = 0;
  const store = new HandleStore(() => now);
  const first = store.recordSearch(['https://a.example/1', 'https://a.example/2']);
  assert.deepEqual(first, [
    { id: 'S1', handle: 'H00000001' },
    { id: 'S2', handle: 'H00000002' },
  ]);
  assert.equal(store.bind('S2'), 'https://a.example/2');
  assert.equal(store.bind('s1'), 'https://a.example/1', 'aliases are case-insensitive');
  store.recordSearch(['https://b.example/1']);
  assert.equal(store.bind('S1'), 'https://b.example/1');
  assert.equal(code(() => store.bind('S2')), 'unknown_handle', 'tools.md #27: alias absent from the new results');
  assert.equal(store.bind('H00000002'), 'https://a.example/2', 'tools.md #27: old durable handle still resolves');
  assert.equal(store.bind('https://plain.example/'), 'https://plain.example/');
});

test('tools.md #27: a durable handle expires after exactly one hour', () => {
  let now = 1_000;
  const store = new HandleStore(() => now);
  store.recordSearch(['https://a.example/']);
  now += 3600_000 - 1;
  assert.equal(store.bind('H00000001'), 'https://a.example/');
  now += 1;
  assert.equal(code(() => store.bind('H00000001')), 'stale_handle');
  assert.equal(code(() => store.bind('Hffffffff')), 'stale_handle');
});

test('at most 64 durable handles; the least recently used goes first', () => {
  const store = new HandleStore(() => 0);
  store.recordSearch(['https://keep.example/']);
  for (let i = 0; i < HANDLE_CAPACITY - 1; i++) store.recordSearch([`https://x.example/${i}`]);
  assert.equal(store.bind('H00000001'), 'https://keep.example/', 'a use marks the handle recent');
  store.recordSearch(['https://overflow.example/']);
  assert.equal(store.bind('H00000001'), 'https://keep.example/');
  assert.equal(code(() => store.bind('H00000002')), 'stale_handle', 'the oldest unused handle was evicted');
  assert.ok(looksLikeHandle('S20') && looksLikeHandle('H0000002a') && !looksLikeHandle('S21') && !looksLikeHandle('H123'));
});
