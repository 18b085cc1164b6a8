// `occam playbook lint|resolve|save` as a user runs them: exit codes, --json on stdout, files in the local tier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OCCAM_BIN, REPO_ROOT, hermeticEnv } from '../helpers/mcp-client.ts';
import { playbookDirs } from './playbooks-fixture.ts';

test('occam playbook: lint exit codes, save --no-verify, resolve --json shows the signed local file', () => {
  const dirs = playbookDirs();
  const env = hermeticEnv(dirs.env, dirs.env.HOME);
  const run = (...args: string[]) => spawnSync(process.execPath, [OCCAM_BIN, 'playbook', ...args], { env, cwd: REPO_ROOT, encoding: 'utf8' });
  const bad = join(dirs.root, 'bad.json');
  writeFileSync(bad, '{"id":"a","hosts":["a"]}');
  const lint = run('lint', bad, '--json');
  assert.equal(lint.status, 1);
  assert.equal(JSON.parse(lint.stdout).grade, 'broken');
  assert.equal(run('lint', join(dirs.root, 'missing.json')).status, 2);

  const good = join(dirs.root, 'good.json');
  writeFileSync(good, JSON.stringify({ schema_version: '1.0', id: 'example.org', hosts: ['example.org'], meta: { title: 'Example' }, extract: { contentSelectors: ['main'] }, agent_notes: 'n' }));
  assert.equal(run('lint', good).status, 0);
  const save = run('save', 'https://example.org/', good, '--no-verify', '--json');
  assert.equal(save.status, 0, save.stderr);
  assert.equal(JSON.parse(save.stdout).writtenPath, join(dirs.local, 'example.org.playbook.json'));
  assert.ok(existsSync(join(dirs.local, 'example.org.playbook.json')));
  const resolved = run('resolve', 'https://docs.example.org/x', '--json');
  assert.equal(resolved.status, 0);
  const r = JSON.parse(resolved.stdout);
  assert.deepEqual([r.provenance, r.signature.status], ['local', 'unverified'], 'saved with --no-verify: authentic but never dry-run');
  assert.equal(run('resolve', 'nowhere.invalid').status, 1);
});
