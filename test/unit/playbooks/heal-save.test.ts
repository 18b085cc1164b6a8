import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assessExtraction, roundHalfEven } from '../../../src/playbooks/quality.ts';
import { buildDraft, captureFromHtml, healPolicy } from '../../../src/playbooks/heal.ts';
import { ARTICLE } from '../../e2e/playbooks-fixture.ts';

test('playbooks.md #17: quality gate scores and noise', () => {
  const body = 'x'.repeat(1500 - 30);
  const md = `# One\n## Two\n## Three\n${body}`.slice(0, 1500).padEnd(1500, 'y');
  const q = assessExtraction(md);
  assert.deepEqual([q.score, q.passes], [92, true]);
  const noisy = assessExtraction(`# A\n## B\n## C\n${'Accept the cookie, subscribe now, sign in to continue. '.repeat(40)}`);
  assert.equal(noisy.noise, 0.3333);
  assert.equal(noisy.passes, false);
  assert.ok(noisy.warnings.includes('high_noise'));
  assert.deepEqual([assessExtraction('  ').score, assessExtraction('  ').noise], [0, 1]);
  // One heading line, 200–599 chars, no noise → 69.4 → 69 (the low-score case of #16).
  assert.equal(assessExtraction(`# T\n${'z'.repeat(300)}`).score, 69);
  assert.deepEqual([roundHalfEven(2.5), roundHalfEven(3.5), roundHalfEven(91.75)], [2, 4, 92]);
});

test('playbooks.md #19: heal policy order', () => {
  const u = 'http://127.0.0.1:9/page';
  const code = (reason: string, url = u, session: string | null = null) => {
    const v = healPolicy(url, reason, session);
    return v.eligible ? 'eligible' : v.code;
  };
  assert.equal(code('captcha_or_challenge'), 'captcha_or_challenge');
  assert.equal(code('anti_bot'), 'captcha_or_challenge');
  assert.equal(code('http_404'), 'http_404');
  assert.equal(code('short_quality'), 'heal_not_applicable');
  assert.equal(code('requires_login'), 'heal_not_applicable');
  assert.equal(code('requires_login', u, 'work'), 'eligible');
  assert.equal(code('thin_extract', 'http://127.0.0.1:9/cdn-cgi/challenge-platform/x'), 'heal_not_applicable');
  assert.equal(code('thin_extract', 'http://127.0.0.1:9/blog/captcha-ux'), 'eligible');
  assert.equal(code(' '), 'invalid_failure_reason');
  assert.equal(code('thin_extract', 'relative/path'), 'invalid_url');
  assert.equal(code('THIN_EXTRACT'), 'eligible');
});

test('playbooks.md §7: skeleton walk, anchors and draft from rendered HTML', () => {
  const cap = captureFromHtml(ARTICLE, 600);
  assert.equal(cap.anchors.mainCandidates[0].selector, '#content');
  assert.equal(cap.anchors.mainCandidates[0].score, 1);
  assert.ok(cap.anchors.landmarks.includes('main') && cap.anchors.landmarks.includes('nav'));
  assert.ok(cap.domSkeleton.stats.nodeCount <= 600 && cap.domSkeleton.stats.interactiveCount >= 2);
  assert.equal(cap.domSkeleton.root?.tag, 'body');
  assert.equal(captureFromHtml(ARTICLE, 10).domSkeleton.stats.nodeCount, 10);
  const draft = JSON.parse(buildDraft('http://www.Example.com./x', cap.anchors.mainCandidates)!);
  assert.deepEqual([draft.id, draft.routing.preferred_backend, draft.extract.contentSelectors[0]], ['example.com', 'browser', '#content']);
  assert.equal(buildDraft('http://a.com/', []), undefined);
});

test('playbooks.md §9: community export sanitizer lists violations and normalises clean documents', async () => {
  const { exportViolations, sanitizeForCommunity } = await import('../../../src/playbooks/sanitizer.ts');
  const dirty = JSON.stringify({
    schema_version: '1.0', id: 'a.com', hosts: ['a.com'],
    request: { headers: { Authorization: 'x', 'X-Api-Key': 'y' } },
    extract: { contentSelectors: ['body', 'div[style*=display]'], domStripSelectors: ['*'] },
    agent_notes: 'use Cookie: sid=1',
    nested: { password: 'p' },
  });
  assert.deepEqual(exportViolations(dirty), [
    'forbidden_key', 'forbidden_header:Authorization', 'forbidden_header:X-Api-Key', 'denylist_selector:body',
    'denylist_selector:div[style*=display]', 'denylist_selector:*', 'forbidden_agent_notes',
  ]);
  assert.deepEqual(exportViolations('{'), ['invalid_json']);
  const clean = JSON.stringify({ id: 'a.com', hosts: ['a.com'], extract: { contentSelectors: ['main'] }, agent_notes: 'n'.repeat(3000), lessons: Array.from({ length: 12 }, (_, i) => ({ note: `l${i}` })) });
  assert.deepEqual(sanitizeForCommunity(clean, { today: '2026-11-30', acknowledged: false }), { ok: false, violations: ['ack_required'] });
  const r = sanitizeForCommunity(clean, { today: '2026-11-30', acknowledged: true });
  assert.ok(r.ok);
  if (!r.ok) return;
  assert.equal((r.document.lessons as unknown[]).length, 10);
  assert.equal((r.document.agent_notes as string).length, 2000);
  assert.deepEqual(r.document.meta, { updated: '2026-11-30', author: 'community-contributor', confidence: 0.7 });
  assert.equal(r.document.schema_version, '1.0');
  const { communityHash } = await import('../../../src/playbooks/store.ts');
  assert.deepEqual(r.manifestRow, { id: 'a.com', hosts: ['a.com'], schema_version: '1.0', file: 'a.com.json', sha256: communityHash(r.text) });
});
