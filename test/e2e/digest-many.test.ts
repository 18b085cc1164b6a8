// Digest of 20 local URLs with mixed outcomes (ok, 404, timeout, private), and the digest/map verbs.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { digest } from '../../src/read/digest.ts';
import { PrivateOriginAllowance } from '../../src/fetch/guard.ts';
import { processContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { estimateTokens } from '../../src/budget/tokens.ts';
import { html, startFixtureServer } from '../helpers/http-fixture.ts';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from '../helpers/mcp-client.ts';

const run = promisify(execFile);
const page = (n: number) =>
  `<html><head><title>Page ${n}</title></head><body><main><h1>Page ${n}</h1>` +
  `<p>${`Paragraph text of page ${n} with enough words to be the main content of the document. `.repeat(30)}</p></main></body></html>`;

const server = await startFixtureServer(
  {
    '/hang': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>'); // never finishes
    },
  },
  (req, res) => {
    const m = req.url?.match(/^\/ok\/(\d+)$/);
    if (m) return html(page(Number(m[1])))(req, res);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  },
);
after(() => server.close());

test('issue 4: a 20-URL digest with ok, 404, timeout and private outcomes returns every result in input order', async () => {
  const runtime = processContext({ env: {}, warn: () => {} });
  const services = new Services(runtime);
  const port = new URL(server.origin).port;
  const kinds = ['ok', 'ok', '404', 'ok', 'timeout', 'ok', 'private', 'ok', 'ok', '404', 'ok', 'timeout', 'ok', 'ok', 'private', 'ok', '404', 'ok', 'timeout', 'ok'];
  const urls = kinds.map((k, i) =>
    k === 'ok' ? server.url(`/ok/${i}`) : k === '404' ? server.url(`/missing/${i}`) : k === 'timeout' ? server.url(`/hang?${i}`) : `http://internal-${i}.test:${port}/`,
  );
  try {
    const result = await digest(
      {
        entries: urls.map((url) => ({ url, focusQuery: null })),
        maxUrls: 256,
        backendPolicy: 'http',
        perUrlMaxTokens: 700,
        focusQuery: null,
        fitMarkdown: true,
        includeCombined: true,
        sessionProfile: null,
        ifNoneMatch: null,
        deadlineMs: 6000,
      },
      {
        runtime,
        services,
        resolveMaxTokens: (explicit) => explicit,
        allowance: PrivateOriginAllowance.forOrigin(server.origin),
        // *.test names answer with a private address: the guard must refuse them per item.
        resolve: async (host) => (host.endsWith('.test') ? [{ address: '10.0.0.5', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
      },
    );
    assert.equal(result.ok, true);
    const items = result.items as Array<{ url: string; ok: boolean; failure?: { code: string }; excerpt?: string }>;
    assert.deepEqual(items.map((i) => i.url), urls, 'input order kept');
    const expected = { ok: null, '404': 'http_404', timeout: 'timeout', private: 'private_url_blocked' } as const;
    kinds.forEach((k, i) => {
      assert.equal(items[i].failure?.code ?? null, expected[k as keyof typeof expected], `item ${i} (${k})`);
      if (k === 'ok') assert.ok(estimateTokens(items[i].excerpt ?? '') <= 700, `item ${i} within its budget`);
    });
    assert.deepEqual(result.stats, { ...(result.stats as object), requested: 20, succeeded: 12, failed: 8 });
  } finally {
    await services.disposeAll();
  }
});

test('occam digest and occam map verbs: --json, exit codes, progress on stderr', async () => {
  const env = hermeticEnv({ OCCAM_ALLOW_PRIVATE_URLS: '1' });
  const ok = await run(process.execPath, [OCCAM_BIN, 'digest', server.url('/ok/1'), server.url('/missing/x'), '--json'], { env, cwd: REPO_ROOT });
  const doc = JSON.parse(ok.stdout);
  assert.equal(doc.ok, true);
  assert.equal(doc.items.length, 2);
  const human = await run(process.execPath, [OCCAM_BIN, 'digest', server.url('/ok/2')], { env, cwd: REPO_ROOT });
  assert.match(human.stdout, /^## Page 2/);
  assert.match(human.stderr, /\[1\/1\] ok/);
  await assert.rejects(run(process.execPath, [OCCAM_BIN, 'digest', server.url('/missing/a')], { env, cwd: REPO_ROOT }), (err: any) => err.code === 1);
  await assert.rejects(run(process.execPath, [OCCAM_BIN, 'digest'], { env, cwd: REPO_ROOT }), (err: any) => err.code === 2);
  await assert.rejects(run(process.execPath, [OCCAM_BIN, 'map', server.url('/ok/1'), '--max-links', '0'], { env, cwd: REPO_ROOT }), (err: any) => err.code === 2);
  const map = await run(process.execPath, [OCCAM_BIN, 'map', 'http://10.0.0.1/', '--json'], { env: hermeticEnv(), cwd: REPO_ROOT }).catch((e) => e);
  assert.equal(map.code, 1);
  assert.equal(JSON.parse(map.stdout).failureCode, 'private_url_blocked');
});
