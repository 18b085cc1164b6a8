// The mutation list of `npm run test:mutate` (scripts/mutate.mjs) stays honest: every row's original snippet is
// still in its file exactly once and its test files exist. When code changes under a row, this fails and names
// the row to refresh; the mutation runs themselves stay out of `npm test`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../../helpers/mcp-client.ts';

test('scripts/mutate.mjs --check: every mutation snippet matches today\'s code', () => {
  const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'mutate.mjs'), '--check'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /all \d+ mutations match the code/);
  const n = Number(/all (\d+) mutations/.exec(r.stdout)![1]);
  assert.ok(n >= 15, `at least the five issue-19 rows plus ten more (${n})`);
});
