// This machine's own addresses are private destinations: a service bound to 0.0.0.0 answers on each of them.
// No packet is aimed at a real address here: the interface list is injected (a documentation-range address and a
// public-looking one reported as this machine's own) and the dial seam sends anything that does get through to a
// counting server on 127.0.0.1 — so "seam never called" proves nothing was dialled.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { acquire } from '../../src/fetch/acquire.ts';
import { transcode } from '../../src/read/transcode.ts';
import type { Resolver } from '../../src/fetch/guard.ts';
import type { DialSeam } from '../../src/fetch/transport.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';

const OWN_DOC = '192.0.2.10';
const OWN_PUBLIC = '100.128.0.7';
const OTHER_PUBLIC = '100.128.0.8';

const home = mkdtempSync(join(tmpdir(), 'occam-own-address-'));
const runtime: RuntimeContext = testContext({
  env: { OCCAM_KEYS_ROOT: join(home, 'keys'), OCCAM_SESSIONS_ROOT: join(home, 'sessions') },
  homeDir: home,
  tmpDir: home,
  now: Date.now,
  networkInterfaces: () => ({
    lo: [{ address: '127.0.0.1' }, { address: '::1' }],
    eth0: [{ address: OWN_DOC }, { address: OWN_PUBLIC }, { address: '2a00:1450::10' }],
  }),
});
const services = new Services(runtime);

let server: FixtureServer;
const dialled: string[] = [];
const dial: DialSeam = (target) => {
  dialled.push(target.address);
  return { host: '127.0.0.1', port: Number(new URL(server.origin).port) };
};
const NAMES: Record<string, string> = { 'own.test': OWN_DOC, 'own-public.test': OWN_PUBLIC, 'elsewhere.test': OTHER_PUBLIC, 'own6.test': '2a00:1450::10' };
const resolve: Resolver = async (host) => {
  const address = NAMES[host];
  if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

const ARTICLE = `<html><head><title>Elsewhere</title></head><body><main><article><h1>Elsewhere</h1><p>${'A public page that the seam serves from loopback. '.repeat(8)}</p></article></main></body></html>`;

before(async () => {
  server = await startFixtureServer({ '/': html(ARTICLE) });
});
after(async () => {
  await services.disposeAll();
  await server.close();
});

const read = (url: string, backend_policy: 'http' | 'browser' | 'http_then_browser') =>
  transcode({ url, backend_policy, cache_ttl_s: 0 }, { runtime, services, resolveMaxTokens: (e) => e, resolve, dial }) as Promise<any>;

for (const [label, url, reason] of [
  // Reported as own, but already refused by its IANA class (documentation): classification, not a failed connect.
  ['documentation-range literal', `http://${OWN_DOC}:8080/`, 'documentation'],
  ['public-looking literal', `http://${OWN_PUBLIC}/`, 'local_interface'],
  ['IPv4-mapped form', `http://[::ffff:${OWN_PUBLIC}]/`, 'local_interface'],
  ['IPv6 literal', 'http://[2a00:1450::10]:8443/', 'local_interface'],
  ['DNS name answering an own documentation-range address', 'http://own.test/', 'dns_documentation'],
  ['DNS name answering an own public-looking address', 'http://own-public.test/', 'dns_local_interface'],
  ['DNS name answering an own IPv6 address', 'http://own6.test/', 'dns_local_interface'],
] as const) {
  test(`own address (${label}): acquire is private_url_blocked by classification and the dial seam is never called`, async () => {
    dialled.length = 0;
    await assert.rejects(acquire(url, { timeoutMs: 5000 }, { runtime, resolve, dial }), (err: any) => {
      assert.equal(err.code, 'private_url_blocked');
      assert.equal(err.details.reason, reason);
      return true;
    });
    assert.deepEqual(dialled, []);
  });
}

for (const policy of ['browser', 'http_then_browser'] as const) {
  test(`own address under backend_policy ${policy}: the read is private_url_blocked and nothing is dialled`, async () => {
    dialled.length = 0;
    const before = server.connections();
    for (const url of [`http://${OWN_DOC}:8080/`, 'http://own-public.test/']) {
      const r = await read(url, policy);
      assert.equal(r.ok, false, url);
      assert.equal(r.failure.code, 'private_url_blocked', url);
    }
    assert.deepEqual(dialled, []);
    assert.equal(server.connections(), before);
  });
}

test('control: a public address that is not this machine\'s own is dialled through the seam, in the browser too', async () => {
  dialled.length = 0;
  const r = await read('http://elsewhere.test/', 'browser');
  assert.equal(r.ok, true, JSON.stringify(r.failure));
  assert.match(r.markdown, /A public page that the seam serves/);
  assert.ok(dialled.length >= 1 && dialled.every((a) => a === OTHER_PUBLIC), dialled.join(','));
});
