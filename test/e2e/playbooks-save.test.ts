// playbooks.md #12–#16 and #18 through a real MCP client: save with and without the dry run, signatures as
// resolve reports them after tampering, rejections, the quality gate and lessons.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { openKeyStore } from '../../src/trust/keys.ts';
import { signerFromPrivateKey } from '../../src/trust/receipts/sign.ts';
import { signPlaybook, signPlaybookV1 } from '../../src/playbooks/signature.ts';
import { playbookDirs, startPlaybookFixture, type PlaybookDirs, type PlaybookFixture } from './playbooks-fixture.ts';

let fx: PlaybookFixture;
let dirs: PlaybookDirs;
let mcp: McpSession;
const draft = (extra: Record<string, unknown> = {}) => ({
  schema_version: '1.0',
  id: '127.0.0.1',
  hosts: ['127.0.0.1'],
  meta: { title: 'Fixture F' },
  routing: { preferred_backend: 'http' },
  extract: { contentSelectors: ['#content'] },
  agent_notes: 'Fixture site.',
  ...extra,
});
const save = async (args: Record<string, unknown>) => (await mcp.call('occam_playbook_save', { url: fx.F('/article'), ...args })).json;
const resolve = async () => (await mcp.call('occam_playbook_resolve', { url: fx.F('/article'), include_lessons: true })).json;
const file = () => join(dirs.local, '127.0.0.1.playbook.json');

before(async () => {
  fx = await startPlaybookFixture();
  dirs = playbookDirs();
  mcp = await startMcp(dirs.env);
});
after(async () => {
  await mcp?.close();
  await fx?.close();
});

test('playbooks.md #12 + #13: save signs v2; resolve verifies, and every tamper is caught', async () => {
  const saved = await save({ playbook_json: JSON.stringify(draft()), verify: false });
  assert.equal(saved.ok, true, JSON.stringify(saved));
  assert.equal(saved.writtenPath, file());
  const text = readFileSync(file(), 'utf8');
  assert.ok(text.startsWith('{\n  "schema_version"'));
  const doc = JSON.parse(text);
  assert.equal(doc.provenance.sigScheme, 'playbook-sig-v2');
  assert.deepEqual(doc.provenance.verify, { passesGate: false });
  const keys = openKeyStore(join(dirs.env.HOME, '.occam', 'keys'));
  assert.equal(saved.signedKeyId, keys.signer.keyId);
  const r = await resolve();
  // Saved without its dry run: authentic, and resolve says it was never checked (issue 30).
  assert.deepEqual([r.provenance, r.signature.status, r.signature.sigVersion], ['local', 'unverified', 2]);

  const statusAfter = async (mutate: (d: any) => void) => {
    const d = structuredClone(doc);
    mutate(d);
    writeFileSync(file(), JSON.stringify(d, null, 2));
    return (await resolve()).signature.status;
  };
  assert.equal(await statusAfter((d) => (d.provenance.verify.passesGate = true)), 'invalid');
  assert.equal(await statusAfter((d) => (d.agent_notes = 'Changed after signing.')), 'invalid');
  assert.equal(await statusAfter((d) => (d.provenance.sigScheme = 'playbook-sig-v3')), 'unsupported_version');
  assert.equal(await statusAfter((d) => delete d.provenance), 'unsigned');
  const other = signerFromPrivateKey(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey);
  assert.equal(await statusAfter((d) => (d.provenance = signPlaybook(d, other, Date.now(), { passesGate: true }))), 'wrong_key');
  const v1 = await statusAfter((d) => (d.provenance = signPlaybookV1(d, keys.signer, { passesGate: true, score: 80 })));
  assert.equal(v1, 'verified');
  assert.equal((await resolve()).signature.sigVersion, 1);
  assert.equal(await statusAfter((d) => (d.provenance = { ...signPlaybookV1(d, keys.signer, { passesGate: true, score: 80 }), verify: { passesGate: true, score: 5 } })), 'verified');
});

test('playbooks.md #14: save rejections', async () => {
  rmSync(file(), { force: true });
  assert.equal((await save({ playbook_json: JSON.stringify(draft({ id: '../x' })), verify: false })).failureCode, 'playbook_save_rejected');
  assert.equal((await save({ playbook_json: JSON.stringify(draft({ request: { headers: { Cookie: 'sid=1' } } })), verify: false })).failureCode, 'playbook_save_rejected');
  assert.equal((await save({ playbook_json: JSON.stringify(draft({ extract: {} })), verify: false })).failureCode, 'playbook_schema_invalid');
  assert.equal((await save({ playbook_json: JSON.stringify(draft()), verify: false, lesson_note: 'n'.repeat(501) })).failureCode, 'playbook_schema_invalid');
  assert.equal((await save({ url: '/article', playbook_json: JSON.stringify(draft()), verify: false })).failureCode, 'invalid_url');
  assert.equal((await save({ playbook_json: JSON.stringify(draft()), verify_url: 'http://localhost:1/x' })).failureCode, 'playbook_schema_invalid');
  assert.equal(existsSync(file()), false);
});

