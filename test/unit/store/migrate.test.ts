// The migration runner on a real PostgreSQL: versions apply once, in order, under concurrent callers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { migrate, migrationStatus, registerMigrations } from '../../../src/store/migrate.ts';
import { storeSelection, redactStoreUrl } from '../../../src/store/index.ts';
import { inspectEnv } from '../../../src/config/env.ts';
import { postgresSkip, startPostgres, type PgCluster } from '../../helpers/postgres.ts';

describe('store selection', () => {
  it('OCCAM_STORE_URL unset = embedded; postgres:// or postgresql:// = postgres; anything else is refused', () => {
    const warns: string[] = [];
    assert.deepEqual(storeSelection({ env: {}, warn: (l) => warns.push(l) }), { kind: 'embedded' });
    assert.deepEqual(storeSelection({ env: { OCCAM_STORE_URL: 'postgresql://u@db:5432/occam' }, warn: () => {} }), {
      kind: 'postgres',
      url: 'postgresql://u@db:5432/occam',
    });
    assert.equal(storeSelection({ env: { OCCAM_STORE_URL: 'mysql://u:secret@db/occam' }, warn: (l) => warns.push(l) }).kind, 'embedded');
    assert.equal(warns.length, 1);
    assert.match(warns[0]!, /postgres:\/\/ or postgresql:\/\//);
    assert.doesNotMatch(warns[0]!, /secret/, 'the URL is a secret: never echoed');
    assert.match(inspectEnv('OCCAM_STORE_URL', { OCCAM_STORE_URL: 'postgres://' }).problem ?? '', /host/);
    assert.equal(redactStoreUrl('postgres://u:pw@h:5/d'), 'postgres://u:***@h:5/d');
  });
});

describe('migration runner (real PostgreSQL)', { skip: postgresSkip() }, () => {
  let cluster: PgCluster;
  before(async () => {
    cluster = await startPostgres();
  });
  after(() => cluster?.stop());

  it('applies each version once even when eight callers start together, and records who did', async () => {
    const url = await cluster.createDatabase();
    const pools = Array.from({ length: 8 }, () => new pg.Pool({ connectionString: url, max: 2 }));
    const list = [
      { version: 1, name: 'counter', sql: 'CREATE TABLE t_counter (n integer NOT NULL); INSERT INTO t_counter VALUES (0)' },
      // Not idempotent on purpose: a second run would add 1 again.
      { version: 2, name: 'bump', sql: 'UPDATE t_counter SET n = n + 1' },
    ];
    try {
      const applied = await Promise.all(pools.map((p) => migrate(p, 'test-kind', list)));
      assert.equal(applied.reduce((a, b) => a + b, 0), 2, `applied counts: ${applied}`);
      const { rows } = await pools[0]!.query('SELECT n FROM t_counter');
      assert.equal(rows[0].n, 1);
      const ledger = await pools[0]!.query(`SELECT version, applied_by FROM occam_migrations WHERE kind = 'test-kind' ORDER BY version`);
      assert.deepEqual(ledger.rows.map((r) => r.version), [1, 2]);
      // A third version later applies only itself.
      assert.equal(await migrate(pools[3]!, 'test-kind', [...list, { version: 3, name: 'bump again', sql: 'UPDATE t_counter SET n = n + 10' }]), 1);
      assert.equal((await pools[0]!.query('SELECT n FROM t_counter')).rows[0].n, 11);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('a failing migration rolls back, is not recorded, and the lock is released', async () => {
    const url = await cluster.createDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await assert.rejects(
        migrate(pool, 'broken', [{ version: 1, name: 'bad', sql: 'CREATE TABLE t_ok (x int); SELECT no_such_column FROM t_ok' }]),
        /broken#1 \(bad\) failed/,
      );
      assert.equal((await pool.query(`SELECT to_regclass('t_ok')::text AS t`)).rows[0].t, null);
      assert.equal(await migrate(pool, 'broken', [{ version: 1, name: 'fixed', sql: 'CREATE TABLE t_ok (x int)' }]), 1);
    } finally {
      await pool.end();
    }
  });

  it('migrationStatus compares the database with the registered kinds', async () => {
    const url = await cluster.createDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      registerMigrations('status-kind', [{ version: 1, name: 'one', sql: 'CREATE TABLE t_status (x int)' }]);
      assert.deepEqual((await migrationStatus(pool)).find((s) => s.kind === 'status-kind'), { kind: 'status-kind', applied: 0, known: 1 });
      await migrate(pool, 'status-kind');
      assert.deepEqual((await migrationStatus(pool)).find((s) => s.kind === 'status-kind'), { kind: 'status-kind', applied: 1, known: 1 });
    } finally {
      await pool.end();
    }
  });
});
