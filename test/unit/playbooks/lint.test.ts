import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LINT_RULES, lintPlaybookText, structuralGate } from '../../../src/playbooks/lint.ts';
import { hostMatches, normaliseHost } from '../../../src/playbooks/schema.ts';

const codes = (text: string) => lintPlaybookText(text).report.issues.map((i) => `${i.field}/${i.code}`);
const full = {
  schema_version: '1.0',
  id: 'example.com',
  hosts: ['example.com'],
  meta: { title: 'Example' },
  extract: { contentSelectors: ['#content'] },
  agent_notes: 'Read #content.',
};

test('playbooks.md #1: a bare id+hosts document is broken', () => {
  const { report } = lintPlaybookText('{"id":"a","hosts":["a"]}');
  assert.equal(report.grade, 'broken');
  assert.equal(report.agentReady, false);
  const got = codes('{"id":"a","hosts":["a"]}');
  assert.ok(got.includes('schema_version/missing'));
  assert.ok(got.includes('extract.contentSelectors/missing'));
});

test('playbooks.md #2: a full playbook is ready; without agent_notes it is ready with one info', () => {
  const ready = lintPlaybookText(JSON.stringify(full)).report;
  assert.deepEqual([ready.grade, ready.issues.length], ['ready', 0]);
  const { agent_notes: _n, ...noNotes } = full;
  const r = lintPlaybookText(JSON.stringify(noNotes)).report;
  assert.deepEqual([r.grade, r.infos, r.errors, r.warnings], ['ready', 1, 0, 0]);
});

test('playbooks.md #3: every rule fires on a crafted bad playbook', () => {
  assert.ok(codes(JSON.stringify({ ...full, hosts: ['Docs.Example.com/'] })).includes('hosts/host_not_bare'));
  assert.ok(codes(JSON.stringify({ ...full, routing: { preferred_backend: 'fast' } })).includes('routing.preferred_backend/invalid_backend'));
  assert.ok(codes(JSON.stringify({ ...full, knowledge_schema: { product: { t: { selector: 'h1' } } } })).includes('knowledge_schema.product/unrouted_class'));
  const alias = lintPlaybookText(JSON.stringify({ ...full, extract: { content_selectors: ['main'] } })).report;
  assert.equal(alias.grade, 'ready');
  assert.ok(codes(JSON.stringify({ ...full, extra: [{ deep: { Cookie: 1 } }] })).includes('(root)/forbidden_secret_key'));
  assert.deepEqual(codes('[1]'), ['(root)/not_object']);
  assert.deepEqual(codes('{'), ['(root)/json_invalid']);
  assert.deepEqual(codes(''), ['(root)/empty_input']);
  assert.ok(codes(JSON.stringify({ ...full, schema_version: '2.0' })).includes('schema_version/unsupported'));
  assert.ok(codes(JSON.stringify({ ...full, id: ' ' })).includes('id/missing'));
  assert.ok(codes(JSON.stringify({ ...full, hosts: 'x' })).includes('hosts/missing'));
  assert.ok(codes(JSON.stringify({ ...full, hosts: [' '] })).includes('hosts/empty'));
  const blank = codes(JSON.stringify({ ...full, extract: { contentSelectors: ['', 3] } }));
  assert.equal(blank.filter((c) => c === 'extract.contentSelectors/selector_blank').length, 2);
  assert.ok(blank.includes('extract.contentSelectors/empty'));
  const { meta: _m, ...noTitle } = full;
  assert.ok(codes(JSON.stringify(noTitle)).includes('meta.title/missing'));
  // One crafted document trips every non-stopping rule at once.
  const bad = { schema_version: '2.0', id: '', hosts: ['Bad Host/'], extract: { contentSelectors: [''] }, routing: { preferred_backend: 'fast' }, knowledge_schema: { x: {} }, password: 1 };
  const seen = new Set(lintPlaybookText(JSON.stringify(bad)).report.issues.map((i) => i.code));
  for (const c of ['forbidden_secret_key', 'unsupported', 'missing', 'host_not_bare', 'selector_blank', 'empty', 'invalid_backend', 'unrouted_class']) assert.ok(seen.has(c), c);
});

test('playbooks.md §6: hard errors are exactly the save structural gate', () => {
  assert.deepEqual(LINT_RULES.filter((r) => r.severity === 'error').map((r) => r.n), [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13]);
  assert.equal(structuralGate(JSON.stringify(full)).ok, true);
  const g = structuralGate(JSON.stringify({ ...full, request: { headers: { Cookie: 'x' } } }));
  assert.ok(!g.ok && g.forbidden);
});

test('playbooks.md #4: host normalisation and suffix matching', () => {
  assert.ok(hostMatches('www.Example.com', 'example.com'));
  assert.ok(hostMatches('docs.example.com', 'example.com'));
  assert.ok(!hostMatches('badexample.com', 'example.com'));
  assert.equal(normaliseHost('WWW.Example.com'), 'example.com');
});
