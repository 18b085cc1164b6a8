// Issue 30 item 5: a playbook's hosts reach a site and its subdomains, never a public suffix or a bare label, and
// an IP literal reaches only itself — decided with the public-suffix list (tldts), not by label suffix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostMatches, hostScopeProblem } from '../../../src/playbooks/schema.ts';

test('hostMatches: a TLD, a private suffix or a bare label matches nothing but itself', () => {
  assert.equal(hostMatches('example.com', 'com'), false);
  assert.equal(hostMatches('www.shop.co.uk', 'co.uk'), false);
  assert.equal(hostMatches('alice.github.io', 'github.io'), false);
  assert.equal(hostMatches('127.0.0.1', '1'), false);
  assert.equal(hostMatches('10.0.0.1', '0.0.1'), false);
  assert.equal(hostMatches('127.0.0.1', '127.0.0.1'), true);
});

test('hostMatches: a registrable domain covers its subdomains; a subdomain covers its own', () => {
  assert.equal(hostMatches('docs.example.com', 'example.com'), true);
  assert.equal(hostMatches('www.example.com', 'example.com'), true);
  assert.equal(hostMatches('a.docs.example.com', 'docs.example.com'), true);
  assert.equal(hostMatches('example.com', 'docs.example.com'), false);
  assert.equal(hostMatches('notexample.com', 'example.com'), false);
});

test('hostScopeProblem: what a save refuses', () => {
  for (const entry of ['com', '1', 'co.uk', 'github.io', 'localhost', '']) assert.notEqual(hostScopeProblem(entry), null, entry);
  for (const entry of ['example.com', 'docs.example.com', 'alice.github.io', '127.0.0.1', '::1', 'site.test']) assert.equal(hostScopeProblem(entry), null, entry);
});
