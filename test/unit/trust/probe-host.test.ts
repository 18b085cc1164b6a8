import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { CanaryAuthority } from '../../../src/trust/canary/authority.ts';
import { startProbeHost, type ProbeHost } from '../../../src/trust/canary/probe-host.ts';
import { vectorSecret } from '../../../src/trust/canary/vectors.ts';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(host: ProbeHost, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function assertNoStore(r: Reply) {
  assert.equal(r.headers['cache-control'], 'no-store, no-cache, must-revalidate');
  assert.equal(r.headers.pragma, 'no-cache');
  assert.equal(r.headers.expires, '0');
  assert.equal(r.headers['x-content-type-options'], 'nosniff');
  assert.equal(r.headers['referrer-policy'], 'no-referrer');
}

test('trust.md #19 (C19): probe, verify, headers, bad session, rate limit, loopback guard, health', async () => {
  const authority = new CanaryAuthority({ now: Date.now, secret: vectorSecret(), options: { rateLimit: 2 } });
  const host = await startProbeHost({ authority });
  try {
    assert.match(host.listenUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(host.probeUrl('s1'), `${host.listenUrl}/probe/canary/s1`);
    const probe = await get(host, '/probe/canary/s1', { 'User-Agent': 'test-agent' });
    assert.equal(probe.status, 200);
    assert.equal(probe.headers['content-type'], 'text/html; charset=utf-8');
    assertNoStore(probe);
    const sentinel = /<meta name="occam-sentinel" content="([^"]+)">/.exec(probe.body)?.[1];
    assert.ok(sentinel && sentinel.length === 43);
    assert.ok(probe.body.includes(`<span style="display:none" data-occam-sentinel="1">${sentinel}</span>`));
    assert.ok(probe.body.includes(`Sentinel: <code>${sentinel}</code>`));
    assert.ok(probe.body.includes('<meta name="robots" content="noindex, nofollow">'));
    assert.ok(probe.body.includes('<meta name="occam-sentinel-session" content="s1">'));
    assert.match(probe.body, /<title>Occam proof-of-read probe<\/title>[\s\S]*<h1>Occam proof-of-read probe<\/h1>/);
    assert.match(probe.body, /verbatim/);

    const ok = await get(host, `/probe/canary/s1/verify?sentinel=${encodeURIComponent(sentinel)}`);
    assert.equal(ok.status, 200);
    assertNoStore(ok);
    assert.equal(ok.headers['content-type'], 'application/json; charset=utf-8');
    const verdict = JSON.parse(ok.body);
    assert.deepEqual(Object.keys(verdict), ['ok', 'verdict', 'sessionId', 'currentBucket', 'matchedBucket', 'bucketDistance', 'detail']);
    assert.deepEqual([verdict.ok, verdict.verdict, verdict.bucketDistance], [true, 'READ_VERIFIED', 0]);

    // Rate limit (2 per key): the third request on the session's key is refused.
    const limited = await get(host, '/probe/canary/s1/verify?sentinel=wrong');
    assert.equal(limited.status, 429);
    assertNoStore(limited);
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    assert.deepEqual(JSON.parse(limited.body), { ok: false, error: 'rate_limited' });

    const wrong = await get(host, '/probe/canary/s2/verify?sentinel=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const wrongBody = JSON.parse(wrong.body);
    assert.deepEqual([wrongBody.ok, wrongBody.verdict, wrongBody.matchedBucket], [false, 'HALLUCINATED', null]);
    assert.ok(!wrong.body.includes(sentinel) && !wrong.body.includes(authority.sentinelFor('s2', authority.currentBucket())));
    const missing = JSON.parse((await get(host, '/probe/canary/s2/verify')).body);
    assert.equal(missing.verdict, 'HALLUCINATED');

    const bad = await get(host, '/probe/canary/has%20space');
    assert.equal(bad.status, 400);
    assertNoStore(bad);
    assert.deepEqual(JSON.parse(bad.body), { ok: false, error: 'invalid_session_id' });

    const rebinding = await get(host, '/probe/canary/s3', { Host: 'attacker.example' });
    assert.equal(rebinding.status, 403);
    assertNoStore(rebinding);
    assert.equal((await get(host, '/health', { Origin: 'https://attacker.example' })).status, 403);
    assert.equal((await get(host, '/health', { Host: `localhost:${host.port}`, Origin: `http://localhost:${host.port}` })).status, 200);

    const health = await get(host, '/health');
    assert.equal(health.status, 200);
    assertNoStore(health);
    assert.ok(health.body.includes('canary-probe'));
    assert.equal((await get(host, '/nope')).status, 404);
  } finally {
    await host.close();
  }
});

test('probe host refuses to start on a port in use (the MCP tools then answer canary_unavailable)', async () => {
  const authority = new CanaryAuthority({ now: Date.now });
  const first = await startProbeHost({ authority });
  try {
    await assert.rejects(startProbeHost({ authority, port: first.port }));
  } finally {
    await first.close();
  }
});
