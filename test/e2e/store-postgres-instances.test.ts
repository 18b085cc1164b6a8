// Two `occam mcp --mcp-http` instances on one PostgreSQL (OCCAM_STORE_URL) behind no balancer but the test:
// occam_search on one, `occam` reading S1 / H… on the other; a watch history extended from both stays one valid,
// verified chain (occam_verify history mode). And a cached read on one instance is served from the cache by another
// (two instances in this process: loopback pages are never cacheable, so the read goes through the DNS seams the
// transcode cache tests use).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { freePort, spawnOccamServer, type SpawnedServer } from '../helpers/network-server.ts';
import { pageHtml } from '../helpers/article-page.ts';
import { postgresSkip, startPostgres, type PgCluster } from '../helpers/postgres.ts';
import { testContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode } from '../../src/read/transcode.ts';

describe('two --mcp-http instances on one PostgreSQL', { skip: postgresSkip() }, () => {
  let cluster: PgCluster;
  let fixture: FixtureServer;
  let changing = 'first';
  let pageHits = 0;
  const temps: string[] = [];
  const tempDir = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    temps.push(d);
    return d;
  };
  const sentence = (tag: string) => `<p>${`The ${tag} edition of this page says something new about the release schedule. `.repeat(3)}</p>`;

  before(async () => {
    cluster = await startPostgres();
    fixture = await startFixtureServer({}, (req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      if (path === '/searx/search') {
        const results = [1, 2].map((n) => ({ title: `Doc ${n}`, url: fixture.url(`/doc/${n}`), content: `doc ${n}` }));
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
      }
      if (path === '/changing') {
        return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head><title>Changing</title></head><body><main><article><h1>Release notes</h1>${sentence(changing)}</article></main></body></html>`);
      }
      const m = /^\/doc\/(\d+)$/.exec(path);
      if (m) {
        pageHits += 1;
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(`doc-${m[1]}-marker`));
      }
      res.writeHead(404).end('no');
    });
  });
  after(async () => {
    await fixture?.close();
    await cluster?.stop();
    for (const d of temps) rmSync(d, { recursive: true, force: true });
  });

  async function instance(
    env: Record<string, string>,
    bearer?: string,
    running?: SpawnedServer,
  ): Promise<{ server: SpawnedServer; call: (name: string, args: Record<string, unknown>) => Promise<any>; close: () => Promise<void> }> {
    const server = running ?? (await spawnOccamServer(['mcp', '--mcp-http', '--port', String(await freePort())], env, 'streamable_http_mcp_listening'));
    const client = new Client({ name: 'pg-instances', version: '1.0.0' });
    const requestInit = bearer ? { headers: { authorization: `Bearer ${bearer}` } } : undefined;
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit }));
    return {
      server,
      call: async (name, args) => {
        const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
        return JSON.parse((r.content[0] as { text: string }).text);
      },
      close: async () => {
        await client.close();
        await server.stop();
      },
    };
  }

  it('search on one, read S1 / H… on the other; a watch history extended from both is one verified chain', async () => {
    const url = await cluster.createDatabase();
    // One host identity for the deployment: both instances sign with the same key (a shared keys directory).
    const keys = tempDir('occam-pgkeys-');
    const env = (name: string) => ({
      HOME: tempDir(`occam-pghome-${name}-`),
      OCCAM_STORE_URL: url,
      OCCAM_STORE_POOL_SIZE: '3',
      OCCAM_KEYS_ROOT: keys,
      OCCAM_ALLOW_PRIVATE_URLS: '1',
      OCCAM_PROFILE: 'full',
      OCCAM_WATCH_MCP: '1',
      OCCAM_SEARCH_PROVIDER: 'searxng',
      OCCAM_SEARCH_URL: fixture.url('/searx/'),
    });
    const a = await instance(env('a'));
    let b: Awaited<ReturnType<typeof instance>> | null = null;
    try {
      const watchPage = (on: typeof a, extra: Record<string, unknown> = {}) => on.call('occam_watch', { url: fixture.url('/changing'), backend_policy: 'http', ...extra });
      changing = 'first';
      const first = await watchPage(a); // also mints the deployment's signing key before B starts
      assert.equal(first.ok, true, JSON.stringify(first));
      assert.equal(first.firstSeen, true);
      b = await instance(env('b'));

      const found = await a.call('occam_search', { query: 'docs' });
      assert.equal(found.ok, true, JSON.stringify(found));
      assert.deepEqual(found.results.map((r: { id: string; handle: string }) => `${r.id}=${r.handle}`), ['S1=H00000001', 'S2=H00000002']);
      const viaAlias = await b.call('occam', { url: 'S1' });
      assert.equal(viaAlias.ok, true, JSON.stringify(viaAlias));
      assert.match(viaAlias.markdown, /doc-1-marker/);
      const viaHandle = await b.call('occam_transcode', { url: 'H00000002', backend_policy: 'http' });
      assert.equal(viaHandle.ok, true, JSON.stringify(viaHandle));
      assert.match(viaHandle.markdown, /doc-2-marker/);
      const missing = await b.call('occam_transcode', { url: 'S3' });
      assert.equal(missing.failure.code, 'unknown_handle');

      changing = 'second';
      const second = await watchPage(b);
      assert.equal(second.changed, true, 'B sees the baseline A recorded');
      changing = 'third';
      const third = await watchPage(a);
      assert.equal(third.changed, true);
      const final = await watchPage(b, { include_history: true });
      assert.equal(final.changed, false);
      assert.deepEqual(final.history.map((e: { seq: number; event: string }) => `${e.seq}:${e.event}`), ['0:first_seen', '1:changed', '2:changed']);
      for (const on of [a, b]) {
        const verdict = await on.call('occam_verify', { receipt: JSON.stringify(final.history), mode: 'history' });
        assert.equal(verdict.ok, true, JSON.stringify(verdict));
        assert.equal(verdict.verdict, 'history_verified', JSON.stringify(verdict));
        assert.deepEqual([verdict.history.entriesTotal, verdict.history.chainIntegrity], [3, true]);
      }
    } finally {
      await b?.close();
      await a.close();
    }
  });

  it('two tenants on two instances: S1 / H… of one tenant never resolve for the other', async () => {
    const url = await cluster.createDatabase();
    const tokens = join(tempDir('occam-pgtokens-'), 'tokens.txt');
    writeFileSync(tokens, 'alice alice-token-0123456789abcdef\nbob bob-token-0123456789abcdef01\n', { mode: 0o600 });
    const env = (name: string) => ({
      HOME: tempDir(`occam-pgtenant-${name}-`),
      OCCAM_STORE_URL: url,
      OCCAM_STORE_POOL_SIZE: '3',
      OCCAM_ALLOW_PRIVATE_URLS: '1',
      OCCAM_PROFILE: 'full',
      OCCAM_HTTP_TOKENS_FILE: tokens,
      OCCAM_SEARCH_PROVIDER: 'searxng',
      OCCAM_SEARCH_URL: fixture.url('/searx/'),
    });
    const aliceOnA = await instance(env('a'), 'alice-token-0123456789abcdef');
    const aliceOnB = await instance(env('b'), 'alice-token-0123456789abcdef');
    const bobOnB = await instance({}, 'bob-token-0123456789abcdef01', aliceOnB.server);
    try {
      const found = await aliceOnA.call('occam_search', { query: 'docs' });
      assert.equal(found.ok, true, JSON.stringify(found));
      const handle = found.results[0].handle;
      const mine = await aliceOnB.call('occam_transcode', { url: 'S1', backend_policy: 'http' });
      assert.equal(mine.ok, true, JSON.stringify(mine));
      assert.match(mine.markdown, /doc-1-marker/, 'the same tenant reads its S1 on the other instance');
      const theirs = await bobOnB.call('occam_transcode', { url: 'S1', backend_policy: 'http' });
      assert.equal(theirs.failure.code, 'unknown_handle', 'another tenant\'s S1 is unknown');
      const theirsDurable = await bobOnB.call('occam_transcode', { url: handle, backend_policy: 'http' });
      assert.equal(theirsDurable.failure.code, 'stale_handle', 'and so is its durable handle');
    } finally {
      await bobOnB.close().catch(() => {});
      await aliceOnB.close();
      await aliceOnA.close();
    }
  });

  it('a read cached by one instance is served from the shared cache by another', async () => {
    const url = await cluster.createDatabase();
    const seams = {
      resolve: async () => [{ address: '100.128.0.7', family: 4 as const }], // a public address (as in the transcode cache tests)
      dial: (t: { port: number }) => ({ host: '127.0.0.1', port: t.port }),
    };
    const publicUrl = `http://cache.test:${new URL(fixture.origin).port}/doc/7`;
    const instanceRuntime = () => testContext({ env: { OCCAM_STORE_URL: url, OCCAM_STORE_POOL_SIZE: '2' }, now: Date.now });
    const one = new Services(instanceRuntime());
    const two = new Services(instanceRuntime());
    try {
      const read = (services: Services) =>
        transcode({ url: publicUrl, cache_ttl_s: 300, backend_policy: 'http' }, { runtime: services.runtime, services, resolveMaxTokens: (m) => m, browser: null, ...seams }) as Promise<any>;
      pageHits = 0;
      const fresh = await read(one);
      assert.equal(fresh.ok, true, JSON.stringify(fresh.failure));
      assert.equal(fresh.cached, undefined);
      const served = await read(two);
      assert.equal(served.cached, true, 'the second instance answered from the shared cache');
      assert.equal(served.markdown, fresh.markdown);
      assert.equal(pageHits, 1, 'the page was fetched once for both instances');
    } finally {
      await one.disposeAll();
      await two.disposeAll();
    }
  });
});
