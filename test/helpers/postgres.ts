// A throwaway PostgreSQL cluster for tests: initdb + pg_ctl from Debian's postgresql package in a temp dir, on a
// free loopback port, as an unprivileged user when the tests run as root (PostgreSQL refuses to run as root),
// removed afterwards (also when the test process exits early).
//
//   describe('…', { skip: postgresSkip() }, () => {
//     let pg: PgCluster;
//     before(async () => { pg = await startPostgres(); });
//     after(() => pg.stop());
//     it('…', async () => { const url = await pg.createDatabase(); … });
//   });
//
// Without the binaries postgresSkip() prints one "skipped: install postgresql" line and the suite is skipped; under
// CI (the CI variable set: CI=true, CI=1) it throws instead, so CI never passes without having run these tests.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inCi, missingInCiMessage } from './requires.ts';

export const INSTALL_HINT = 'install postgresql (Debian/Ubuntu: apt-get install -y postgresql)';

export interface PgCluster {
  /** URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  /** The postmaster's pid (its backends are its children), for CPU accounting in benchmarks. */
  postmasterPid: () => number;
  /** A fresh, empty database; returns its URL. */
  createDatabase: (name?: string) => Promise<string>;
  /** `pg_ctl restart -m fast`: every connection is dropped, the server is back on the same port when this resolves. */
  restart: () => Promise<void>;
  /**
   * Freezes every process of the cluster (SIGSTOP): connections stay open but nothing answers — a hung database or
   * a network partition, as a client sees it. `resume()` thaws them (SIGCONT).
   */
  pause: () => void;
  resume: () => void;
  stop: () => Promise<void>;
}

/** The directory holding initdb/pg_ctl (newest major first), or null. */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | null {
  if (!existsSync(root)) return null;
  const majors = readdirSync(root).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = join(root, major, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** Where the skip line went already: once per test process (per print target). */
const noted = new WeakSet<(line: string) => void>();
const printStdout = (line: string) => void process.stdout.write(line);

/** false when PostgreSQL can run here; otherwise the skip reason (printed once), or a throw in CI. */
export function postgresSkip(where: { root?: string; env?: NodeJS.ProcessEnv; print?: (line: string) => void } = {}): string | false {
  if (findPostgresBin(where.root)) return false;
  if (inCi(where.env ?? process.env)) throw new Error(missingInCiMessage(`PostgreSQL (initdb, pg_ctl under ${where.root ?? '/usr/lib/postgresql'}/*/bin)`, INSTALL_HINT));
  const print = where.print ?? printStdout;
  if (!noted.has(print)) {
    noted.add(print);
    print('# skipped: install postgresql\n');
  }
  return 'skipped: install postgresql';
}

function unprivilegedUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (uid.status === 0 && gid.status === 0) return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error('running as root and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

function asUser(user: ReturnType<typeof unprivilegedUser>, cmd: string, args: string[]): [string, string[]] {
  if (!user) return [cmd, args];
  if (existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser')) return ['runuser', ['-u', user.name, '--', cmd, ...args]];
  return ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', cmd, ...args]];
}

function run(user: ReturnType<typeof unprivilegedUser>, cmd: string, args: string[]): Promise<void> {
  const [file, argv] = asUser(user, cmd, args);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${out.trim().slice(-2000)}`))));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const running = new Set<() => void>();
const stopAll = () => {
  for (const stopNow of running) stopNow();
  running.clear();
};
process.once('exit', stopAll);
// A signal skips 'exit': stop the clusters, then die of the same signal as before.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll();
    process.kill(process.pid, signal);
  });
}

/**
 * Starts a cluster; options.maxConnections defaults to 200 (several Occam processes with their pools). Durability is
 * off unless `durable` (fsync, synchronous commit, full-page writes on — what a production database does, for
 * benchmarks that quote per-commit costs).
 */
export async function startPostgres(options: { maxConnections?: number; durable?: boolean } = {}): Promise<PgCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(`PostgreSQL binaries not found: ${INSTALL_HINT}`);
  const user = unprivilegedUser();
  const dir = mkdtempSync(join(tmpdir(), 'occam-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  await run(user, join(bin, 'initdb'), ['-D', data, '-U', 'occam', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  let port = 0;
  let lastError: Error | null = null;
  let serverOptions = '';
  // The free port may be taken between probing and binding: a few tries.
  for (let attempt = 0; attempt < 3 && !port; attempt++) {
    const candidate = await freePort();
    serverOptions = [
      `-p ${candidate}`,
      `-k ${dir}`,
      `-c listen_addresses=127.0.0.1`,
      `-c max_connections=${options.maxConnections ?? 200}`,
      // A throwaway cluster: durability off, small memory, so tests stay light on a shared machine.
      options.durable ? '-c shared_buffers=64MB' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=16MB',
    ].join(' ');
    try {
      await run(user, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', serverOptions, '-w', '-t', '30', 'start']);
      port = candidate;
    } catch (err) {
      lastError = err as Error;
    }
  }
  if (!port) {
    rmSync(dir, { recursive: true, force: true });
    throw lastError ?? new Error('PostgreSQL did not start');
  }
  const stopNow = () => {
    const [file, argv] = asUser(user, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    spawnSync(file, argv, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  running.add(stopNow);
  const url = `postgres://occam@127.0.0.1:${port}/postgres`;
  let dbCount = 0;
  const postmasterPid = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let frozen: number[] = [];
  const signalCluster = (signal: NodeJS.Signals, pids: number[]) => {
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // a backend that ended meanwhile
      }
    }
  };
  return {
    url,
    port,
    postmasterPid,
    restart: () => run(user, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-o', serverOptions, '-m', 'fast', '-w', '-t', '30', 'restart']),
    pause: () => {
      const master = postmasterPid();
      const children = spawnSync('pgrep', ['-P', String(master)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
      // The postmaster first, so it forks no new backend while its children are being stopped.
      frozen = [master, ...children];
      signalCluster('SIGSTOP', frozen);
    },
    resume: () => {
      signalCluster('SIGCONT', frozen);
      frozen = [];
    },
    createDatabase: async (name) => {
      const db = name ?? `t${process.pid}_${++dbCount}`;
      if (!/^[a-z_][a-z0-9_]*$/.test(db)) throw new Error(`bad database name ${db}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${db}`);
      } finally {
        await client.end();
      }
      return `postgres://occam@127.0.0.1:${port}/${db}`;
    },
    stop: async () => {
      if (!running.delete(stopNow)) return;
      const [file, argv] = asUser(user, join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      await new Promise<void>((resolve) => spawn(file, argv, { stdio: 'ignore' }).on('close', () => resolve()).on('error', () => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
