// Receipts end to end: a real read over MCP carries a signed receipt that occam_verify, `occam keys export` and
// `occam verify` agree on (trust.md #24, #28, #30, #34; operator.md #46).
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

const PAGE = `<!doctype html><html><head><title>Receipts fixture</title></head><body><main><article>
<h1>Tamper-evident reading</h1>
<p>Every successful read carries a receipt signed by this install's locally minted key, so a later reader can check that the markdown was not altered.</p>
<p>The receipt commits to the ordered content blocks through a Merkle root; a single block can be proven to belong to the extract without revealing the rest.</p>
<p>Verification works offline against a pinned public key that the operator exported once and shared out of band.</p>
</article></main></body></html>`;

let fixture: FixtureServer;
let mcp: McpSession;
before(async () => {
  fixture = await startFixtureServer({ '/article': html(PAGE), '/gone': html('<p>gone</p>', 404)});
  mcp = await startMcp({ OCCAM_RESPONSE_DETAIL: 'full', OCCAM_ALLOW_PRIVATE_URLS: '1' });
});
after(async () => {
  await mcp?.close();
  await fixture?.close();
});

test('trust.md #28, #30, #34: a read is signed; verify offline, prove a block and cite it; keys export and occam verify agree', async () => {
  const read = await mcp.call('occam_transcode', { url: fixture.url('/article'), json_blocks: true, emit_capsule: true });
  assert.equal(read.json.ok, true, JSON.stringify(read.json.failure));
  const receipt = read.json.receipt;
  assert.ok(receipt.signed && Array.isArray(receipt.blockLeaves) && receipt.blockLeaves.length > 0);
  assert.equal(receipt.signed.contentHash, `sha256:${read.json.contentHash}`);
  assert.ok(receipt.capsule.startsWith('occam://capsule/'));

  const offline = await mcp.call('occam_verify', { receipt: JSON.stringify(receipt), markdown: read.json.markdown });
  assert.deepEqual([offline.json.verdict, offline.json.signatureValid, offline.json.contentHashMatch], ['verified', true, true]);
  const tampered = await mcp.call('occam_verify', { receipt: JSON.stringify(receipt), markdown: `${read.json.markdown} EXTRA` });
  assert.equal(tampered.json.verdict, 'content_mismatch');
  const capsule = await mcp.call('occam_verify', { receipt: receipt.capsule });
  assert.deepEqual([capsule.json.verdict, capsule.json.contentHashMatch], ['verified', true]);

  const proved = await mcp.call('occam_verify', { receipt: JSON.stringify(receipt), mode: 'prove', block_index: 0 });
  assert.equal(proved.json.ok, true, JSON.stringify(proved.json));
  const block = read.json.blocks[0];
  const cited = await mcp.call('occam_verify', {
    receipt: JSON.stringify(receipt), mode: 'citation', block_text: block.text, block_selector: block.sourceSelector, proof: JSON.stringify(proved.json.proof),
  });
  assert.equal(cited.json.verdict, 'citation_verified');

  // The same HOME: `occam keys export` prints the key that signed the read; `occam verify` accepts the receipt.
  const keysIo = captureIo({ env: { HOME: mcp.home }, homeDir: mcp.home });
  assert.equal(await runKeys(['export'], keysIo), 0);
  assert.match(keysIo.stderr(), new RegExp(`keyId ${receipt.signed.keyId}`));
  assert.doesNotMatch(keysIo.stderr(), /never signed/);
  const dir = mkdtempSync(join(tmpdir(), 'occam-e2e-receipt-'));
  writeFileSync(join(dir, 'key.pem'), keysIo.stdout());
  writeFileSync(join(dir, 'receipt.json'), JSON.stringify(receipt));
  writeFileSync(join(dir, 'page.md'), read.json.markdown);
  const cli = captureIo();
  assert.equal(await runVerifyCli(['--pubkey', join(dir, 'key.pem'), '--receipt', join(dir, 'receipt.json'), '--markdown', join(dir, 'page.md')], cli), 0, cli.stderr());
  assert.equal(JSON.parse(cli.stdout()).verdict, 'verified');
});

test('trust.md #28: a 404 carries a signed negative receipt; live mode re-reads the page', async () => {
  const gone = await mcp.call('occam_transcode', { url: fixture.url('/gone') });
  assert.equal(gone.json.failure.code, 'http_404');
  assert.deepEqual([gone.json.receipt?.signed?.kind, gone.json.receipt?.signed?.statusCode], ['negative', 404]);
  const neg = await mcp.call('occam_verify', { receipt: JSON.stringify(gone.json.receipt) });
  assert.equal(neg.json.verdict, 'verified');
  assert.equal('contentHashMatch' in neg.json, false);

  const read = await mcp.call('occam_transcode', { url: fixture.url('/article'), json_blocks: true });
  const live = await mcp.call('occam_verify', { receipt: JSON.stringify(read.json.receipt), mode: 'live' });
  assert.equal(live.json.live.refetched, true, JSON.stringify(live.json));
  assert.deepEqual([live.json.verdict, live.json.live.contentHashMatch, live.json.live.drift], ['verified', true, 0]);
});
