// playbooks.md #29 (validation, plan hash) and #30 [B] (a local form filled and submitted in Chromium; a failing
// step stops the plan); a request for page script is refused with a typed failure.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { requireChromium } from '../helpers/requires.ts';
import { createHash } from 'node:crypto';
import { actionPlanHash, parseActionPlan } from '../../src/fetch/browser/actions.ts';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { playbookDirs, startPlaybookFixture, type PlaybookFixture } from './playbooks-fixture.ts';

let fx: PlaybookFixture;
let mcp: McpSession;

before(async () => {
  fx = await startPlaybookFixture();
  mcp = await startMcp(playbookDirs({ OCCAM_BROWSER_ACTIONS_MCP: '1', OCCAM_BROWSER_EXECUTABLE_PATH: '/usr/bin/chromium' }).env);
});
after(async () => {
  await mcp?.close();
  await fx?.close();
});

test('playbooks.md #29: plan validation and the redacted plan hash', () => {
  const invalid = (plan: unknown) => assert.throws(() => parseActionPlan(JSON.stringify(plan)), (e: any) => e.code === 'invalid_arguments', JSON.stringify(plan));
  invalid(Array.from({ length: 17 }, () => ({ do: 'wait' })));
  invalid([{ do: 'eval' }]);
  invalid([{ do: 'click' }]);
  invalid([{ do: 'wait', js: 'x' }]);
  invalid([]);
  invalid({ do: 'wait' });
  invalid(['wait']);
  const hash = actionPlanHash(parseActionPlan('[{"do":"type","selector":"#q","text":"abc"}]'));
  const expected = createHash('sha256').update('[{"do":"type","selector":"#q","text":"***","text_len":3,"timeout_ms":8000}]').digest('hex');
  assert.equal(hash, expected);
  assert.deepEqual(parseActionPlan('[{"do":" Scroll ","to":"sideways","px":99999}]')[0], { do: 'scroll', to: 'down', px: 10_000, timeout_ms: 8000 });
});

test('browser_interact refuses page script with a typed failure, before any browser work', async () => {
  const { json, raw } = await mcp.call('occam_browser_interact', { url: fx.F('/interact'), actions: JSON.stringify([{ do: 'click', selector: '#more', evaluate: 'document.cookie' }]) });
  assert.deepEqual([json.ok, json.failureCode, raw.isError], [false, 'invalid_arguments', true]);
  assert.match(json.message, /page script is never run/);
  assert.equal(fx.server.requests().filter((r) => r === '/interact').length, 0);
});

test('playbooks.md #30 [B]: click, wait, type on a local page; a failing step stops the plan', async (t) => {
  if (!requireChromium(t)) return;
  const plan = [
    { do: 'click', selector: '#more' },
    { do: 'wait_selector', selector: '#x' },
    { do: 'type', selector: '#q', text: 'hunter2' },
  ];
  const progress: Array<{ progress: number; total?: number }> = [];
  const raw = (await mcp.client.callTool({ name: 'occam_browser_interact', arguments: { url: fx.F('/interact'), actions: JSON.stringify(plan) } }, undefined, {
    onprogress: (p) => progress.push({ progress: p.progress, total: p.total }),
  })) as any;
  const json = JSON.parse(raw.content[0].text);
  assert.equal(json.ok, true, JSON.stringify(json));
  assert.match(json.markdown, /Secret paragraph/);
  // Progress: one notification per step, then the materialisation; total = steps + 1. The SDK client runs
  // notification handlers a microtask late, so the final one can lose the race against the result it precedes.
  assert.deepEqual(progress.map((p) => p.progress).slice(0, 3), [1, 2, 3]);
  assert.ok(progress.length <= 4);
  assert.ok(progress.every((p) => p.total === 4));
  assert.deepEqual([json.stepsRun, json.cached, json.backend], [3, false, 'browser_playwright']);
  assert.equal(json.actionTrace[2].text, '***');
  assert.equal(json.actionTrace[2].text_len, 7);
  assert.equal(json.contentHash, createHash('sha256').update(json.markdown).digest('hex'));
  assert.ok(json.receipt.signed, 'Receipt v1 attached');
  assert.ok(!JSON.stringify(raw).includes('hunter2'));

  const failing = [plan[0], { do: 'click', selector: '#missing', timeout_ms: 200 }, plan[2]];
  const f = (await mcp.call('occam_browser_interact', { url: fx.F('/interact'), actions: JSON.stringify(failing) })).json;
  assert.deepEqual([f.ok, f.failureCode, f.failedIndex, f.stepsRun], [false, 'action_failed', 1, 1]);
  assert.equal(f.actionTrace.length, 2);
  assert.equal(f.actionTrace[1].failure, 'action_failed');
});

test('issue 9 [B]: a local form is filled and submitted, and the result page is read', async (t) => {
  if (!requireChromium(t)) return;
  const plan = [
    { do: 'type', selector: '#order', text: 'A-1042' },
    { do: 'click', selector: '#send' },
    { do: 'wait_text', text: 'left the depot' },
  ];
  const { json } = await mcp.call('occam_browser_interact', { url: fx.F('/form'), actions: JSON.stringify(plan) });
  assert.equal(json.ok, true, JSON.stringify(json));
  assert.match(json.finalUrl, /\/submitted\?order=A-1042$/);
  assert.match(json.markdown, /Order A-1042 left the depot/);
  assert.equal(json.stepsRun, 3);
  assert.ok(!JSON.stringify(json.actionTrace).includes('A-1042'));
});
