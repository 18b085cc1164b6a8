// Trust-layer benchmark: what receipts cost.
//   1. Receipt signing and verification throughput (50-block page) beside the bare ECDSA operation on the same
//      canonical bytes — the ratio is the price of canonical JSON, leaves and the Merkle root.
//   2. Merkle commitment for a 10,000-block page: root, one proof, and every proof, beside hashing the same
//      block texts once (the floor any commitment pays).
//   3. Receipt overhead on a typical read: occam transcode() of the vendored representative article from a
//      loopback server, OCCAM_RECEIPTS on vs off, interleaved (goal: < 5 %), plus the receipt step alone.
// Writes bench/out/trust.json.
import { createHash, generateKeyPairSync, sign, verify, createPublicKey } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchModule } from './run.ts';
import { fmt, median, writeResult } from './util.ts';
import { buildReadReceipt } from '../src/trust/receipts/read-receipt.ts';
import { canonicalEnvelope } from '../src/trust/receipts/envelope.ts';
import { parsePublicKeyPem, signerFromPrivateKey } from '../src/trust/receipts/sign.ts';
import { readReceiptMaterial, verifyReceiptOffline } from '../src/trust/receipts/verify.ts';
import { allMerkleProofs, blockLeaf, merkleProof, merkleRoot } from '../src/trust/receipts/merkle.ts';
import { CORPUS_DIR } from '../test/helpers/fixtures.ts';

function perSecond(iterations: number, fn: () => void): number {
  for (let i = 0; i < Math.min(50, iterations); i++) fn(); // warm up
  const start = performance.now();
  for (let i = 0; i < iterations; i++) fn();
  return iterations / ((performance.now() - start) / 1000);
}

function timeMs(fn: () => void, rounds = 5): number {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const s = performance.now();
    fn();
    samples.push(performance.now() - s);
  }
  return median(samples);
}

