// onboard.json reading (operator.md §5 warning tokens, env merge rule) and the onboard profiles of §17.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mergeOnboard, onboardDocument, readOnboard } from '../../../src/operator/onboard.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-onboard-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

test('operator.md §5: onboard.json warning tokens', () => {
  assert.deepEqual(readOnboard(join(dir, 'absent.json')), { path: join(dir, 'absent.json'), present: false, env: {}, warnings: [] });
  assert.deepEqual(readOnboard(file('a.json', '{ nope')).warnings, ['onboard_parse_error']);
  assert.deepEqual(readOnboard(file('b.json', '{"env":{}}')).warnings, ['onboard_schema_invalid']);
  assert.deepEqual(readOnboard(file('c.json', '{"schema_version":"2.0","env":{"OCCAM_PROFILE":"full"}}')), { path: join(dir, 'c.json'), present: true, env: {}, warnings: ['onboard_schema_unsupported'] });
  const newer = readOnboard(file('d.json', '{"schema_version":"1.3","env":{"OCCAM_PROFILE":"full","N":4}}'));
  assert.deepEqual(newer.warnings, ['onboard_schema_newer']);
  assert.deepEqual(newer.env, { OCCAM_PROFILE: 'full', N: '4' });
});

test('operator.md #40 (rule): onboard values apply when a variable is unset or empty, lose when it is set', () => {
  const ob = readOnboard(file('e.json', '{"schema_version":"1.0","env":{"OCCAM_PROFILE":"full","OCCAM_BANNER":"0"}}'));
  assert.deepEqual(mergeOnboard({ OCCAM_PROFILE: 'basic', OCCAM_BANNER: '' }, ob), { OCCAM_PROFILE: 'basic', OCCAM_BANNER: '0' });
});

test('operator.md §17: onboard profiles — mass-scrape and hermes-headless values', () => {
  assert.deepEqual(onboardDocument('mass-scrape').env, {
    OCCAM_BROWSER_PROFILE: 'isolated', OCCAM_BROWSER_DAEMON: '0', OCCAM_BROWSER_MAX_PARALLEL: '4', OCCAM_BROWSER_POOL_SIZE: '4', OCCAM_DIGEST_MAX_PARALLEL: '4',
  });
  assert.deepEqual(onboardDocument('hermes-headless').env, { OCCAM_BANNER: '0' });
  assert.equal(onboardDocument('default').schema_version, '1.0');
});

test('onboard.json is written through conf: the spec format, mode 0600, schema-checked, the previous file kept', async () => {
  const { writeOnboard } = await import('../../../src/operator/settings-store.ts');
  const { readFileSync, statSync, existsSync } = await import('node:fs');
  const path = join(dir, 'store', '.occam', 'onboard.json');
  const first = await writeOnboard(path, onboardDocument('hermes-headless'));
  assert.equal(first.backup, null);
  assert.equal(readFileSync(path, 'utf8'), `${JSON.stringify({ schema_version: '1.0', profile: 'hermes-headless', env: { OCCAM_BANNER: '0' } }, null, 2)}\n`);
  if (process.platform !== 'win32') assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.deepEqual(readOnboard(path).env, { OCCAM_BANNER: '0' }, 'the reader reads what the store wrote');
  // A hand-broken file is replaced, and kept beside it.
  writeFileSync(path, '{ my notes');
  const second = await writeOnboard(path, onboardDocument('mass-scrape'));
  assert.equal(second.backup, `${path}.occam-bak`);
  assert.equal(readFileSync(`${path}.occam-bak`, 'utf8'), '{ my notes');
  assert.equal(readOnboard(path).env.OCCAM_BROWSER_MAX_PARALLEL, '4');
  // A document the schema refuses is never written; the file and the older backup stay as they were.
  const before = readFileSync(path, 'utf8');
  await assert.rejects(writeOnboard(path, { schema_version: '2.0', env: {} }), /schema_version/);
  await assert.rejects(writeOnboard(path, { schema_version: '1.0', env: { 'not a name': 'x' } }), /property name/);
  assert.equal(readFileSync(path, 'utf8'), before);
  assert.equal(readFileSync(`${path}.occam-bak`, 'utf8'), '{ my notes');
  // An OCCAM_CONFIG path with another name and extension is honoured as given.
  const custom = join(dir, 'store', 'ops.settings');
  assert.equal((await writeOnboard(custom, onboardDocument('default'))).path, custom);
  assert.ok(existsSync(custom));
});
