// Issue 31, widening needs proof: with OCCAM_EXAM_MCP=1 this host's occam_canary_verify signs its verdict with the
// install's key, so a transcript kept by any agent host (here a plain JSON-RPC log of a real SDK session) proves the
// canary offline: the grade says `host-attestation` and may widen. An edited verdict, or no signature, is `claimed`
// and never widens. Real server and SDK client in-process, real keys in a temporary HOME.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { testContext } from '../../../src/runtime/context.ts';
import { createOccamServer, newSession, readHostConfig, registeredTools } from '../../../src/mcp/server.ts';
import { Services } from '../../../src/runtime/services.ts';
import { keysDirOf, openKeyStore } from '../../../src/trust/keys.ts';
import { verifyDetached } from '../../../src/trust/receipts/sign.ts';
import { attestationBytes, type AttestationVerifier } from '../../../src/exam/transcript/attestation.ts';
import { gradeDocument, type GradedSession } from '../../../src/exam/transcript/grade.ts';
import { applicableTier } from '../../../src/exam/grader.ts';

test('a signed occam_canary_verify verdict in any host\'s transcript is this install\'s proof; an edited one is a claim', async () => {
  const home = mkdtempSync(join(tmpdir(), 'occam-proof-'));
  const runtime = testContext({ homeDir: home, env: { HOME: home, OCCAM_EXAM_MCP: '1' }, now: Date.now });
  const services = new Services(runtime);
  const config = readHostConfig(runtime);
  const server = createOccamServer({ runtime, services, config, session: newSession(runtime, config), tools: registeredTools(config) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: 'desk', version: '2.0' });
  await client.connect(b);
  const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as Record<string, any>;
  const issued = await call('occam_canary_issue', {});
  const probe = await call('occam', { url: issued.url });
  const sentinel = /Sentinel: `([^`]+)`/.exec(probe.markdown)![1];
  const verdict = await call('occam_canary_verify', { session_id: issued.sessionId, sentinel });
  assert.equal(verdict.verdict, 'READ_VERIFIED');
  assert.equal(verdict.attestation.format, 'occam-canary-verdict-v1');
  await client.close();
  await services.disposeAll();

  // The session as a JSON-RPC log an MCP proxy kept (not Occam's own recording).
  const page = 'https://docs.example.org/guide';
  const log = (verifyResult: Record<string, unknown>) => {
    const calls: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['occam_canary_verify', { session_id: issued.sessionId, sentinel }, verifyResult],
      ['occam', { url: page }, { ok: true, contentHash: 'h1' }],
      ['occam', { url: page, task: 'limits', budget: 800 }, { ok: true }],
      ['occam', { url: page, if_none_match: 'h1' }, { ok: true }],
    ];
    const lines: unknown[] = [{ jsonrpc: '2.0', id: 0, method: 'initialize', params: { clientInfo: { name: 'desk', version: '2.0' } } }];
    calls.forEach(([name, args, result], k) => {
      lines.push({ jsonrpc: '2.0', id: k + 1, method: 'tools/call', params: { name, arguments: args } });
      lines.push({ jsonrpc: '2.0', id: k + 1, result: { structuredContent: result } });
    });
    return lines.map((l) => JSON.stringify(l)).join('\n');
  };
  const keys = openKeyStore(keysDirOf(runtime));
  const verifyAttestation: AttestationVerifier = (session, att) => {
    const key = keys.publicKeyFor(att.keyId);
    return key !== null && verifyDetached(key, attestationBytes(session, att), att.sig);
  };
  const grade = (text: string) => {
    const g = gradeDocument(text, 'proxy.log', Date.now, { verifyAttestation });
    assert.ok(g.ok);
    return g.sessions[0] as GradedSession;
  };
  const proven = grade(log(verdict));
  assert.deepEqual([proven.report.graded.score, proven.report.graded.canary.evidence], [4, 'host-attestation']);
  assert.deepEqual([applicableTier(proven.report.graded).tier, applicableTier(proven.report.graded).capped], ['strong', false]);

  // An edited verdict (the signature no longer matches) and an unsigned one are claims: graded, never widening.
  const forged = grade(log({ ...verdict, attestation: { ...verdict.attestation, sentinel: 'x', verdict: 'READ_VERIFIED' }, verdict: 'READ_VERIFIED' }));
  const unsigned = grade(log({ ok: true, verdict: 'READ_VERIFIED' }));
  for (const s of [forged, unsigned]) {
    assert.deepEqual([s.report.graded.score, s.report.graded.canary.evidence], [4, 'claimed']);
    assert.deepEqual([applicableTier(s.report.graded).tier, applicableTier(s.report.graded).capped], ['medium', true]);
  }
});
