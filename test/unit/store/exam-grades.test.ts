// The exam grade store (exam.md §6) against both backends: the embedded SQLite file and PostgreSQL (a throwaway
// cluster). Same key, TTL, capacity and first-insertion-order rules as the in-memory cache; a second store on the
// same place is another process sharing the grades.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { storeBackends, type StorePlace } from '../../helpers/store-backends.ts';
import { SqliteGradeStore } from '../../../src/store/exam-grades-sqlite.ts';
import { EXAM_GRADES_KIND, PostgresGradeStore } from '../../../src/store/exam-grades-postgres.ts';
import { MemoryGradeStore, openExamGradeStore, type ExamGradeStore, type GradeStoreOptions } from '../../../src/store/exam-grades.ts';
import { subjectOf } from '../../../src/exam/record.ts';
import type { ExamResult } from '../../../src/exam/grader.ts';
import { testContext } from '../../../src/runtime/context.ts';

const HOUR = 60 * 60 * 1000;
const MIN = 60 * 1000;

function clock(start = Date.UTC(2027, 0, 1)) {
  let t = start;
  return { now: () => t, set: (ms: number) => (t = start + ms) };
}

const result = (score: number, tier: ExamResult['tier']): ExamResult => ({
  score,
  tier,
  outcomes: [{ task: 'canary', passed: score > 0, detail: 'd' }],
  gradedAt: '2027-01-01T00:00:00.000Z',
  source: 'exam',
});
const subj = (clientInfo: string, modelHint?: string | null, sessionId?: string | null) => subjectOf({ clientInfo, modelHint, sessionId });

async function openAt(place: StorePlace, opts: GradeStoreOptions): Promise<ExamGradeStore> {
  return place.backend === 'embedded'
    ? SqliteGradeStore.open(testContext(), opts, join(place.dir, 'exam', 'grades.db'))
    : PostgresGradeStore.withPool(await place.pool(EXAM_GRADES_KIND), opts);
}