test('issue 30: hosts must be registrable domains (or exact IPs) covering url; a TLD or a bare label is refused', async () => {
  rmSync(file(), { force: true });
  for (const hosts of [['com'], ['1'], ['co.uk'], ['github.io'], ['127.0.0.1', 'com']]) {
    const r = await save({ playbook_json: JSON.stringify(draft({ hosts })), verify: false });
    assert.equal(r.failureCode, 'playbook_scope_invalid', JSON.stringify(hosts));
  }
  const elsewhere = await save({ playbook_json: JSON.stringify(draft({ id: 'example.com', hosts: ['example.com'] })), verify: false });
  assert.equal(elsewhere.failureCode, 'playbook_scope_invalid', 'hosts must cover the url the playbook is saved from');
  assert.equal(existsSync(file()), false);
  assert.equal(existsSync(join(dirs.local, 'example.com.playbook.json')), false);
});

test('issue 30: without OCCAM_PLAYBOOK_SAVE=1 a client (even on the full profile) cannot save', async () => {
  const { OCCAM_PLAYBOOK_SAVE: _gate, ...env } = dirs.env;
  const ungated = await startMcp(env);
  try {
    const r = (await ungated.call('occam_playbook_save', { url: fx.F('/article'), playbook_json: JSON.stringify(draft()), verify: false })).json;
    assert.equal(r.failureCode, 'playbook_save_disabled', JSON.stringify(r));
    assert.match(r.message, /OCCAM_PLAYBOOK_SAVE=1/);
  } finally {
    await ungated.close();
  }
  assert.equal(existsSync(file()), false);
});

test('playbooks.md #15 + #16: the dry run and the quality gate decide the write', async () => {
  const pass = await save({ playbook_json: JSON.stringify(draft()), verify_url: fx.F('/article') });
  assert.equal(pass.ok, true, JSON.stringify(pass));
  assert.equal(pass.verify.passesGate, true);
  assert.ok(pass.verify.score >= 70);
  assert.equal(JSON.parse(readFileSync(file(), 'utf8')).provenance.verify.score, pass.verify.score);
  rmSync(file());
  const miss = await save({ playbook_json: JSON.stringify(draft({ extract: { contentSelectors: ['#nope'] } })), verify_url: fx.F('/article') });
  assert.equal(miss.failureCode, 'playbook_verify_failed');
  assert.equal(existsSync(file()), false);
  const low = await save({ playbook_json: JSON.stringify(draft({ extract: { contentSelectors: ['#short'] } })), verify_url: fx.F('/article') });
  assert.equal(low.failureCode, 'playbook_verify_low_score', JSON.stringify(low));
  assert.equal(low.verify.score, 69);
  assert.equal(existsSync(file()), false);
});

test('playbooks.md #18: lessons — append, cap 50, export ≤10 with host redaction, never from seeds', async () => {
  const one = await save({ playbook_json: JSON.stringify(draft()), verify_url: fx.F('/article'), lesson_note: 'selectors moved to #content', failure_reason: 'thin_extract' });
  assert.equal(one.lessonAppended, true);
  const lessons = JSON.parse(readFileSync(file(), 'utf8')).lessons;
  assert.equal(lessons.length, 1);
  assert.equal(lessons[0].verify_score, one.verify.score);
  assert.ok(lessons[0].at && lessons[0].note === 'selectors moved to #content');
  const fifty = Array.from({ length: 50 }, (_, i) => ({ at: '2026-01-01T00:00:00Z', note: `old ${i}` }));
  await save({ playbook_json: JSON.stringify(draft({ lessons: fifty })), verify: false, lesson_note: 'newest', host_id: 'h'.repeat(30) });
  const kept = JSON.parse(readFileSync(file(), 'utf8')).lessons;
  assert.deepEqual([kept.length, kept[0].note, kept[49].note], [50, 'old 1', 'newest']);
  const exported = (await resolve()).lessons;
  assert.equal(exported.length, 10);
  const withHost = await save({ playbook_json: JSON.stringify(draft()), verify: false, lesson_note: 'host check', host_id: 'h'.repeat(30) });
  assert.equal(withHost.ok, true);
  assert.equal((await resolve()).lessons[0].host, 'redacted');
  rmSync(file());
  writeFileSync(join(dirs.seeds, 'f.seed.json'), JSON.stringify(draft({ lessons: [{ at: 'x', note: 'seed lesson' }] })));
  const seeded = await resolve();
  assert.deepEqual([seeded.provenance, seeded.lessons], ['seed', undefined]);
});
