// playbooks.md #27 [B]: crosscheck over HTTP and Chromium vantages against fixture F, plus the evaluator.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromiumPath, requireChromium } from '../helpers/requires.ts';
import { evaluate, parseVantages, type VantageResult } from '../../src/optin/crosscheck.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { playbookDirs, startPlaybookFixture, type PlaybookFixture } from './playbooks-fixture.ts';

let fx: PlaybookFixture;
let mcp: McpSession;

before(async () => {
  fx = await startPlaybookFixture();
  mcp = await startMcp(playbookDirs({ OCCAM_CONSENSUS_MCP: '1', OCCAM_BROWSER_EXECUTABLE_PATH: chromiumPath() ?? '/usr/bin/chromium' }).env);
});
after(async () => {
  await mcp?.close();
  await fx?.close();
});

test('playbooks.md #27: evaluator and vantage parsing', () => {
  const usable: VantageResult = { label: 'http', backend: 'http', ok: true, blockMerkleRoot: 'sha256:aa' };
  const wall: VantageResult = { label: 'browser', backend: 'browser', ok: false, failureCode: 'http_403' };
  assert.equal(evaluate([usable, wall]).verdict, 'access_divergent');
  assert.equal(evaluate([usable, { ...usable, label: 'browser' }]).verdict, 'consensus');
  assert.equal(evaluate([usable, { ...usable, label: 'browser', blockMerkleRoot: 'sha256:bb' }]).verdict, 'divergent');
  assert.equal(evaluate([usable, { ...wall, failureCode: 'timeout' }]).verdict, 'inconclusive');
  assert.deepEqual(parseVantages(' browser, http ,http'), ['browser', 'http']);
  assert.deepEqual(parseVantages(''), ['http', 'browser']);
  assert.equal(parseVantages('http,ftp'), null);
});

test('playbooks.md #27 [B]: consensus or divergent on /article, divergent on /cloak, inconclusive on /walled', async (t) => {
  if (!requireChromium(t)) return;
  const check = async (path: string, extra: Record<string, unknown> = {}) => (await mcp.call('occam_crosscheck', { url: fx.F(path), ...extra })).json;
  const article = await check('/article');
  assert.equal(article.ok, true, JSON.stringify(article));
  assert.ok(['consensus', 'divergent'].includes(article.verdict));
  assert.equal(article.divergence.length, 1);
  assert.deepEqual(article.vantages.map((v: any) => v.label), ['http', 'browser']);
  assert.ok(article.vantages.every((v: any) => v.receipt?.sig));
  const cloak = await check('/cloak');
  assert.deepEqual([cloak.verdict, cloak.divergence[0].rootsMatch], ['divergent', false]);
  const walled = await check('/walled');
  assert.equal(walled.verdict, 'inconclusive');
  assert.deepEqual(walled.vantages.map((v: any) => v.failureCode), ['http_403', 'http_403']);
  const bad = await check('/article', { vantages: 'http,ftp' });
  assert.deepEqual([bad.ok, bad.failureCode], [false, 'invalid_arguments']);
});