for (const backend of storeBackends()) {
  describe(`exam grade store [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('exam.md #44, #55–#57: store/get; every key component matters; trimmed, case-sensitive; a second process sees it', async () => {
      const place = await backend.place();
      const c = clock();
      const a = await openAt(place, { now: c.now });
      await a.store(subj('desk/1.0'), result(4, 'strong'));
      assert.equal((await a.get(subj('desk/1.0')))?.tier, 'strong');
      assert.equal(await a.get(subj('desk/1.0', 'm')), null);
      // Persisted grades are keyed by client name/version + model (issue 31): the session that earned a grade is not
      // part of the key (the next process is another session), and a missing model is its own key.
      assert.equal((await a.get(subj('desk/1.0', null, 's')))?.tier, 'strong');
      await a.store(subj('desk/1.0', 'model-x', 'earned-here'), result(1, 'weak'));
      assert.equal((await a.get(subj('desk/1.0', 'model-x')))?.tier, 'weak');
      assert.equal((await a.get(subj('desk/1.0')))?.tier, 'strong', 'a model-less lookup never falls through to a model\'s grade');
      assert.equal(await a.get(subj('DESK/1.0')), null);
      assert.equal((await a.get(subj('  desk/1.0  ')))?.score, 4);
      const b = await openAt(place, { now: c.now });
      assert.deepEqual(await b.get(subj('desk/1.0')), result(4, 'strong'), 'the whole result round-trips to another process');
      await Promise.all([a.close(), b.close()]);
    });

    it('exam.md #45–#47: live while now < expiresAt; a re-store restarts the TTL', async () => {
      const place = await backend.place();
      const c = clock();
      const s = await openAt(place, { ttlMs: HOUR, now: c.now });
      await s.store(subj('x'), result(3, 'medium'));
      c.set(59 * MIN);
      assert.ok(await s.get(subj('x')));
      c.set(60 * MIN);
      assert.equal(await s.get(subj('x')), null, 'at exactly the TTL it is gone');
      assert.equal(await s.count(), 0);
      c.set(0);
      await s.store(subj('y'), result(3, 'medium'));
      c.set(50 * MIN);
      await s.store(subj('y'), result(4, 'strong'));
      c.set(70 * MIN);
      assert.equal((await s.get(subj('y')))?.tier, 'strong');
      c.set(115 * MIN);
      assert.equal(await s.get(subj('y')), null);
      await s.close();
    });

    it('exam.md #48–#50: first-insertion-order eviction; re-stores keep their place and take no capacity', async () => {
      const place = await backend.place();
      const c = clock();
      const s = await openAt(place, { capacity: 3, now: c.now });
      for (const n of ['a', 'b', 'c']) await s.store(subj(n), result(1, 'weak'));
      await s.store(subj('a'), result(4, 'strong')); // re-store: a stays oldest
      await s.store(subj('d'), result(2, 'medium'));
      assert.deepEqual((await s.list()).map((e) => e.subject.clientInfo), ['b', 'c', 'd'], 'a was first inserted, so first out (not LRU)');
      for (let i = 0; i < 20; i++) await s.store(subj('d'), result(2, 'medium'));
      assert.equal(await s.count(), 3);
      for (let i = 0; i < 50; i++) await s.store(subj(`n${i}`), result(1, 'weak'));
      const n = await s.count();
      assert.ok(n >= 1 && n <= 3);
      assert.equal(await s.clear(), n);
      assert.equal(await s.count(), 0);
      await s.close();
    });

    it('exam.md #48: an early entry re-stored later outlives a later entry (full sweep, not insertion-order expiry)', async () => {
      const place = await backend.place();
      const c = clock();
      const s = await openAt(place, { ttlMs: HOUR, now: c.now });
      await s.store(subj('early'), result(4, 'strong'));
      c.set(30 * MIN);
      await s.store(subj('late'), result(4, 'strong'));
      c.set(55 * MIN);
      await s.store(subj('early'), result(4, 'strong'));
      c.set(95 * MIN);
      assert.ok(await s.get(subj('early')));
      assert.equal(await s.get(subj('late')), null);
      const listed = await s.list();
      assert.deepEqual(listed.map((e) => e.subject.clientInfo), ['early']);
      assert.equal(listed[0].expiresAt - listed[0].storedAt, HOUR);
      await s.close();
    });

    it('exam.md #53, #54: a non-positive TTL or capacity is rejected at construction', async () => {
      const place = await backend.place();
      for (const ttlMs of [0, -1]) await assert.rejects(async () => openAt(place, { ttlMs, now: () => 0 }), RangeError);
      for (const capacity of [0, -5]) await assert.rejects(async () => openAt(place, { capacity, now: () => 0 }), RangeError);
    });
  });
}

describe('openExamGradeStore', () => {
  it('embedded by default, under the per-OS state dir; the file appears on the first write, not on a read', async () => {
    const { mkdtempSync, existsSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const home = mkdtempSync(join(tmpdir(), 'occam-grades-home-'));
    const runtime = testContext({ homeDir: home, env: { HOME: home } });
    const s = await openExamGradeStore(runtime);
    assert.equal(s.backend, 'sqlite');
    assert.equal(s.location, join(home, '.occam', 'exam', 'grades.db'));
    assert.equal(await s.get(subj('x')), null);
    assert.equal(existsSync(s.location), false, 'a lookup creates nothing');
    await s.store(subj('x'), result(4, 'strong'));
    assert.equal(existsSync(s.location), true);
    await s.close();
  });

  it('falls back to memory (one warning) when the state dir cannot be written; the memory backend keeps the rules', async () => {
    const warnings: string[] = [];
    const m = new MemoryGradeStore({ capacity: 2, now: () => 0 });
    for (const n of ['a', 'b', 'c']) await m.store(subj(n), result(1, 'weak'));
    assert.deepEqual((await m.list()).map((e) => e.subject.clientInfo), ['b', 'c']);
    const broken = await openExamGradeStore(testContext({ warnings, env: { OCCAM_STORE_URL: 'postgres://127.0.0.1:1/none' } }));
    assert.equal(broken.backend, 'memory');
    assert.match(warnings.join('\n'), /grade store unavailable/);
  });
});
