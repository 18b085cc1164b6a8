// The loopback Host/Origin guard of the local transports (tools.md §8, #31).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { hostOfHeader, isLoopbackHost, isLoopbackOrigin, passesLoopbackGuard } from '../../../src/mcp/transports/http.ts';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

test('tools.md #31: loopback hosts with any port pass; everything else fails', () => {
  assert.equal(hostOfHeader('[::1]:5050'), '::1');
  assert.equal(hostOfHeader('::1'), '::1');
  assert.equal(hostOfHeader('LocalHost:80'), 'localhost');
  for (const host of ['127.0.0.1', '127.0.0.1:5050', 'localhost', 'localhost:5050', '[::1]', '[::1]:443', '::1']) {
    assert.equal(isLoopbackHost(host), true, host);
  }
  for (const host of ['evil.example', 'evil.example:5050', '127.0.0.2', 'localhost.evil.example', '0.0.0.0', '[::2]:5050', '', '127.0.0.1.nip.io']) {
    assert.equal(isLoopbackHost(host), false, host);
  }
  assert.equal(isLoopbackHost(undefined), false, 'no Host header is not loopback');
});

test('tools.md #31: Origin must be a loopback http(s) origin when present', () => {
  for (const origin of ['http://127.0.0.1', 'http://localhost:5050', 'https://[::1]:8443']) assert.equal(isLoopbackOrigin(origin), true, origin);
  for (const origin of ['http://evil.example', 'null', 'file://', 'chrome-extension://abc', 'ws://127.0.0.1', 'http://127.0.0.1.evil.example']) {
    assert.equal(isLoopbackOrigin(origin), false, origin);
  }
  assert.equal(passesLoopbackGuard(req({ host: '127.0.0.1:5050' })), true);
  assert.equal(passesLoopbackGuard(req({ host: '127.0.0.1:5050', origin: 'http://localhost:3000' })), true);
  assert.equal(passesLoopbackGuard(req({ host: '127.0.0.1:5050', origin: 'http://evil.example' })), false);
  assert.equal(passesLoopbackGuard(req({ host: 'evil.example' })), false);
});
