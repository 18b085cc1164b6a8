// `occam doctor` checks the selected store: embedded passes; PostgreSQL reachable + migrated passes with its round
// trip, reachable but empty warns until `--fix` migrates it, unreachable fails — the password never shown.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runOccam } from '../helpers/network-server.ts';
import { postgresSkip, startPostgres, type PgCluster } from '../helpers/postgres.ts';

const FAST = ['doctor', '--json', '--skip-browser', '--skip-mcp'];
const storeCheck = (stdout: string) => (JSON.parse(stdout).checks as Array<{ id: string; status: string; message: string; data: Record<string, unknown> }>).find((c) => c.id === 'store.backend')!;
const home = () => mkdtempSync(join(tmpdir(), 'occam-storedoc-'));

it('doctor: the embedded store passes', async () => {
  const r = await runOccam(FAST, { HOME: home() }, 60_000);
  const c = storeCheck(r.stdout);
  assert.deepEqual([c.status, c.data.kind], ['pass', 'embedded']);
});

it('doctor: an unreachable PostgreSQL fails the check (exit 1) and never shows the password', async () => {
  const r = await runOccam(FAST, { HOME: home(), OCCAM_STORE_URL: `postgres://occam:s3cret-pw@127.0.0.1:${await freePort()}/occam` }, 60_000);
  assert.equal(r.code, 1, r.stderr);
  const c = storeCheck(r.stdout);
  assert.equal(c.status, 'fail');
  assert.match(c.message, /not reachable/);
  assert.doesNotMatch(r.stdout + r.stderr, /s3cret-pw/);
});

describe('doctor against a real PostgreSQL', { skip: postgresSkip() }, () => {
  let cluster: PgCluster;
  before(async () => {
    cluster = await startPostgres();
  });
  after(() => cluster?.stop());

  it('an empty database warns with the pending migrations; --fix migrates it; then it passes with the latency', async () => {
    const env = { HOME: home(), OCCAM_STORE_URL: await cluster.createDatabase() };
    const before = storeCheck((await runOccam(FAST, env, 60_000)).stdout);
    assert.equal(before.status, 'warn', before.message);
    assert.match(before.message, /not migrated: .*batch 0→2/);
    assert.match(before.message, /exam-grades 0→/, 'every PostgreSQL-backed store is checked');
    const fixed = storeCheck((await runOccam([...FAST, '--fix'], env, 60_000)).stdout);
    assert.equal(fixed.status, 'pass', fixed.message);
    assert.equal(typeof fixed.data.latencyMs, 'number');
    const again = storeCheck((await runOccam(FAST, env, 60_000)).stdout);
    assert.equal(again.status, 'pass', again.message);
    assert.deepEqual(again.data.pending, []);
  });
});
