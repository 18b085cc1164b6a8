// The shared-browser variables of the env catalog (issue 33): what each accepts and refuses, and the endpoint the
// pool derives from them (the proxy host defaults to the bind address; a wildcard bind leaves it to the connect).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspectEnv } from '../../../src/config/env.ts';
import { browserEndpoint, endpointLabel } from '../../../src/fetch/browser/pool.ts';

const problem = (name: string, value: string) => inspectEnv(name, { [name]: value }).problem;

test('OCCAM_BROWSER_ENDPOINT takes ws(s) and http(s) URLs with a host, nothing else', () => {
  for (const ok of ['ws://browser:39219/occam-browser/tok', 'wss://b.example:443/x', 'http://127.0.0.1:9222', 'https://cdp.internal']) assert.equal(problem('OCCAM_BROWSER_ENDPOINT', ok), null, ok);
  for (const bad of ['browser:39219', 'file:///tmp/x', 'ftp://h/', 'not a url']) assert.notEqual(problem('OCCAM_BROWSER_ENDPOINT', bad), null, bad);
  assert.equal(inspectEnv('OCCAM_BROWSER_ENDPOINT', { OCCAM_BROWSER_ENDPOINT: ' ' }).value, null, 'blank is unset');
});

test('proxy bind/host take an address or a name without port; the server token is 16+ URL-safe characters', () => {
  for (const ok of ['0.0.0.0', '10.1.2.3', 'occam-worker-1', '::', '[fd00::1]']) assert.equal(problem('OCCAM_BROWSER_PROXY_HOST', ok), null, ok);
  assert.equal(inspectEnv('OCCAM_BROWSER_PROXY_HOST', { OCCAM_BROWSER_PROXY_HOST: '[fd00::1]' }).value, 'fd00::1');
  for (const bad of ['10.1.2.3:8080', 'http://h', 'a b']) assert.notEqual(problem('OCCAM_BROWSER_PROXY_BIND', bad), null, bad);
  assert.equal(problem('OCCAM_BROWSER_SERVER_TOKEN', 'abcdefghij0123456789'), null);
  assert.notEqual(problem('OCCAM_BROWSER_SERVER_TOKEN', 'short'), null);
  assert.notEqual(problem('OCCAM_BROWSER_SERVER_TOKEN', 'has/slash/0123456789'), null);
  assert.deepEqual(inspectEnv('OCCAM_BROWSER_SERVER_PROXY_HOSTS', { OCCAM_BROWSER_SERVER_PROXY_HOSTS: 'a, b.internal ,' }).value, ['a', 'b.internal']);
  assert.notEqual(problem('OCCAM_BROWSER_SERVER_PROXY_HOSTS', 'a,b c'), null);
  assert.notEqual(problem('OCCAM_BROWSER_CONNECT_TIMEOUT_MS', '50'), null, 'out of range is refused, not clamped');
});

test('the endpoint the pool uses: none without the variable; proxy host from the bind unless it is a wildcard', () => {
  const warn = () => {};
  assert.equal(browserEndpoint({ env: {}, warn }), null);
  const fixed = browserEndpoint({ env: { OCCAM_BROWSER_ENDPOINT: 'ws://b:1/p/secret', OCCAM_BROWSER_PROXY_BIND: '10.0.0.5' }, warn })!;
  assert.deepEqual({ kind: fixed.kind, bind: fixed.proxyBind, host: fixed.proxyHost, timeout: fixed.connectTimeoutMs }, { kind: 'playwright', bind: '10.0.0.5', host: '10.0.0.5', timeout: 10_000 });
  assert.equal(browserEndpoint({ env: { OCCAM_BROWSER_ENDPOINT: 'ws://b:1/p', OCCAM_BROWSER_PROXY_BIND: '0.0.0.0' }, warn })!.proxyHost, null, 'found on connect');
  assert.equal(browserEndpoint({ env: { OCCAM_BROWSER_ENDPOINT: 'ws://b:1/p', OCCAM_BROWSER_PROXY_BIND: '0.0.0.0', OCCAM_BROWSER_PROXY_HOST: 'w1' }, warn })!.proxyHost, 'w1');
  assert.equal(endpointLabel('ws://b:39219/occam-browser/secret-token'), 'ws://b:39219', 'labels never carry the path');
});
