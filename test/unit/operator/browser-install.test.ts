// `occam install-browser` outcomes (operator.md §15) over the reader's own browser discovery.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { testContext } from '../../../src/runtime/context.ts';
import { installBrowser } from '../../../src/operator/browser-install.ts';
import { CHROMIUM_HINT, chromiumPath, requireOrSkip } from '../../helpers/requires.ts';

test('install-browser: a configured browser that is missing → failed, exit 1', () => {
  const r = installBrowser(testContext({ env: { OCCAM_BROWSER_EXECUTABLE_PATH: '/nope/chromium' } }));
  assert.deepEqual({ ok: r.ok, status: r.status, exitCode: r.exitCode }, { ok: false, status: 'failed', exitCode: 1 });
});

test('install-browser: the system Chromium → already_present, exit 0, nothing downloaded', (t) => {
  // Discovery over the system locations only (the test context has no OCCAM_BROWSER_EXECUTABLE_PATH).
  if (!requireOrSkip(t, 'a system Chromium', chromiumPath({}) !== null, CHROMIUM_HINT)) return;
  const r = installBrowser(testContext({ env: {} }));
  assert.equal(r.status, 'already_present');
  assert.equal(r.exitCode, 0);
  assert.match(r.message!, /chromium/);
});

test('install-browser: nothing found → worker_missing with the install command, exit 2', () => {
  const r = installBrowser(testContext({ platform: 'darwin', env: { OCCAM_BROWSER_CHANNEL: 'chromium' } }));
  if (existsSync('/Applications/Chromium.app')) return;
  assert.equal(r.status, 'worker_missing');
  assert.equal(r.exitCode, 2);
  assert.match(r.message!, /brew install --cask chromium/);
});
