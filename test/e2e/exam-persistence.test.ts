// A grade that outlives the process (issue 18, exam.md §6, §8.4): a grade submitted through occam_exam_submit, or
// applied from the CLI (`occam exam grade --apply`), sizes tools/list of the NEXT `occam mcp` process for the same
// clientInfo from its first call — until the TTL; OCCAM_PROFILE_LOCK=1 still wins. Run against the embedded store and
// PostgreSQL (OCCAM_STORE_URL), each with real processes and a real MCP SDK client.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CATALOG, coreToolsOf } from '../../src/contract/catalog.ts';
import type { ProfileId } from '../../src/contract/profiles.ts';
import { IMPLEMENTED_TOOLS } from '../../src/mcp/tools/index.ts';
import { EXAM_GRADES_KIND } from '../../src/store/exam-grades-postgres.ts';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv, startMcp } from '../helpers/mcp-client.ts';
import { storeBackends, type StorePlace } from '../helpers/store-backends.ts';

const CLIENT = 'occam-test/1.0.0'; // what test/helpers/mcp-client.ts's Client sends as clientInfo
const implemented = new Set(IMPLEMENTED_TOOLS.map((t) => t.name));
const listed = (p: ProfileId) =>
  CATALOG.filter((t) => implemented.has(t.name))
    .filter((t) => (t.kind === 'core' ? coreToolsOf(p).includes(t) : t.gate === 'OCCAM_EXAM_MCP'))
    .map((t) => t.name);

const PERFECT = {
  clientInfo: CLIENT,
  canaryVerdict: 'READ_VERIFIED',
  basicCallArguments: { url: 'https://example.com/' },
  focusBudgetArguments: { url: 'https://example.com/', focus_query: 'limits', max_tokens: 800 },
  chain: { calls: [{ url: 'https://example.com/' }, { url: 'https://example.com/', if_none_match: 'sha256:abc' }], producedValue: 'sha256:abc' },
};

/** What tools/list returns as the very first request of a fresh process. */
async function firstList(env: Record<string, string>): Promise<string[]> {
  const s = await startMcp(env);
  try {
    return await s.toolNames();
  } finally {
    await s.close();
  }
}

function occam(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [OCCAM_BIN, ...args], { cwd: REPO_ROOT, env: hermeticEnv(env, env.HOME), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Moves every stored grade's expiry to the past: what the 24 h TTL does, without waiting a day. */
async function expireAll(place: StorePlace): Promise<void> {
  const past = Date.now() - 1;
  if (place.backend === 'embedded') {
    const db = new DatabaseSync(join(place.dir, '.occam', 'exam', 'grades.db'));
    db.prepare('UPDATE exam_grades SET expires_at = ?').run(past);
    db.close();
  } else {
    await (await place.pool(EXAM_GRADES_KIND)).query('UPDATE exam_grades SET expires_at = $1', [past]);
  }
}

for (const backend of storeBackends()) {
  describe(`grades outlive the process [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('a grade submitted via occam_exam_submit sizes the next process from its first tools/list, until the TTL; a lock wins', async () => {
      const place = await backend.place();
      const env = { HOME: place.dir, OCCAM_EXAM_MCP: '1', ...place.env };
      const a = await startMcp(env);
      try {
        assert.deepEqual(await a.toolNames(), listed('reader'));
        const r = await a.call('occam_exam_submit', { submission: JSON.stringify(PERFECT) });
        // The canary is claimed, so the strong grade is applied and persisted as medium (issue 31).
        assert.deepEqual([r.json.score, r.json.applied, r.json.activeProfile, r.json.clientInfo], [4, true, 'basic', CLIENT]);
      } finally {
        await a.close();
      }
      assert.deepEqual(await firstList(env), listed('basic'), 'the next process starts on the graded surface');
      assert.deepEqual(await firstList({ ...env, OCCAM_PROFILE_LOCK: '1' }), listed('reader'), 'a locked profile is not changed');
      const cached = occam(['exam', 'cache', 'list', '--json'], env);
      assert.equal(cached.code, 0, cached.stderr);
      const doc = JSON.parse(cached.stdout);
      assert.equal(doc.backend, backend.name === 'embedded' ? 'sqlite' : 'postgres');
      assert.deepEqual(doc.entries.map((e: any) => [e.subject.clientInfo, e.subject.modelHint, e.tier]), [[CLIENT, 'unknown', 'medium']]);
      await expireAll(place);
      assert.deepEqual(await firstList(env), listed('reader'), 'past its TTL the grade no longer applies');
    });

    it('`occam exam grade --apply` stores an offline grade the same way; `exam cache clear` resets it', async () => {
      const place = await backend.place();
      const env = { HOME: place.dir, OCCAM_EXAM_MCP: '1', ...place.env };
      const file = join(place.dir, 'three.json');
      // Score 3 (the chain consumes a different value) → medium → basic; a sessionId is set: --apply keys on clientInfo.
      writeFileSync(file, JSON.stringify({ ...PERFECT, sessionId: 'offline-1', chain: { ...PERFECT.chain, producedValue: 'sha256:other' } }));
      const refused = occam(['exam', 'grade', '--apply', file], env);
      assert.equal(refused.code, 2, 'no TTY and no --yes: the operator did not confirm');
      assert.match(refused.stderr, /exam_confirmation_required|--yes/);
      const applied = occam(['exam', 'grade', '--apply', '--yes', file], env);
      assert.equal(applied.code, 0, applied.stderr);
      assert.match(applied.stderr, /clientInfo=occam-test\/1\.0\.0 modelHint=unknown/, 'the transcript\'s subject is printed');
      assert.match(applied.stderr, /applied .*tier=medium profile=basic/);
      assert.deepEqual(await firstList(env), listed('basic'));
      const cleared = occam(['exam', 'cache', 'clear'], env);
      assert.equal(cleared.code, 0);
      assert.match(cleared.stderr, /cleared 1 grade\(s\)/, 'one key: client name/version + model');
      assert.deepEqual(await firstList(env), listed('reader'));
    });
  });
}
