import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext } from '../../../src/runtime/context.ts';
import { loadSessionProfile } from '../../../src/fetch/session.ts';
import { OccamError } from '../../../src/contract/failures.ts';

test('operator.md §13: a storageState path starting with ~ expands to home and must stay inside the sessions root', async () => {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'occam-session-')));
  const sessions = join(home, '.occam', 'sessions');
  mkdirSync(join(sessions, 'states'), { recursive: true });
  writeFileSync(join(sessions, 'states', 'site.json'), '{"cookies":[]}');
  writeFileSync(join(home, 'outside.json'), '{}');
  writeFileSync(join(sessions, 'home.json'), JSON.stringify({ Cookie: 'a=1', storageState: '~/.occam/sessions/states/site.json' }));
  writeFileSync(join(sessions, 'escape.json'), JSON.stringify({ Cookie: 'a=1', storageState: '~/outside.json' }));
  const ctx = testContext({ homeDir: home, env: { HOME: home } });

  const profile = await loadSessionProfile('home', ctx);
  assert.equal(profile.storageStatePath, join(sessions, 'states', 'site.json'));
  assert.deepEqual(Object.keys(profile.headers), ['Cookie']);
  await assert.rejects(loadSessionProfile('escape', ctx), (err: unknown) => err instanceof OccamError && err.code === 'session_profile_not_found');
});
