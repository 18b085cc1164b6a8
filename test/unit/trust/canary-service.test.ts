import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testContext } from '../../../src/runtime/context.ts';
import { Services } from '../../../src/runtime/services.ts';
import { canaryProbeService, canaryVerifier, isCanaryProbeUrl, readCanaryProbe } from '../../../src/trust/canary/service.ts';

test('trust.md §2.11: the pipeline hook serves exactly the running probe URL in-process, nothing else', async () => {
  const services = new Services(testContext({ now: Date.now }));
  try {
    assert.equal(await readCanaryProbe(services, 'http://127.0.0.1:9/probe/canary/s1'), null, 'no probe host yet');
    const { host, authority } = await services.use(canaryProbeService);
    const url = host.probeUrl('s1');
    assert.equal(await isCanaryProbeUrl(services, url), true);
    const read = await readCanaryProbe(services, `${url}/`);
    assert.ok(read);
    assert.deepEqual([read.backend, read.statusCode, read.finalUrl, read.sessionId], ['canary', 200, `${url}/`, 's1']);
    assert.equal(read.tokenEstimate, Math.max(1, Math.floor(read.markdown.length / 4)));
    assert.match(read.markdown, /^# Occam proof-of-read probe\n/);
    assert.match(read.markdown, /Session: `s1`/);
    const sentinel = /Sentinel:\s*`([^`]+)`/.exec(read.markdown)?.[1];
    assert.ok(sentinel);
    assert.equal(authority.verify('s1', sentinel).verdict, 'READ_VERIFIED');
    assert.equal((await canaryVerifier(services))('s1', sentinel), 'READ_VERIFIED');
    const wrongPort = url.replace(`:${host.port}/`, `:${host.port === 65535 ? 65534 : host.port + 1}/`);
    for (const other of [
      wrongPort,
      url.replace('http:', 'https:'),
      url.replace('127.0.0.1', 'localhost'),
      `${host.listenUrl}/probe/canary/has%20space`,
      `${host.listenUrl}/probe/canary/s1/verify`,
      `${host.listenUrl}/health`,
      'not a url',
    ]) {
      assert.equal(await readCanaryProbe(services, other), null, other);
      assert.equal(await isCanaryProbeUrl(services, other), false, other);
    }
  } finally {
    await services.disposeAll();
  }
});
