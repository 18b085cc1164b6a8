// Issue 33: private cached reads per tenant. With OCCAM_CACHE_SESSION_READS=1 a read made with a session profile is
// cached as a private entry: served again to the tenant that read it (on either instance sharing the store), with
// the same profile and the same credentials in it — never to another tenant, another profile, a re-imported profile
// or a public read of the same URL. The same cases run on the embedded file cache (two instances sharing one cache
// directory) and on PostgreSQL (two instances on one database, migration response-cache#2). Without the variable a
// session read is never cached (reading.md §15).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { postgresSkip, startPostgres, type PgCluster } from '../helpers/postgres.ts';
import { testContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode } from '../../src/read/transcode.ts';
import { FileResponseCache, PUBLIC_SCOPE, type ResponseCache } from '../../src/read/cache.ts';
import { PostgresResponseCache } from '../../src/read/cache-postgres.ts';

const ALICE = 'tenant-alice';
const BOB = 'tenant-bob';
const PROFILE = 'acct';
const OTHER_PROFILE = 'acct-other';

let fixture: FixtureServer;
let hits = 0;
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};

/** The account page shows whose cookie it was given: a private page if ever there was one. */
const accountPage = (cookie: string) =>
  `<!doctype html><html><head><title>Account</title></head><body><main><article><h1>Your account</h1>${`<p>Signed in with ${cookie || 'no session'}: your orders, your addresses and your saved payment cards are listed on this page.</p>`.repeat(3)}</article></main></body></html>`;

