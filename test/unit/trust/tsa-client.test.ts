import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext } from '../../../src/runtime/context.ts';
import { Services } from '../../../src/runtime/services.ts';
import { TimeStampReq } from 'pkijs';
import { requestTimeAnchor, timeStampRequest, tokenFromResponse } from '../../../src/trust/receipts/tsa-client.ts';
import { inspectTimeAnchor } from '../../../src/trust/receipts/time-anchor.ts';
import { signReadReceipt } from '../../../src/trust/receipts/read-receipt.ts';
import { readReceiptMaterial, verifyReceiptOffline } from '../../../src/trust/receipts/verify.ts';
import { parsePublicKeyPem } from '../../../src/trust/receipts/sign.ts';
import { openKeyStore } from '../../../src/trust/keys.ts';
import { makeToken, makeTsa, seq, int } from './tsa.ts';
import * as V from './vectors.ts';

const tsa = makeTsa();
let mode: 'grant' | 'reject' | 'foreign' | 'silent' = 'grant';
let requests = 0;

/** The imprint inside a TimeStampReq. */
function imprintOf(req: Buffer): Buffer {
  return Buffer.from(TimeStampReq.fromBER(new Uint8Array(req)).messageImprint.hashedMessage.valueBlock.valueHexView);
}

const server: Server = createServer((req, res) => {
  requests++;
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (mode === 'silent') return;
    assert.equal(req.headers['content-type'], 'application/timestamp-query');
    const imprint = imprintOf(Buffer.concat(chunks));
    const reply =
      mode === 'reject' ? seq(seq(int(2)))
        : seq(seq(int(0)), makeToken(tsa, mode === 'foreign' ? Buffer.alloc(32, 7) : imprint, { genTime: '2026-11-30T12:00:01Z' }));
    res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;
after(() => {
  server.closeAllConnections();
  server.close();
});

// The guard sees a public address for tsa.test; the socket goes to the loopback fixture (test seam only).
const seams = {
  resolve: async () => [{ address: '93.184.216.34', family: 4 as const }],
  dial: () => ({ host: '127.0.0.1', port }),
};
const SIG = V.R6_ENVELOPE.sig!;

test('trust.md §3.10: request/response framing', () => {
  const req = timeStampRequest(Buffer.alloc(32, 1));
  assert.equal(req.toString('hex'), `3039020101303130${'0d06096086480165030402010500'}0420${'01'.repeat(32)}0101ff`);
  assert.deepEqual(imprintOf(req), Buffer.alloc(32, 1));
  assert.equal(tokenFromResponse(seq(seq(int(2)))), null);
  assert.equal(tokenFromResponse(Buffer.from('nope')), null);
});

test('trust.md §3.10: a granted token bound to the signature is attached; rejection, foreign imprints, timeouts and private TSAs fail open', async () => {
  mode = 'grant';
  const anchor = await requestTimeAnchor(SIG, { url: 'http://tsa.test/ts', timeoutMs: 3000, ...seams });
  assert.ok(anchor);
  assert.deepEqual([anchor.type, anchor.tsa, anchor.genTime], ['rfc3161', 'http://tsa.test/ts', '2026-11-30T12:00:01Z']);
  assert.equal(inspectTimeAnchor(anchor, SIG)!.status, 'valid');
  mode = 'reject';
  assert.equal(await requestTimeAnchor(SIG, { url: 'http://tsa.test/ts', timeoutMs: 3000, ...seams }), null);
  mode = 'foreign';
  assert.equal(await requestTimeAnchor(SIG, { url: 'http://tsa.test/ts', timeoutMs: 3000, ...seams }), null);
  mode = 'silent';
  assert.equal(await requestTimeAnchor(SIG, { url: 'http://tsa.test/ts', timeoutMs: 300, ...seams }), null);
  mode = 'grant';
  const before = requests;
  assert.equal(await requestTimeAnchor(SIG, { url: `http://127.0.0.1:${port}/ts`, timeoutMs: 3000 }), null);
  assert.equal(await requestTimeAnchor(SIG, { url: 'http://tsa.test/ts', timeoutMs: 3000, resolve: async () => [{ address: '10.0.0.5', family: 4 }], dial: seams.dial }), null);
  assert.equal(requests, before, 'private TSA destinations are refused before connecting');
});

test('trust.md §3.10: OCCAM_TIME_ANCHOR=1 + OCCAM_TSA_URL anchors read receipts (also inside the capsule); off leaves them bare', async () => {
  mode = 'grant';
  const keys = mkdtempSync(join(tmpdir(), 'occam-tsa-'));
  const runtime = testContext({ env: { OCCAM_KEYS_ROOT: keys, OCCAM_TIME_ANCHOR: 'on', OCCAM_TSA_URL: 'http://tsa.test/ts' }, now: Date.now });
  const facts = { kind: 'extraction' as const, url: 'https://a.example/', markdown: '# A\n\nBody.' };
  const bundle = await signReadReceipt(facts, { runtime, services: new Services(runtime) }, { emitCapsule: true, tsaSeams: seams });
  assert.ok(bundle?.timeAnchor);
  const pub = parsePublicKeyPem(openKeyStore(keys).signer.publicKeyPem);
  const fromCapsule = readReceiptMaterial(bundle.capsule!);
  assert.ok(fromCapsule.ok);
  const r = verifyReceiptOffline(fromCapsule.material, pub);
  assert.deepEqual([r.verdict, r.timeAnchor?.status, r.timeAnchor?.valid], ['verified', 'valid', true]);
  const plain = testContext({ env: { OCCAM_KEYS_ROOT: keys }, now: Date.now });
  const bare = await signReadReceipt(facts, { runtime: plain, services: new Services(plain) }, { tsaSeams: seams });
  assert.equal(bare?.timeAnchor, undefined);
  const negative = await signReadReceipt({ kind: 'negative', url: 'https://a.example/', failureCode: 'http_404', statusCode: 404 }, { runtime, services: new Services(runtime) }, { tsaSeams: seams });
  assert.equal(negative?.timeAnchor, undefined);
});
