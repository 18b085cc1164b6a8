// The shared rule for missing prerequisites (test/helpers/requires.ts): skip on a developer machine, fail in CI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { commandPath, inCi, missingInCiMessage, requireOrSkip } from '../../helpers/requires.ts';

/** A stand-in for the test context that records skips. */
function fakeContext() {
  const skips: string[] = [];
  return { t: { name: 'fake', skip: (why?: string) => void skips.push(why ?? '') } as unknown as TestContext, skips };
}

test('inCi: CI=true / 1 / anything set is CI; unset, empty, 0 and false are a developer run', () => {
  for (const v of ['true', '1', 'yes', 'TRUE']) assert.equal(inCi({ CI: v }), true, v);
  for (const v of [undefined, '', '0', 'false', 'False']) assert.equal(inCi({ CI: v }), false, String(v));
});

test('requireOrSkip: present → true, nothing skipped, whatever CI says', () => {
  for (const CI of ['true', undefined]) {
    const { t, skips } = fakeContext();
    assert.equal(requireOrSkip(t, 'Chromium', true, 'apt-get install -y chromium', { CI }), true);
    assert.deepEqual(skips, []);
  }
});

test('requireOrSkip: missing on a developer machine → skipped with the reason and the install hint', () => {
  const { t, skips } = fakeContext();
  assert.equal(requireOrSkip(t, 'the `script` command', false, 'apt-get install -y bsdutils', {}), false);
  assert.equal(skips.length, 1);
  assert.match(skips[0], /the `script` command is missing on this machine/);
  assert.match(skips[0], /a failure in CI/);
  assert.match(skips[0], /apt-get install -y bsdutils/);
});

test('requireOrSkip: missing with CI set → the test fails with the install hint, never a skip', () => {
  const { t, skips } = fakeContext();
  assert.throws(() => requireOrSkip(t, 'PostgreSQL binaries', false, 'apt-get install -y postgresql', { CI: 'true' }), (err: Error) => {
    assert.equal(err.message, missingInCiMessage('PostgreSQL binaries', 'apt-get install -y postgresql'));
    assert.match(err.message, /CI is set, so this test fails instead of skipping\. Install it: apt-get install -y postgresql/);
    return true;
  });
  assert.deepEqual(skips, []);
});

test('commandPath: finds a command on PATH, not one that is absent', () => {
  assert.equal(commandPath('node', { PATH: process.execPath.replace(/\/node$/, '') }), process.execPath);
  assert.equal(commandPath('surely-not-a-command-occam', { PATH: '/usr/bin:/bin' }), null);
});
