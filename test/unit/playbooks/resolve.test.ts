import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolvePlaybook } from '../../../src/playbooks/resolve.ts';
import { matchPageClass, mergeGenome } from '../../../src/playbooks/genome.ts';
import { communityHash } from '../../../src/playbooks/store.ts';
import { inspectSignature, signPlaybook, signPlaybookV1 } from '../../../src/playbooks/signature.ts';
import { signerFromPrivateKey } from '../../../src/trust/receipts/sign.ts';
import { playbookWorld } from './tiers.ts';
import { PLAYBOOK_SAMPLES_DIR } from '../../helpers/fixtures.ts';

const SAMPLES = PLAYBOOK_SAMPLES_DIR;
const resolveIn = async (w: ReturnType<typeof playbookWorld>, url: string, extra: Record<string, unknown> = {}) =>
  (await resolvePlaybook({ url, ...extra }, { runtime: w.runtime, services: w.services })).wire as any;

test('playbooks.md #5: local shadows seed, selectors/backend/notes fall back per field', async () => {
  const w = playbookWorld();
  w.write(w.seeds, 'ex.seed.json', { schema_version: '1.0', id: 'ex.com', hosts: ['ex.com'], routing: { preferred_backend: 'http' }, extract: { contentSelectors: ['#S'] }, agent_notes: 'N' });
  const localPath = w.write(w.local, 'ex.com.playbook.json', { schema_version: '1.0', id: 'ex.com', hosts: ['ex.com'], meta: { title: 'partial' } });
  const r = await resolveIn(w, 'https://docs.ex.com/a');
  assert.equal(r.provenance, 'local');
  assert.deepEqual(r.contentSelectors, ['#S']);
  assert.equal(r.preferredBackend, 'http');
  assert.equal(r.agentNotes, 'N');
  assert.equal(r.sourcePath, localPath);
  assert.equal(r.matchedHost, 'docs.ex.com');
  assert.equal(r.signature.status, 'unsigned');
});

test('playbooks.md #6: unknown host, invalid input, bare IP host', async () => {
  const w = playbookWorld();
  const nf = await resolveIn(w, 'https://nowhere.example/');
  assert.deepEqual([nf.ok, nf.failureCode], [false, 'playbook_not_found']);
  assert.equal((await resolveIn(w, 'a/b:c')).failureCode, 'invalid_arguments');
  w.write(w.local, 'ip.json', { schema_version: '1.0', id: '127.0.0.1', hosts: ['127.0.0.1'], extract: { contentSelectors: ['main'] } });
  const ip = await resolveIn(w, '127.0.0.1');
  assert.deepEqual([ip.ok, ip.playbookId], [true, '127.0.0.1']);
});

test('playbooks.md #7: community integrity — listed + hashed + hygienic only; CRLF copies still load', async () => {
  const w = playbookWorld();
  copyFileSync(join(SAMPLES, 'kubernetes.io.json'), join(w.community, 'kubernetes.io.json'));
  copyFileSync(join(SAMPLES, 'manifest.json'), join(w.community, 'manifest.json'));
  const ok = await resolveIn(w, 'https://kubernetes.io/docs/');
  assert.deepEqual([ok.ok, ok.provenance, ok.sourcePath], [true, 'community', 'profiles/playbooks/community/kubernetes.io.json']);

  const text = readFileSync(join(SAMPLES, 'kubernetes.io.json'), 'utf8');
  writeFileSync(join(w.community, 'kubernetes.io.json'), text.replace('Kubernetes documentation', 'Kubernetes documentatioN'));
  assert.equal((await resolveIn(w, 'kubernetes.io')).failureCode, 'playbook_not_found');

  writeFileSync(join(w.community, 'kubernetes.io.json'), text.replace(/\n/g, '\r\n'));
  assert.equal((await resolveIn(w, 'kubernetes.io')).provenance, 'community');

  const poisoned = text.replace('"routing": {', '"password": "x",\n  "routing": {');
  writeFileSync(join(w.community, 'kubernetes.io.json'), poisoned);
  const manifest = JSON.parse(readFileSync(join(SAMPLES, 'manifest.json'), 'utf8'));
  manifest.playbooks.find((p: any) => p.id === 'kubernetes.io').sha256 = communityHash(poisoned);
  writeFileSync(join(w.community, 'manifest.json'), JSON.stringify(manifest));
  assert.equal((await resolveIn(w, 'kubernetes.io')).failureCode, 'playbook_not_found');
  assert.ok(w.warnings.some((l) => l.includes('hygiene')));
});

