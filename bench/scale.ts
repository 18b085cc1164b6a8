// `npm run bench -- scale`: batch throughput past one process. The same delayed local pages are read as one batch
// job by 1, 2 and 3 `occam mcp --batch-server` worker processes sharing one PostgreSQL (OCCAM_STORE_URL), and by
// one process on the embedded SQLite store — all in this run, reported as items/s and as ratios. Then the queue's
// own cost per item (claim + complete, no read) on both stores and through pg-boss (the job library the store could
// have used instead), and where the CPU went (workers, database, page
// server) against the machine's cores, which is where the ceiling is. Skips with a message without PostgreSQL.
import { readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { html, startFixtureServer } from '../test/helpers/http-fixture.ts';
import { freePort, rawRequest, spawnOccamServer, type SpawnedServer } from '../test/helpers/network-server.ts';
import { findPostgresBin, startPostgres, type PgCluster } from '../test/helpers/postgres.ts';
import { migrate } from '../src/store/migrate.ts';
import { BATCH_KIND, PostgresBatchStore } from '../src/jobs/batch-store-postgres.ts';
import { SqliteBatchStore } from '../src/jobs/batch-store-sqlite.ts';
import { checkSubmission } from '../src/jobs/batch-request.ts';
import type { BatchStore, Owner } from '../src/jobs/batch-store.ts';
import type { BenchModule } from './run.ts';
import { fmt, median, writeResult } from './util.ts';

// Per job at most OCCAM_BATCH_MAX_URLS (256); each configuration reads JOBS jobs of ITEMS items.
const ITEMS = Math.min(256, Number(process.env.BENCH_SCALE_ITEMS ?? 200));
const JOBS = 2;
const PAGE_DELAY_MS = Number(process.env.BENCH_SCALE_DELAY_MS ?? 100);
const PARALLEL = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CLK_TCK = 100; // Linux USER_HZ: /proc/<pid>/stat times are in 1/100 s

const page = (n: string) =>
  `<html><head><title>Scale ${n}</title></head><body><main><article><h1>Scale page ${n}</h1>` +
  `<p>${'Ordinary prose for the extractor to keep, so each read does the work a real page needs. '.repeat(30)}</p>` +
  `</article></main></body></html>`;

/** utime + stime of a process in seconds (0 once it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** The postmaster and every backend it forked. */
function postgresCpu(postmaster: number): number {
  let total = cpuSeconds(postmaster);
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const fields = readFileSync(`/proc/${d}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
      if (Number(fields[1]) === postmaster) total += (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}

interface RunResult {
  itemsPerS: number;
  seconds: number;
  cpu: { workers: number; database: number; pageServer: number };
}

async function runJob(
  label: string,
  workers: number,
  env: Record<string, string>,
  baseUrl: string,
  round: number,
  cluster: PgCluster | null,
): Promise<RunResult> {
  const ports = await Promise.all(Array.from({ length: workers }, () => freePort()));
  const servers: SpawnedServer[] = [];
  try {
    for (const port of ports) {
      servers.push(
        await spawnOccamServer(['mcp', '--batch-server', '--port', String(port)], { ...env, HOME: env.HOME ?? mkdtempSync(join(tmpdir(), 'occam-scale-')) }, 'batch_server_listening'),
      );
    }
    const api = async (path: string, body?: unknown) => {
      const r = await rawRequest(`http://127.0.0.1:${ports[0]}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return JSON.parse(r.body);
    };
    const submit = async (urls: string[]) => {
      const r = await api('/v1/batch/submit', { urls, backend_policy: 'http' });
      if (!r.ok) throw new Error(`${label}: submit refused: ${JSON.stringify(r)}`);
      return r.job_id as string;
    };
    const waitDone = async (jobId: string) => {
      for (;;) {
        const s = await api(`/v1/batch/${jobId}/status`);
        if (!s.ok) throw new Error(`${label}: status: ${JSON.stringify(s)}`);
        if (s.state === 'done') return s;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    // Warm-up: every worker's read pipeline loaded before the clock starts.
    await waitDone(await submit(Array.from({ length: workers * PARALLEL * 2 }, (_, i) => `${baseUrl}/warm/${label}/${round}/${i}`)));
    const pids = servers.map((s) => s.child.pid!);
    const cpu0 = { workers: pids.reduce((n, p) => n + cpuSeconds(p), 0), database: cluster ? postgresCpu(cluster.postmasterPid()) : 0, pageServer: process.cpuUsage() };
    const started = performance.now();
    const jobIds: string[] = [];
    for (let j = 0; j < JOBS; j++) jobIds.push(await submit(Array.from({ length: ITEMS }, (_, i) => `${baseUrl}/item/${label}/${round}/${j}/${i}`)));
    for (const jobId of jobIds) {
      const status = await waitDone(jobId);
      if (status.progress.done !== ITEMS) throw new Error(`${label}: ${JSON.stringify(status.progress)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const page = process.cpuUsage(cpu0.pageServer);
    return {
      itemsPerS: (ITEMS * JOBS) / seconds,
      seconds,
      cpu: {
        workers: pids.reduce((n, p) => n + cpuSeconds(p), 0) - cpu0.workers,
        database: cluster ? postgresCpu(cluster.postmasterPid()) - cpu0.database : 0,
        pageServer: (page.user + page.system) / 1e6,
      },
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

/** Mean ms per item of claim + complete with no read, one claimer after another, over `n` items. */
async function queueOverhead(store: BatchStore, n: number): Promise<number> {
  const check = checkSubmission({ urls: JSON.stringify(Array.from({ length: n }, (_, i) => `https://q.example/${i}`)) }, n, { allowPrivate: true });
  if (!check.ok) throw new Error(check.message);
  await store.submit(check.submission);
  const owner: Owner = { token: 'bench', host: 'bench', pid: process.pid };
  const outcome = { ok: true, markdown: '# x', backend: 'http', tokensEstimated: 1, failure: null };
  const t = performance.now();
  for (let item = await store.claimNext(owner, 60_000); item; item = await store.claimNext(owner, 60_000)) {
    await store.complete(owner, item.jobId, item.seq, outcome);
  }
  return (performance.now() - t) / n;
}

/** The same sequential claim + complete loop through pg-boss (one queue, one job per item), for comparison. */
async function pgBossOverhead(url: string, n: number): Promise<number> {
  const { PgBoss } = await import('pg-boss');
  const boss = new PgBoss({ connectionString: url, max: 2, schedule: false, supervise: false });
  boss.on('error', () => {});
  await boss.start();
  try {
    await boss.createQueue('occam-bench');
    await boss.insert('occam-bench', Array.from({ length: n }, (_, i) => ({ data: { url: `https://q.example/${i}` } })));
    const t = performance.now();
    for (let jobs = await boss.fetch('occam-bench'); jobs.length; jobs = await boss.fetch('occam-bench')) {
      await boss.complete('occam-bench', jobs[0]!.id, { markdown: '# x' });
    }
    return (performance.now() - t) / n;
  } finally {
    await boss.stop({ graceful: false });
  }
}

/**
 * Queue overhead alone — claim + complete per item, sequential, no page read — for the hand-written queue, pg-boss
 * and SQLite, on the throwaway cluster (durability off) and on a durable one (fsync on, as in production), where
 * every commit waits for the disk: that is the figure docs/scaling.md quotes.
 */
async function queueOverheads(fast: PgCluster): Promise<Record<string, number>> {
  const durable = await startPostgres({ durable: true });
  try {
    const out: Record<string, number> = {};
    for (const [label, cluster] of [['throwaway', fast], ['durable', durable]] as const) {
      const pool = new pg.Pool({ connectionString: await cluster.createDatabase(), max: 2 });
      await migrate(pool, BATCH_KIND);
      out[`postgres_${label}`] = await queueOverhead(PostgresBatchStore.withPool(pool, Date.now), QUEUE_ITEMS);
      await pool.end();
      out[`pgBoss_${label}`] = await pgBossOverhead(await cluster.createDatabase(), QUEUE_ITEMS);
    }
    const sqlite = SqliteBatchStore.open(join(mkdtempSync(join(tmpdir(), 'occam-scale-q-')), 'jobs.db'), Date.now);
    out.sqlite = await queueOverhead(sqlite, QUEUE_ITEMS);
    await sqlite.close();
    console.log(`queue overhead per item (claim + complete, ${QUEUE_ITEMS} items, one claimer):`);
    for (const label of ['throwaway', 'durable']) {
      const own = out[`postgres_${label}`]!;
      const boss = out[`pgBoss_${label}`]!;
      console.log(`  ${label.padEnd(9)} PostgreSQL: SKIP LOCKED queue ${fmt(own, 3)} ms, pg-boss ${fmt(boss, 3)} ms (${fmt(boss / own, 2)}×)`);
    }
    console.log(`  embedded SQLite ${fmt(out.sqlite, 3)} ms (durable PostgreSQL / SQLite ${fmt(out.postgres_durable! / out.sqlite, 2)}×)`);
    return out;
  } finally {
    await durable.stop();
  }
}

const QUEUE_ITEMS = 1000;

const bench: BenchModule = {
  name: 'scale',
  async run() {
    if (!findPostgresBin()) {
      console.log('skipped: install postgresql (initdb/pg_ctl not found under /usr/lib/postgresql/*/bin)');
      return;
    }
    if (process.argv.includes('--queue-only')) {
      const cluster = await startPostgres();
      try {
        writeResult('scale-queue', { queueOverheadMs: await queueOverheads(cluster) });
      } finally {
        await cluster.stop();
      }
      return;
    }
    const cluster = await startPostgres();
    const pages = await startFixtureServer({}, async (req, res) => {
      await new Promise((r) => setTimeout(r, PAGE_DELAY_MS));
      html(page(req.url ?? '/'))(req, res);
    });
    try {
      const base = { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BATCH_MAX_URLS: String(Math.max(ITEMS, 256)), OCCAM_BATCH_PARALLEL: String(PARALLEL), OCCAM_STORE_POOL_SIZE: '4' };
      const configs: Array<{ label: string; workers: number; env: () => Promise<Record<string, string>> }> = [
        { label: 'embedded×1', workers: 1, env: async () => ({ ...base, HOME: mkdtempSync(join(tmpdir(), 'occam-scale-emb-')) }) },
        ...[1, 2, 3].map((w) => ({ label: `postgres×${w}`, workers: w, env: async () => ({ ...base, OCCAM_STORE_URL: await cluster.createDatabase() }) })),
      ];
      const results: Record<string, RunResult[]> = Object.fromEntries(configs.map((c) => [c.label, []]));
      // Rounds interleave the configurations so machine noise hits all of them alike.
      for (let round = 0; round < ROUNDS; round++) {
        for (const c of configs) results[c.label]!.push(await runJob(c.label, c.workers, await c.env(), pages.origin, round, c.label.startsWith('postgres') ? cluster : null));
      }
      const rate = (label: string) => median(results[label]!.map((r) => r.itemsPerS));
      const one = rate('postgres×1');
      console.log(`${JOBS} jobs × ${ITEMS} items, pages answer after ${PAGE_DELAY_MS} ms, ${PARALLEL} reads at once per worker, ${availableParallelism()} CPU cores, median of ${ROUNDS}:`);
      for (const c of configs) {
        const r = results[c.label]!;
        const cpu = r[r.length - 1]!.cpu;
        const secs = (ITEMS * JOBS) / rate(c.label);
        console.log(
          `  ${c.label.padEnd(11)} ${fmt(rate(c.label)).padStart(6)} items/s  (rounds: ${r.map((x) => fmt(x.itemsPerS)).join(', ')})  vs postgres×1 ${fmt(rate(c.label) / one, 2)}×  vs embedded ${fmt(rate(c.label) / rate('embedded×1'), 2)}×` +
            `  · CPU s: workers ${fmt(cpu.workers, 2)}, database ${fmt(cpu.database, 2)}, page server ${fmt(cpu.pageServer, 2)} → ${fmt(((cpu.workers + cpu.database + cpu.pageServer) / secs / availableParallelism()) * 100, 0)}% of the machine; per item ${fmt((cpu.workers / (ITEMS * JOBS)) * 1000)} ms worker, ${fmt((cpu.database / (ITEMS * JOBS)) * 1000)} ms database`,
        );
      }
      const twoOverOne = rate('postgres×2') / one;
      console.log(`  1 → 2 workers: ${fmt(twoOverOne, 2)}× (goal ≥ 1.7×) ${twoOverOne >= 1.7 ? 'met' : 'NOT met'}; 2 → 3 workers: ${fmt(rate('postgres×3') / rate('postgres×2'), 2)}×`);

      const overhead = await queueOverheads(cluster);
      writeResult('scale', {
        items: ITEMS * JOBS,
        pageDelayMs: PAGE_DELAY_MS,
        parallelPerWorker: PARALLEL,
        cores: availableParallelism(),
        itemsPerS: Object.fromEntries(configs.map((c) => [c.label, rate(c.label)])),
        ratios: { twoOverOne, threeOverOne: rate('postgres×3') / one, postgresOneOverEmbedded: one / rate('embedded×1') },
        cpu: Object.fromEntries(configs.map((c) => [c.label, results[c.label]!.at(-1)!.cpu])),
        queueOverheadMs: overhead,
      });
    } finally {
      await pages.close();
      await cluster.stop();
    }
  },
};

export default bench;
