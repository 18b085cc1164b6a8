// occam_claim_check, occam_attest and occam_dataset_export over a real MCP stdio client against loopback pages
// (trust.md #32, #36): proofs verify in citation mode, the dataset manifest verifies offline with `occam verify`.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { runKeys } from '../../commands/keys.ts';
import { runVerifyCli } from '../../commands/verify.ts';
import { captureIo } from '../unit/trust/io.ts';

const doc = (title: string, paras: string[]) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><article><h1>${title}</h1>${paras.map((p) => `<p>${p}</p>`).join('')}</article></main></body></html>`;

let fixture: FixtureServer;
let mcp: McpSession;
before(async () => {
  fixture = await startFixtureServer({
    '/asyncio': html(doc('asyncio overview', [
      'asyncio is a library for writing concurrent code using the async and await syntax in Python programs.',
      'It is used as a foundation for multiple asynchronous frameworks that provide network and web servers.',
      'The event loop runs asynchronous tasks and callbacks, performs network IO operations and runs subprocesses.',
    ])),
    '/db': html(doc('Storage notes', [
      'asyncio is a database engine according to this deliberately wrong page written for the test suite.',
      'Databases store rows in tables and answer queries written in a structured query language.',
    ])),
    '/gone': html('<p>gone</p>', 404),
  });
  mcp = await startMcp({ OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_PROFILE: 'full' });
});
after(async () => {
  await mcp?.close();
  await fixture?.close();
});

test('trust.md #36: claim_check over MCP returns matches whose proofs verify in citation mode', async () => {
  const r = await mcp.call('occam_claim_check', { claim: 'asyncio is a library', url: fixture.url('/asyncio') });
  assert.equal(r.json.ok, true, JSON.stringify(r.json));
  assert.deepEqual([r.json.found, r.json.verdict], [true, 'not_evaluated']);
  assert.ok(r.json.receipt.signed.leafSetComplete);
  for (const m of r.json.matches) {
    const v = await mcp.call('occam_verify', {
      receipt: JSON.stringify(r.json.receipt), mode: 'citation', block_text: m.text, block_selector: m.sourceSelector ?? '', proof: JSON.stringify(m.proof),
    });
    assert.equal(v.json.verdict, 'citation_verified');
  }
  const none = await mcp.call('occam_claim_check', { claim: 'quantum chromodynamics lattice', url: fixture.url('/asyncio') });
  assert.deepEqual([none.json.found, none.json.proven], [false, true]);
  for (const bad of [{ claim: ' ', url: fixture.url('/asyncio') }, { claim: 'x', url: fixture.url('/asyncio'), max_matches: 11 }, { claim: 'x', url: fixture.url('/asyncio'), backend_policy: 'ftp' }]) {
    const f = await mcp.call('occam_claim_check', bad);
    assert.deepEqual([f.json.ok, f.json.failure?.code], [false, 'invalid_arguments'], JSON.stringify(bad));
  }
  const gone = await mcp.call('occam_claim_check', { claim: 'x is y', url: fixture.url('/gone') });
  assert.deepEqual([gone.json.failure.code, gone.json.receipt?.signed?.kind], ['http_404', 'negative']);
});

test('trust.md #36: attest over MCP', async () => {
  const claims = JSON.stringify([
    { claim: 'asyncio is a library', sourceUrl: fixture.url('/asyncio') },
    { claim: 'asyncio is a library', sourceUrl: fixture.url('/db') },
    { claim: 'asyncio is a library', sourceUrl: fixture.url('/gone') },
  ]);
  const r = await mcp.call('occam_attest', { claims });
  assert.equal(r.json.ok, true, JSON.stringify(r.json));
  assert.deepEqual(r.json.perClaim.map((p: any) => p.status), ['supported', 'contradicted', 'unknown']);
  assert.deepEqual([r.json.grounded, r.json.supported, r.json.unsupportedTotal], [1, 1, 2]);
  const tooMany = await mcp.call('occam_attest', { claims: JSON.stringify(Array.from({ length: 51 }, () => ({ claim: 'a is b', sourceUrl: fixture.url('/asyncio') }))) });
  assert.deepEqual([tooMany.json.ok, tooMany.json.failure.code], [false, 'invalid_arguments']);
});

test('trust.md #32: dataset export over MCP verifies with occam verify --mode manifest; a reordered copy does not', async () => {
  const r = await mcp.call('occam_dataset_export', { urls: JSON.stringify([fixture.url('/asyncio'), fixture.url('/gone'), fixture.url('/db')]) });
  assert.equal(r.json.ok, true, JSON.stringify(r.json));
  assert.deepEqual([r.json.status, r.json.successCount, r.json.failureCount, r.json.manifest.rowCount], ['partial', 2, 1, 3]);
  assert.deepEqual(r.json.rows.map((row: any) => [row.ok, row.failureCode ?? null]), [[true, null], [false, 'http_404'], [true, null]]);
  const keysIo = captureIo({ env: { HOME: mcp.home }, homeDir: mcp.home });
  assert.equal(await runKeys(['export'], keysIo), 0);
  const dir = mkdtempSync(join(tmpdir(), 'occam-e2e-dataset-'));
  writeFileSync(join(dir, 'key.pem'), keysIo.stdout());
  writeFileSync(join(dir, 'export.json'), JSON.stringify(r.json));
  const ok = captureIo();
  assert.equal(await runVerifyCli(['--pubkey', join(dir, 'key.pem'), '--mode', 'manifest', '--input', join(dir, 'export.json')], ok), 0, ok.stdout());
  assert.equal(JSON.parse(ok.stdout()).message, '3 rows bound under the signed root');
  writeFileSync(join(dir, 'reordered.json'), JSON.stringify({ ...r.json, rows: [r.json.rows[2], r.json.rows[1], r.json.rows[0]] }));
  assert.equal(await runVerifyCli(['--pubkey', join(dir, 'key.pem'), '--mode', 'manifest', '--input', join(dir, 'reordered.json')], captureIo()), 1);
  const bad = await mcp.call('occam_dataset_export', { urls: JSON.stringify(['ftp://x.example/']) });
  assert.deepEqual([bad.json.ok, bad.json.failure.code], [false, 'invalid_arguments']);
});
