// Batch workers on one PostgreSQL (OCCAM_STORE_URL): three `occam mcp --batch-server` processes share one queue.
// 10 jobs × 50 URLs (pages with a delay) are submitted on one worker, which is SIGKILLed mid-run; another is
// restarted: every item ends with exactly one result, none lost, none recorded twice, and the jobs submitted on the
// killed worker finish on the others. Also: five processes starting together on an empty database migrate it once
// and all serve; /v1/health answers 503 once the database is gone.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, rawRequest, spawnOccamServer, type SpawnedServer } from '../helpers/network-server.ts';
import { startSlowPageServer } from '../helpers/article-page.ts';
import { postgresSkip, startPostgres, type PgCluster } from '../helpers/postgres.ts';

const JOBS = 10;
const temps: string[] = [];
const tempHome = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};
after(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));
const PER_JOB = 50;

describe('batch workers on one PostgreSQL', { skip: postgresSkip() }, () => {
  let cluster: PgCluster;
  let fixture: FixtureServer;
  const hits = new Map<string, number>();

  before(async () => {
    cluster = await startPostgres();
    fixture = await startSlowPageServer('job', 40, hits); // slow enough that the fault lands mid-run
  });
  after(async () => {
    await fixture?.close();
    await cluster?.stop();
  });

  const worker = async (url: string, port: number) =>
    spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], {
      HOME: tempHome('occam-pgw-'),
      OCCAM_STORE_URL: url,
      OCCAM_STORE_POOL_SIZE: '4',
      OCCAM_ALLOW_PRIVATE_URLS: '1',
      OCCAM_BATCH_MAX_URLS: '256',
      OCCAM_BATCH_PARALLEL: '3',
    }, 'batch_server_listening');
  const api = async (port: number, path: string, body?: unknown) => {
    const r = await rawRequest(`http://127.0.0.1:${port}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: JSON.parse(r.body) };
  };

  it('three workers, one SIGKILLed mid-run and one restarted: every item exactly one result; jobs submitted on the killed one finish on the others', async (t) => {
    const url = await cluster.createDatabase();
    const db = new pg.Pool({ connectionString: url, max: 2 });
    db.on('error', () => {});
    const ports = [await freePort(), await freePort(), await freePort()];
    const servers: SpawnedServer[] = [];
    try {
      for (const port of ports) servers.push(await worker(url, port));
      const [a, b, c] = ports as [number, number, number];
      const jobs: Array<{ id: string; urls: string[] }> = [];
      for (let j = 0; j < JOBS; j++) {
        const urls = Array.from({ length: PER_JOB }, (_, i) => fixture.url(`/job/${j}/page/${i}`));
        const sub = await api(a, '/v1/batch/submit', { urls, backend_policy: 'http' });
        assert.equal(sub.status, 202, JSON.stringify(sub.json));
        jobs.push({ id: sub.json.job_id, urls });
      }
      const doneCount = async () => Number((await db.query(`SELECT COUNT(*) AS n FROM batch_items WHERE state IN ('done', 'failed')`)).rows[0].n);
      const deadline = Date.now() + 180_000;
      while ((await doneCount()) < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

      assert.equal(await servers[0]!.stop('SIGKILL'), 'SIGKILL');
      const killedPid = servers[0]!.child.pid;
      const runningAtKill = Number(
        (await db.query(`SELECT COUNT(*) AS n FROM batch_items WHERE state = 'running' AND owner_pid = $1`, [killedPid])).rows[0].n,
      );
      const doneAtKill = await doneCount();
      assert.ok(doneAtKill >= 100 && doneAtKill < JOBS * PER_JOB, `the kill landed mid-run (${doneAtKill} done)`);
      t.diagnostic(`at SIGKILL: ${doneAtKill} finished, ${runningAtKill} running on the killed worker`);

      // Restart B (a clean stop hands its claims back; the new process recovers the killed worker's claims).
      assert.equal(await servers[1]!.stop('SIGTERM'), 0);
      const heldAfterStop = await db.query(`SELECT COUNT(*)::int AS n FROM batch_items WHERE state = 'running' AND owner_pid = $1`, [servers[1]!.child.pid]);
      assert.equal(heldAfterStop.rows[0].n, 0, 'a clean stop hands its claims back before the pool closes');
      servers[1] = await worker(url, b);

      let states: Array<{ state: string; progress: { total: number; done: number; failed: number; running: number } }> = [];
      while (Date.now() < deadline) {
        states = await Promise.all(jobs.map(async (job) => (await api(c, `/v1/batch/${job.id}/status`)).json));
        if (states.every((s) => s.state === 'done')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      for (const s of states) assert.deepEqual(s.progress, { total: PER_JOB, done: PER_JOB, failed: 0, running: 0 });

      for (const [j, job] of jobs.entries()) {
        const page = (await api(b, `/v1/batch/${job.id}/results?limit=200`)).json;
        assert.equal(page.items.length, PER_JOB, 'no item lost, none duplicated');
        assert.deepEqual(page.items.map((i: { url: string }) => i.url), job.urls, 'submission order kept');
        page.items.forEach((item: { ok: boolean; markdown: string }, i: number) => {
          assert.equal(item.ok, true);
          assert.match(item.markdown, new RegExp(`job-${j}-page-${i}-marker`), 'each item holds its own page');
        });
      }
      const rows = await db.query(`SELECT state, COUNT(*)::int AS n FROM batch_items GROUP BY state`);
      assert.deepEqual(rows.rows, [{ state: 'done', n: JOBS * PER_JOB }]);
      // Only reads interrupted by the kill (or handed back by the clean restart, at most its parallel=3) ran twice.
      assert.equal(hits.size, JOBS * PER_JOB);
      const reread = [...hits.values()].filter((n) => n > 1).length;
      assert.ok(reread <= runningAtKill + 3, `${reread} pages re-read; ${runningAtKill} were in flight at the kill`);
      assert.ok([...hits.values()].every((n) => n <= 2));

      // The database goes away: health says so with 503 instead of pretending.
      assert.equal((await api(c, '/v1/health')).status, 200);
      assert.equal((await api(c, '/v1/health')).json.store, 'postgres');
      await db.end();
      await cluster.stop();
      const down = await api(c, '/v1/health');
      assert.equal(down.status, 503);
      assert.equal(down.json.ok, false);
      const submitDown = await api(c, '/v1/batch/submit', { urls: [fixture.url('/job/0/page/0')] });
      assert.equal(submitDown.status, 503);
      assert.equal(submitDown.json.error.code, 'network_error');
    } finally {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
      await db.end().catch(() => {});
    }
  });
});

describe('concurrent start on an empty PostgreSQL', { skip: postgresSkip() }, () => {
  let cluster: PgCluster;
  before(async () => {
    cluster = await startPostgres();
  });
  after(() => cluster?.stop());

  it('five processes started at once: the schema is migrated once and every one serves', async () => {
    const url = await cluster.createDatabase();
    const ports = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
    const home = tempHome('occam-pg5-');
    const servers = await Promise.all(
      ports.map((port) =>
        spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], { HOME: home, OCCAM_STORE_URL: url, OCCAM_STORE_POOL_SIZE: '2' }, 'batch_server_listening'),
      ),
    );
    try {
      for (const port of ports) {
        const r = await rawRequest(`http://127.0.0.1:${port}/v1/health`, {});
        assert.equal(r.status, 200, r.body);
      }
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const ledger = await db.query(`SELECT kind, version, applied_by FROM occam_migrations ORDER BY kind, version`);
        assert.deepEqual(ledger.rows.map((r) => `${r.kind}#${r.version}`), ['batch#1', 'batch#2'], 'each migration recorded once');
        assert.equal(new Set(ledger.rows.map((r) => r.applied_by)).size, 1, 'one process ran them');
        const tables = await db.query(`SELECT COUNT(*)::int AS n FROM information_schema.tables WHERE table_name IN ('batch_jobs', 'batch_items')`);
        assert.equal(tables.rows[0].n, 2);
      } finally {
        await db.end();
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
