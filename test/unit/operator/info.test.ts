// SemVer precedence and the release check (operator.md §17, #52), with an injected fetcher.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSemver, checkUpdate } from '../../../src/operator/info.ts';
import { testContext } from '../../../src/runtime/context.ts';

test('operator.md #52: SemVer precedence (rc below final, numeric identifiers numerically)', () => {
  assert.equal(compareSemver('1.0.0-rc.2', '1.0.0'), -1);
  assert.equal(compareSemver('1.0.0', '1.0.0-rc.2'), 1);
  assert.equal(compareSemver('1.0.0-rc.2', '1.0.0-rc.10'), -1);
  assert.equal(compareSemver('1.0.0-alpha', '1.0.0-alpha.1'), -1);
  assert.equal(compareSemver('1.0.0-alpha.beta', '1.0.0-beta'), -1);
  assert.equal(compareSemver('v1.2.3+build.5', '1.2.3'), 0);
  assert.equal(compareSemver('1.10.0', '1.9.9'), 1);
  assert.equal(compareSemver('banana', '1.0.0'), null);
});

test('operator.md #52: the releases endpoint — first non-draft tag, v stripped; errors are reported, not thrown; http refused', async () => {
  const ctx = testContext({ env: { OCCAM_HOME: '/nonexistent' } });
  const urls: string[] = [];
  const ok = await checkUpdate(ctx, '/nonexistent', 'x64', async (url) => {
    urls.push(url);
    return { status: 200, json: async () => [{ tag_name: 'v9.0.0', draft: true }, { tag_name: 'v2.0.0-rc.1' }, { tag_name: 'v1.9.0' }] };
  });
  assert.equal(ok.latest, '2.0.0-rc.1');
  assert.equal(ok.updateAvailable, true);
  assert.equal(urls.length, 1);
  const down = await checkUpdate(ctx, '/nonexistent', 'x64', async () => {
    throw new Error('ECONNREFUSED');
  });
  assert.match(down.error!, /ECONNREFUSED/);
  assert.ok(down.upgradeHint);
  const http = await checkUpdate(testContext({ env: { OCCAM_RELEASES_API_URL: 'http://127.0.0.1:1/releases' } }), '/x', 'x64', async () => {
    throw new Error('must not be called');
  });
  assert.match(http.error!, /non-HTTPS/);
});