function signing() {
  const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const signer = signerFromPrivateKey(privateKey);
  const pub = parsePublicKeyPem(signer.publicKeyPem)!;
  const blocks = Array.from({ length: 50 }, (_, i) => ({ text: `Paragraph ${i}: ${'lorem ipsum dolor sit amet '.repeat(8)}`, sourceSelector: `article > p:nth-of-type(${i + 1})` }));
  const markdown = blocks.map((b) => b.text).join('\n\n');
  const facts = { kind: 'extraction' as const, url: 'https://example.org/post', markdown, blocks, leafSetComplete: true, tokens: 2500, confidence: 0.9 };
  const bundle = buildReadReceipt(facts, signer, Date.now())!;
  const material = readReceiptMaterial({ signed: bundle.signed });
  if (!material.ok) throw new Error('bench receipt did not parse');
  const canonical = Buffer.from(canonicalEnvelope(material.material.envelope), 'utf8');
  const rawSig = sign('sha256', canonical, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  const n = 2000;
  const result = {
    signPerSec: perSecond(n, () => buildReadReceipt(facts, signer, Date.now())),
    baselineSignPerSec: perSecond(n, () => sign('sha256', canonical, { key: privateKey, dsaEncoding: 'ieee-p1363' })),
    verifyPerSec: perSecond(n, () => verifyReceiptOffline(material.material, pub, markdown)),
    baselineVerifyPerSec: perSecond(n, () => verify('sha256', canonical, { key: createPublicKey(privateKey), dsaEncoding: 'ieee-p1363' }, rawSig)),
  };
  console.log(`receipt sign (50 blocks):   ${fmt(result.signPerSec, 0)}/s   bare ECDSA sign ${fmt(result.baselineSignPerSec, 0)}/s   ratio ${fmt(result.baselineSignPerSec / result.signPerSec, 2)}× slower`);
  console.log(`receipt verify (+content):  ${fmt(result.verifyPerSec, 0)}/s   bare ECDSA verify ${fmt(result.baselineVerifyPerSec, 0)}/s   ratio ${fmt(result.baselineVerifyPerSec / result.verifyPerSec, 2)}× slower`);
  return result;
}

function merkle() {
  const texts = Array.from({ length: 10_000 }, (_, i) => ({ text: `Block ${i} ${'x'.repeat(60 + (i % 40))}`, selector: `main > p:nth-of-type(${i + 1})` }));
  let leaves: Buffer[] = [];
  const result = {
    blocks: texts.length,
    baselineHashOnceMs: timeMs(() => texts.forEach((t) => createHash('sha256').update(t.text).digest())),
    leavesMs: timeMs(() => {
      leaves = texts.map((t) => blockLeaf(t.text, t.selector));
    }),
    rootMs: timeMs(() => merkleRoot(leaves)),
    oneProofMs: timeMs(() => merkleProof(leaves, 7_777), 21),
    allProofsMs: timeMs(() => allMerkleProofs(leaves), 3),
  };
  console.log(`10,000 blocks: leaves ${fmt(result.leavesMs)} ms + root ${fmt(result.rootMs)} ms (hashing texts once: ${fmt(result.baselineHashOnceMs)} ms, ratio ${fmt((result.leavesMs + result.rootMs) / result.baselineHashOnceMs, 2)}×)`);
  console.log(`               one proof ${fmt(result.oneProofMs, 2)} ms · all 10,000 proofs ${fmt(result.allProofsMs)} ms`);
  return result;
}

async function transcodeOverhead() {
  const html = readFileSync(`${CORPUS_DIR}/representative-input.html`);
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/article`;
  const { transcode } = await import('../src/read/transcode.ts');
  const { processContext } = await import('../src/runtime/context.ts');
  const { Services } = await import('../src/runtime/services.ts');
  const { signReadReceipt } = await import('../src/trust/receipts/read-receipt.ts');
  const home = mkdtempSync(join(tmpdir(), 'occam-bench-trust-'));
  const variant = (receipts: string) => {
    const runtime = processContext({ env: { ...process.env, HOME: home, OCCAM_KEYS_ROOT: join(home, 'keys'), OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_RECEIPTS: receipts }, warn: () => {} });
    const services = new Services(runtime);
    return { runtime, services, deps: { runtime, services, resolveMaxTokens: () => null, browser: null } };
  };
  const on = variant('on');
  const off = variant('off');
  // Wall time on a shared machine is dominated by other processes; process CPU time is what a receipt costs.
  const cpuMs: Record<'on' | 'off', number[]> = { on: [], off: [] };
  const once = async (v: typeof on) => {
    const s = performance.now();
    const c = process.cpuUsage();
    const r = await transcode({ url, json_blocks: true }, v.deps);
    const d = process.cpuUsage(c);
    if (!r.ok) throw new Error(`bench read failed: ${JSON.stringify(r.failure)}`);
    cpuMs[v === on ? 'on' : 'off'].push((d.user + d.system) / 1000);
    return performance.now() - s;
  };
  for (let i = 0; i < 5; i++) {
    await once(on);
    await once(off);
  }
  const sample = await transcode({ url, json_blocks: true }, on.deps);
  if (!(sample.receipt as Record<string, unknown>).signed) throw new Error('receipts on produced no signature');
  cpuMs.on.length = 0;
  cpuMs.off.length = 0;
  // Alternate which variant goes first each round so order effects (GC debt, caches) cancel out.
  const runs = { on: [] as number[], off: [] as number[] };
  for (let i = 0; i < 60; i++) {
    const pair = i % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const k of pair) runs[k].push(await once(k === 'on' ? on : off));
  }
  const blocks = (sample.blocks as Array<{ text: string; sourceSelector: string }>) ?? [];
  const stepSamples: number[] = [];
  for (let i = 0; i < 200; i++) {
    const c = process.cpuUsage();
    await signReadReceipt({ kind: 'extraction', url, markdown: sample.markdown as string, blocks, leafSetComplete: true }, on);
    const d = process.cpuUsage(c);
    stepSamples.push((d.user + d.system) / 1000);
  }
  server.close();
  await on.services.disposeAll();
  await off.services.disposeAll();
  const result = {
    transcodeOnMs: median(runs.on),
    transcodeOffMs: median(runs.off),
    overheadPct: ((median(runs.on) - median(runs.off)) / median(runs.off)) * 100,
    cpuOnMs: median(cpuMs.on),
    cpuOffMs: median(cpuMs.off),
    cpuOverheadPct: ((median(cpuMs.on) - median(cpuMs.off)) / median(cpuMs.off)) * 100,
    receiptStepMs: median(stepSamples),
    receiptStepPctOfRead: (median(stepSamples) / median(cpuMs.off)) * 100,
    blocks: blocks.length,
  };
  console.log(`transcode representative article (wall): receipts on ${fmt(result.transcodeOnMs, 2)} ms · off ${fmt(result.transcodeOffMs, 2)} ms · overhead ${fmt(result.overheadPct)} %`);
  console.log(`transcode representative article (CPU):  receipts on ${fmt(result.cpuOnMs, 2)} ms · off ${fmt(result.cpuOffMs, 2)} ms · overhead ${fmt(result.cpuOverheadPct)} % (goal < 5 %)`);
  console.log(`receipt step alone (${result.blocks} blocks): ${fmt(result.receiptStepMs, 3)} ms CPU = ${fmt(result.receiptStepPctOfRead, 2)} % of a read's CPU`);
  return result;
}

const bench: BenchModule = {
  name: 'trust',
  run: async () => {
    const result = { signing: signing(), merkle: merkle(), transcode: await transcodeOverhead() };
    writeResult('trust', result);
  },
};

export default bench;

if (import.meta.main) await bench.run();