before(async () => {
  fixture = await startFixtureServer({
    '/account': (req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(accountPage(String(req.headers.cookie ?? '')));
    },
  });
});
after(async () => {
  await fixture?.close();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** The page through the DNS seams of the transcode cache tests: loopback pages are never cacheable. */
const seams = {
  resolve: async () => [{ address: '100.128.0.7', family: 4 as const }],
  dial: (t: { port: number }) => ({ host: '127.0.0.1', port: t.port }),
};
const pageUrl = () => `http://cache.test:${new URL(fixture.origin).port}/account`;

function writeProfile(sessions: string, id: string, cookie: string): void {
  writeFileSync(join(sessions, `${id}.json`), JSON.stringify({ Cookie: cookie, _occam: { hosts: ['cache.test'] } }), { mode: 0o600 });
}

/** Two instances on one store (the env says which), each a Services of its own, sharing one sessions directory. */
function twoInstances(storeEnv: Record<string, string>, privateReads = true) {
  const home = tempDir('occam-cache-tenancy-');
  const sessions = join(home, 'sessions');
  mkdirSync(sessions, { recursive: true, mode: 0o700 });
  writeProfile(sessions, PROFILE, 'sid=ALICE-SESSION');
  writeProfile(sessions, OTHER_PROFILE, 'sid=OTHER-SESSION');
  const env = { OCCAM_SESSIONS_ROOT: sessions, OCCAM_KEYS_ROOT: join(home, 'keys'), ...(privateReads ? { OCCAM_CACHE_SESSION_READS: '1' } : {}), ...storeEnv };
  const make = () => new Services(testContext({ env, homeDir: home, tmpDir: home, now: Date.now }));
  const instances = [make(), make()] as const;
  const read = (instance: 0 | 1, tenant: string, profile: string | null) =>
    transcode(
      { url: pageUrl(), cache_ttl_s: 300, backend_policy: 'http', ...(profile ? { session_profile: profile } : {}) },
      { runtime: instances[instance].runtime, services: instances[instance], resolveMaxTokens: (m) => m, browser: null, tenant, ...seams },
    ) as Promise<any>;
  return { instances, read, sessions, dispose: () => Promise.all(instances.map((s) => s.disposeAll())) };
}

/** Every case on one backend. */
async function privateReadCases(storeEnv: () => Promise<Record<string, string>>): Promise<void> {
  const { read, sessions, dispose } = twoInstances(await storeEnv());
  try {
    hits = 0;
    const first = await read(0, ALICE, PROFILE);
    assert.equal(first.ok, true, JSON.stringify(first.failure));
    assert.equal(first.cached, undefined);
    assert.match(first.markdown, /ALICE-SESSION/);

    const again = await read(1, ALICE, PROFILE);
    assert.equal(again.cached, true, "alice's private read is served to alice from the other instance");
    assert.equal(again.markdown, first.markdown);
    assert.equal(hits, 1);

    const bob = await read(1, BOB, PROFILE);
    assert.equal(bob.ok, true, JSON.stringify(bob.failure));
    assert.equal(bob.cached, undefined, "bob never gets alice's cached read, even with a profile of the same name");
    assert.equal(hits, 2, "bob's read went to the site");

    const otherProfile = await read(0, ALICE, OTHER_PROFILE);
    assert.equal(otherProfile.cached, undefined, 'another profile of the same tenant is another owner');
    assert.match(otherProfile.markdown, /OTHER-SESSION/);

    const publicRead = await read(0, ALICE, null);
    assert.equal(publicRead.cached, undefined, 'a public read never gets a private entry');
    assert.doesNotMatch(publicRead.markdown, /SESSION/);
    assert.equal((await read(1, BOB, null)).cached, true, 'public reads stay shared across tenants');

    // The same profile id re-imported with other credentials is another owner.
    writeProfile(sessions, PROFILE, 'sid=ALICE-NEW-SESSION');
    const reimported = await read(1, ALICE, PROFILE);
    assert.equal(reimported.cached, undefined);
    assert.match(reimported.markdown, /ALICE-NEW-SESSION/);
    assert.equal((await read(0, ALICE, PROFILE)).cached, true, 'and is cached for alice in turn');
  } finally {
    await dispose();
  }

  const plain = twoInstances(await storeEnv(), false);
  try {
    hits = 0;
    assert.equal((await plain.read(0, ALICE, PROFILE)).cached, undefined);
    assert.equal((await plain.read(0, ALICE, PROFILE)).cached, undefined, 'without OCCAM_CACHE_SESSION_READS a session read is never cached');
    assert.equal(hits, 2);
  } finally {
    await plain.dispose();
  }
}

/** The owner is checked by the store itself, not only folded into the key. */
async function ownerChecked(cache: ResponseCache): Promise<void> {
  const key = `owner-check-${Date.now()}`;
  await cache.put(key, { ok: true, markdown: 'private' }, { private: true, owner: 'owner-a' });
  assert.equal(await cache.get(key, 300, { private: true, owner: 'owner-b' }), null, 'another owner misses');
  assert.equal(await cache.get(key, 300, PUBLIC_SCOPE), null, 'a public lookup misses');
  assert.equal(await cache.get(key, 300), null);
  assert.deepEqual((await cache.get(key, 300, { private: true, owner: 'owner-a' }))?.response, { ok: true, markdown: 'private' });
  // Another owner (or a public write) under the same key cannot replace the entry.
  await cache.put(key, { ok: true, markdown: 'overwritten' }, PUBLIC_SCOPE);
  await cache.put(key, { ok: true, markdown: 'overwritten' }, { private: true, owner: 'owner-b' });
  const kept = await cache.get(key, 300, { private: true, owner: 'owner-a' });
  if (cache instanceof PostgresResponseCache) assert.equal((kept?.response as { markdown: string }).markdown, 'private', 'the row keeps its owner');
}

describe('private cached reads: embedded file cache', () => {
  it('two instances sharing one cache directory: private per tenant, profile and credentials', async () => {
    const cacheDir = join(tempDir('occam-cache-tenancy-dir-'), 'cache');
    await privateReadCases(async () => ({ OCCAM_CACHE_DIR: cacheDir }));
  });
  it('the file cache compares the owner on every lookup', async () => {
    await ownerChecked(new FileResponseCache(join(tempDir('occam-cache-owner-'), 'cache'), Date.now));
  });
});

describe('private cached reads: PostgreSQL', { skip: postgresSkip() }, () => {
  let cluster: PgCluster;
  before(async () => {
    cluster = await startPostgres();
  });
  after(async () => {
    await cluster?.stop();
  });

  it('two instances on one database: private per tenant, profile and credentials', async () => {
    const url = await cluster.createDatabase();
    await privateReadCases(async () => ({ OCCAM_STORE_URL: url, OCCAM_STORE_POOL_SIZE: '2' }));
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ private: string; public: string }>(
        'SELECT count(*) FILTER (WHERE private_owner IS NOT NULL) AS private, count(*) FILTER (WHERE private_owner IS NULL) AS public FROM response_cache',
      );
      assert.ok(Number(rows[0]!.private) >= 3, `private rows are marked: ${JSON.stringify(rows[0])}`);
      assert.equal(Number(rows[0]!.public), 1, 'one public row');
      const dump = (await client.query<{ private_owner: string }>('SELECT private_owner FROM response_cache WHERE private_owner IS NOT NULL')).rows;
      for (const row of dump) assert.doesNotMatch(row.private_owner, /alice|acct/i, 'owners are stored hashed');
    } finally {
      await client.end();
    }
  });

  it('the PostgreSQL cache compares the owner on every lookup', async () => {
    const url = await cluster.createDatabase();
    const services = new Services(testContext({ env: { OCCAM_STORE_URL: url, OCCAM_STORE_POOL_SIZE: '2' }, now: Date.now }));
    try {
      await ownerChecked(new PostgresResponseCache(services, Date.now));
    } finally {
      await services.disposeAll();
    }
  });
});
