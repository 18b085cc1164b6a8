import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCanary } from '../../../commands/canary.ts';
import { VECTOR_FILE_SHA256 } from '../../../src/trust/canary/vectors.ts';
import { captureIo } from './io.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'occam-canary-'));

test('trust.md #1 (C1): vectors --emit is byte-exact on stdout and in a file; --verify accepts it', async () => {
  const io = captureIo();
  assert.equal(await runCanary(['vectors', '--emit'], io), 0);
  assert.equal(createHash('sha256').update(io.stdoutBytes()).digest('hex'), VECTOR_FILE_SHA256);
  const path = join(dir(), 'sub', 'vectors.json');
  assert.equal(await runCanary(['vectors', '--emit', '--out', path], captureIo()), 0);
  assert.equal(createHash('sha256').update(readFileSync(path)).digest('hex'), VECTOR_FILE_SHA256);
  const verify = captureIo();
  assert.equal(await runCanary(['vectors', '--verify', path], verify), 0);
  assert.equal(verify.stdout(), 'CANARY_VECTORS_OK checked=8\n');
});

test('trust.md #2 (C2): tampered file → 1, missing file → 2, wrong protocol → 1', async () => {
  const d = dir();
  const good = captureIo();
  await runCanary(['vectors', '--emit'], good);
  const doc = JSON.parse(good.stdout());
  doc.vectors[0].sentinel = 'A'.repeat(43);
  writeFileSync(join(d, 'tampered.json'), JSON.stringify(doc, null, 2));
  const t = captureIo();
  assert.equal(await runCanary(['vectors', '--verify', join(d, 'tampered.json')], t), 1);
  assert.equal(t.stdout(), 'CANARY_VECTORS_FAILED mismatches=1\n');
  assert.equal(await runCanary(['vectors', '--verify', join(d, 'missing.json')], captureIo()), 2);
  writeFileSync(join(d, 'proto.json'), JSON.stringify({ ...JSON.parse(good.stdout()), protocol: 'other' }));
  assert.equal(await runCanary(['vectors', '--verify', join(d, 'proto.json')], captureIo()), 1);
  assert.equal(await runCanary(['vectors'], captureIo()), 2);
  assert.equal(await runCanary(['nope'], captureIo()), 2);
});

test('trust.md §2.12: selftest passes; smoke runs a real probe host; serve prints its lines and stops', async () => {
  const st = captureIo();
  assert.equal(await runCanary(['selftest'], st), 0);
  assert.equal(st.stdout(), 'CANARY_SELFTEST_OK\n');
  const smoke = captureIo();
  assert.equal(await runCanary(['smoke'], smoke), 0, smoke.stderr());
  assert.equal(smoke.stdout(), 'CANARY_SMOKE_OK\n');
  const bad = captureIo({ env: { OCCAM_CANARY_FRESH_TOLERANCE: '8', OCCAM_CANARY_STALE_HORIZON: '2' } });
  assert.equal(await runCanary(['smoke'], bad), 1);
  assert.match(bad.stdout(), /^CANARY_SMOKE_FAILED /);

  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  const serveIo = captureIo();
  const running = runCanary(['serve', '--port', '0'], serveIo, { untilStopped: () => stopped });
  for (let i = 0; i < 100 && !serveIo.stderr().includes('canary_probe_example'); i++) await new Promise((r) => setTimeout(r, 20));
  const listening = /canary_probe_listening: (\S+)/.exec(serveIo.stderr())?.[1];
  const example = /canary_probe_example: (\S+)/.exec(serveIo.stderr())?.[1];
  assert.ok(listening && example?.startsWith(`${listening}/probe/canary/`));
  const health = await fetch(`${listening}/health`);
  assert.deepEqual(await health.json(), { ok: true, mode: 'canary-probe' });
  stop();
  assert.equal(await running, 0);
  assert.equal(await runCanary(['serve', '--bind', '0.0.0.0'], captureIo()), 2);
});