test('playbooks.md #8 + #9: page classes and schema version warnings', async () => {
  const w = playbookWorld();
  copyFileSync(join(SAMPLES, 'kubernetes.io.json'), join(w.user, 'kubernetes.io.json'));
  const pods = await resolveIn(w, 'https://kubernetes.io/docs/concepts/pods');
  assert.equal(pods.pageClass, 'concepts');
  assert.deepEqual(pods.knowledgeSchema, { title: { selector: 'h1', attr: 'text' } });
  assert.equal((await resolveIn(w, 'https://kubernetes.io/other')).pageClass, 'default');
  assert.match((await resolveIn(w, 'kubernetes.io', { schema_version: '2.0' })).schemaVersionWarning, /major mismatch/);
  assert.match((await resolveIn(w, 'kubernetes.io', { schema_version: '1.5' })).schemaVersionWarning, /newer than playbook/);
  assert.equal((await resolveIn(w, 'kubernetes.io', { schema_version: '1.0' })).schemaVersionWarning, undefined);
});

test('playbooks.md #11: genome merge and class matching', () => {
  assert.deepEqual(mergeGenome({ genome: { a: 1 } }, { genome: { a: 2, b: 3 } }).genome, { a: 1, b: 3 });
  assert.deepEqual(mergeGenome({ knowledge_schema: {} }, { knowledge_schema: { default: { t: { selector: 'h1' } } } }).knowledgeSchema, { default: { t: { selector: 'h1' } } });
  const genome = { page_classes: { docs: '/docs/*', deep: '/docs/deep/*', exact: '/x' } };
  assert.equal(matchPageClass(genome, { docs: {}, deep: {} }, '/DOCS/deep/1'), 'deep');
  assert.equal(matchPageClass(genome, { docs: {} }, '/docs/deep/1'), 'docs');
  assert.equal(matchPageClass(genome, { exact: {} }, '/x/y'), null);
});

test('playbooks.md §5: signature verdicts (v2 emitted, v1 verify-only, tamper, keys)', () => {
  const mine = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signer = signerFromPrivateKey(mine.privateKey);
  const body = { schema_version: '1.0', id: 'a.com', hosts: ['a.com'], extract: { contentSelectors: ['main'] }, ü: 'ß' };
  const signed = { ...body, provenance: signPlaybook(body, signer, Date.UTC(2026, 0, 1), { passesGate: true, score: 90, noiseLeakage: 0 }) };
  assert.equal(signed.provenance.signedAt, '2026-01-01T00:00:00Z');
  const v = inspectSignature(signed, mine.publicKey);
  assert.deepEqual([v.status, v.sigVersion, v.score, v.passesGate], ['verified', 2, 90, true]);
  const tweak = (f: (d: any) => void) => {
    const d = structuredClone(signed) as any;
    f(d);
    return inspectSignature(d, mine.publicKey).status;
  };
  assert.equal(tweak((d) => (d.provenance.verify.passesGate = false)), 'invalid');
  assert.equal(tweak((d) => (d.id = 'b.com')), 'invalid');
  assert.equal(tweak((d) => (d.provenance.sigScheme = 'playbook-sig-v3')), 'unsupported_version');
  assert.equal(tweak((d) => delete d.provenance), 'unsigned');
  assert.notEqual(tweak((d) => (d.provenance.keyId = 'k1:0000000000000000')), 'verified');
  assert.equal(inspectSignature(signed, other.publicKey).status, 'wrong_key');
  const v1 = { ...body, provenance: signPlaybookV1(body, signer, { passesGate: true, score: 80 }) };
  const r1 = inspectSignature(v1, mine.publicKey);
  assert.deepEqual([r1.status, r1.sigVersion], ['verified', 1]);
  (v1.provenance.verify as any).score = 10;
  assert.equal(inspectSignature(v1, mine.publicKey).status, 'verified');
});
