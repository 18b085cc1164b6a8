import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspectEnv, readEnv } from '../../../src/config/env.ts';
import { decodersFor } from '../../../src/fetch/body.ts';
import { mergeHeaders, sanitiseHeaderBag, sortedHeaderNames, withoutHeaders, CREDENTIAL_HEADERS } from '../../../src/fetch/headers.ts';
import { validateSessionId } from '../../../src/fetch/session.ts';
import { bypassesProxy, proxyConfigFrom } from '../../../src/fetch/transport.ts';

test('reading.md §8: byte caps clamp; non-numeric or ≤0 is a config error that keeps the default', () => {
  const warnings: string[] = [];
  const read = (raw: string) => readEnv<number>('OCCAM_MAX_RESPONSE_BYTES', { OCCAM_MAX_RESPONSE_BYTES: raw }, (l) => warnings.push(l));
  assert.equal(read('65536'), 65536);
  assert.equal(read('1'), 65536, 'clamped up to 64 KiB');
  assert.equal(read('999999999'), 16 * 1024 * 1024, 'clamped down to 16 MiB');
  assert.equal(read('lots'), 8 * 1024 * 1024);
  assert.equal(read('0'), 8 * 1024 * 1024);
  assert.equal(read('-5'), 8 * 1024 * 1024);
  assert.equal(warnings.length, 3);
  assert.equal(readEnv('OCCAM_MAX_PDF_BYTES', {}), 16 * 1024 * 1024);
  assert.equal(readEnv('OCCAM_MAX_PDF_BYTES', { OCCAM_MAX_PDF_BYTES: '999999999999' }), 128 * 1024 * 1024);
  assert.equal(readEnv('OCCAM_HTTP_OVERSIZE_MODE', { OCCAM_HTTP_OVERSIZE_MODE: 'Partial' }), 'partial');
  assert.equal(readEnv('OCCAM_HTTP_OVERSIZE_MODE', { OCCAM_HTTP_OVERSIZE_MODE: 'truncate' }), 'fail');
  assert.equal(readEnv('OCCAM_HOST_THROTTLE_MS', { OCCAM_HOST_THROTTLE_MS: '600001' }), 0);
  assert.equal(readEnv('OCCAM_ROBOTS_TIMEOUT_MS', {}), 10000);
});

test('reading.md §3.3: OCCAM_ALLOW_PRIVATE_URLS is on for exactly "1"', () => {
  for (const [raw, expected] of [['1', true], ['true', false], ['yes', false], [' 1', false], ['0', false]] as const) {
    assert.equal(readEnv('OCCAM_ALLOW_PRIVATE_URLS', { OCCAM_ALLOW_PRIVATE_URLS: raw }), expected, raw);
  }
  assert.equal(inspectEnv('OCCAM_ALLOW_PRIVATE_URLS', { OCCAM_ALLOW_PRIVATE_URLS: 'true' }).problem, null, 'no warning noise');
});

test('reading.md §3.4: proxy schemes, fallback and OCCAM_NO_PROXY rules', () => {
  assert.deepEqual(proxyConfigFrom({ env: { OCCAM_HTTP_PROXY: 'http://p.test:3128', OCCAM_NO_PROXY: 'a.test, .corp.test,*.int.test' } }), {
    http: 'http://p.test:3128',
    https: 'http://p.test:3128',
    noProxy: ['a.test', '.corp.test', '*.int.test'],
  });
  assert.equal(proxyConfigFrom({ env: { OCCAM_HTTPS_PROXY: 'socks5://s.test:1080' } }).https, 'socks5://s.test:1080');
  assert.throws(() => proxyConfigFrom({ env: { OCCAM_HTTPS_PROXY: 'ftp://x.test' } }), { code: 'invalid_proxy_url' });
  const rules = ['a.test', '.corp.test', '*.int.test'];
  assert.equal(bypassesProxy('a.test', rules), true);
  assert.equal(bypassesProxy('b.a.test', rules), false, 'exact host rule');
  assert.equal(bypassesProxy('x.corp.test', rules), true);
  assert.equal(bypassesProxy('corp.test', rules), true);
  assert.equal(bypassesProxy('deep.x.int.test', rules), true);
  assert.equal(bypassesProxy('example.test', rules), false);
  assert.equal(bypassesProxy('anything', ['*']), true);
});

test('header layers merge case-insensitively; transport-owned and invalid entries are dropped', () => {
  assert.deepEqual(mergeHeaders({ 'User-Agent': 'a', Accept: 'x' }, { 'user-agent': 'b' }, null, { 'X-New': '1' }), {
    'user-agent': 'b',
    Accept: 'x',
    'X-New': '1',
  });
  assert.deepEqual(
    sanitiseHeaderBag({ Cookie: 'c', Host: 'h', 'Transfer-Encoding': 'x', 'Bad Name': 'v', 'X-Num': 5, 'X-Inject': 'a\r\nB: c', Expect: '100' }),
    { Cookie: 'c' },
  );
  assert.deepEqual(sanitiseHeaderBag(['not', 'an', 'object']), {});
  assert.deepEqual(withoutHeaders({ Cookie: 'c', AUTHORIZATION: 'a', 'Proxy-Authorization': 'p', Keep: 'k' }, CREDENTIAL_HEADERS), { Keep: 'k' });
  assert.deepEqual(sortedHeaderNames({ 'x-b': '', Cookie: '', 'X-a': '' }), ['Cookie', 'X-a', 'x-b']);
});

test('session ids follow [A-Za-z0-9._-] without ".."', () => {
  for (const ok of ['work', 'a.b', 'A_b-9', '.hidden']) validateSessionId(ok);
  for (const bad of ['../x', 'a/b', 'a\\b', 'a..b', '', 'sp ace', 'é']) {
    assert.throws(() => validateSessionId(bad), { code: 'invalid_session_profile' }, bad);
  }
});

test('content-encoding lists map to decoders applied last-first; unknown codings refuse', () => {
  assert.deepEqual(decodersFor(undefined), []);
  assert.deepEqual(decodersFor('identity'), []);
  assert.deepEqual(decodersFor('GZIP'), ['gzip']);
  assert.deepEqual(decodersFor('x-gzip'), ['gzip']);
  assert.deepEqual(decodersFor('gzip, br'), ['br', 'gzip']);
  assert.deepEqual(decodersFor('deflate'), ['deflate']);
  assert.throws(() => decodersFor('zstd'), { code: 'network_error' });
});
