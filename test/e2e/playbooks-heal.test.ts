// [B] playbooks.md #20 and the scenario in a real Chromium: a site changes layout, the saved playbook's
// dry run fails, heal captures the new page, the draft lints, saves with a passing dry run, and reads the new
// version correctly with its stamp.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromiumPath, requireChromium } from '../helpers/requires.ts';
import { readdirSync } from 'node:fs';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { playbookDirs, startPlaybookFixture, type PlaybookDirs, type PlaybookFixture } from './playbooks-fixture.ts';

let fx: PlaybookFixture;
let dirs: PlaybookDirs;
let mcp: McpSession;

before(async () => {
  fx = await startPlaybookFixture();
  dirs = playbookDirs({ OCCAM_BROWSER_EXECUTABLE_PATH: chromiumPath() ?? '/usr/bin/chromium' });
  mcp = await startMcp({ ...dirs.env, OCCAM_RESPONSE_DETAIL: 'full' });
});
after(async () => {
  await mcp?.close();
  await fx?.close();
});

test('playbooks.md #20 [B]: heal captures /article; the draft points at #content; nothing is written', async (t) => {
  if (!requireChromium(t)) return;
  const { json } = await mcp.call('occam_playbook_heal', { url: fx.F('/article'), failure_reason: 'thin_extract' });
  assert.equal(json.ok, true, JSON.stringify(json));
  assert.equal(json.anchors.mainCandidates[0].selector, '#content');
  assert.ok(json.domSkeleton.stats.nodeCount <= 600);
  const draft = JSON.parse(json.draftPlaybookJson);
  assert.deepEqual([draft.id, draft.routing.preferred_backend], ['127.0.0.1', 'browser']);
  assert.equal(json.agentHints.maxVerifyRetries, 3);
  assert.deepEqual(readdirSync(dirs.local), []);
});

test('issue 9 [B]: layout change → verify fails → heal → lint → save → the new version reads correctly', async (t) => {
  if (!requireChromium(t)) return;
  const url = fx.F('/layout');
  const v1 = JSON.stringify({
    schema_version: '1.0', id: '127.0.0.1', hosts: ['127.0.0.1'], meta: { title: 'Release notes' },
    routing: { preferred_backend: 'http' }, extract: { contentSelectors: ['.post-body'] }, agent_notes: 'Notes live in .post-body.',
  });
  fx.setLayout(1);
  const first = (await mcp.call('occam_playbook_save', { url, playbook_json: v1 })).json;
  assert.equal(first.ok, true, JSON.stringify(first));

  fx.setLayout(2);
  const stale = (await mcp.call('occam_playbook_save', { url, playbook_json: v1 })).json;
  assert.equal(stale.failureCode, 'playbook_verify_failed');
  const soft = (await mcp.call('occam_transcode', { url, backend_policy: 'http' })).json;
  assert.ok(soft.agentHints.warnings.some((w: string) => w.startsWith('content_selectors_miss')));

  const healed = (await mcp.call('occam_playbook_heal', { url, failure_reason: stale.failureCode })).json;
  assert.equal(healed.ok, true, JSON.stringify(healed));
  assert.equal(healed.anchors.mainCandidates[0].selector, '[data-testid="story"]');
  const lint = (await mcp.call('occam_playbook_lint', { playbook_json: healed.draftPlaybookJson })).json;
  assert.equal(lint.agentReady, true);

  const saved = (await mcp.call('occam_playbook_save', { url, playbook_json: healed.draftPlaybookJson, lesson_note: 'layout v2: content moved to main[data-testid=story]', failure_reason: stale.failureCode })).json;
  assert.equal(saved.ok, true, JSON.stringify(saved));
  assert.equal(saved.verify.passesGate, true);

  const read = (await mcp.call('occam_transcode', { url })).json;
  assert.equal(read.ok, true);
  assert.match(read.markdown, /Redesigned layout paragraph 1/);
  assert.doesNotMatch(read.markdown, /Other stories you might like/);
  assert.equal(read.backend, 'browser_playwright');
  assert.deepEqual(read.receipt.signed.playbook, { id: '127.0.0.1', version: '' });
  const r = (await mcp.call('occam_playbook_resolve', { url })).json;
  assert.deepEqual([r.provenance, r.signature.status, r.contentSelectors[0]], ['local', 'verified', '[data-testid="story"]']);
});

test('playbooks.md §2.6 [B]: a playbook browser plan (wait_for, interaction_steps) runs in the browser backend; page script keys are ignored', async (t) => {
  if (!requireChromium(t)) return;
  const url = fx.F('/interact');
  const doc = {
    schema_version: '1.0', id: '127.0.0.1', hosts: ['127.0.0.1'], meta: { title: 'Interact' },
    routing: { preferred_backend: 'browser' }, extract: { contentSelectors: ['main'] }, agent_notes: 'Press More first.',
    browser: { js_before_wait: 'document.body.innerHTML = "owned"', interaction_steps: [{ action: 'click', selector: '#more' }, { action: 'dance' }], wait_for: { selector: '#more', timeout_ms: 5000 } },
  };
  const saved = (await mcp.call('occam_playbook_save', { url, playbook_json: JSON.stringify(doc), verify: false })).json;
  assert.equal(saved.ok, true, JSON.stringify(saved));
  const withPlan = (await mcp.call('occam_transcode', { url })).json;
  assert.equal(withPlan.ok, true, JSON.stringify(withPlan.failure));
  assert.match(withPlan.markdown, /Secret paragraph/);
  assert.doesNotMatch(withPlan.markdown, /owned/);
  const without = (await mcp.call('occam_transcode', { url, backend_policy: 'browser', playbook_policy: 'off' })).json;
  assert.doesNotMatch(without.markdown, /Secret paragraph/);
});

test('playbooks.md §10 [B]: extract_knowledge with backend_policy=browser renders the page and extracts there', async (t) => {
  if (!requireChromium(t)) return;
  const doc = {
    schema_version: '1.0', id: '127.0.0.1', hosts: ['127.0.0.1'], extract: { contentSelectors: ['main'] },
    knowledge_schema: { default: { revealed: { selector: '#x' }, title: { selector: 'h1' } } },
  };
  await mcp.call('occam_playbook_save', { url: fx.F('/interact'), playbook_json: JSON.stringify(doc), verify: false });
  const r = (await mcp.call('occam_extract_knowledge', { url: fx.F('/product/123'), backend_policy: 'browser' })).json;
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.backend, 'css_extract_browser');
  assert.deepEqual(r.facts.map((f: any) => f.value), ['', 'Widget Pro']);
});
