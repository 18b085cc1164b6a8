import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decomposeQuery } from '../../../src/budget/focus.ts';
import { HEAD_SAFE_MARKER, SANDWICH_MARKER, planResponse, safePrefix, type PlanInput } from '../../../src/budget/plan.ts';
import { parseDocument, tableOfContents } from '../../../src/budget/sections.ts';
import { bpeTokens, estimateTokens, loadBudgetCost, type TokenCost } from '../../../src/budget/tokens.ts';
import { rng } from '../../helpers/rng.ts';

const cost: TokenCost = await loadBudgetCost();

const WORDS = 'token budget agent page reader section extract markdown fetch guard cache focus install verify café 日本語 Ελληνικά data table render'.split(' ');

function randomPage(r: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const sentence = () => Array.from({ length: 4 + Math.floor(r() * 14) }, () => pick(WORDS)).join(' ') + '.';
  const parts: string[] = [];
  if (r() < 0.7) parts.push(`# ${sentence()}`);
  const sections = 1 + Math.floor(r() * 7);
  for (let s = 0; s < sections; s++) {
    parts.push(`${'#'.repeat(2 + Math.floor(r() * 2))} ${pick(WORDS)} ${pick(WORDS)} ${s}`);
    const blocks = 1 + Math.floor(r() * 5);
    for (let b = 0; b < blocks; b++) {
      const kind = r();
      if (kind < 0.55) parts.push(Array.from({ length: 1 + Math.floor(r() * 6) }, sentence).join(' '));
      else if (kind < 0.7) parts.push(Array.from({ length: 2 + Math.floor(r() * 5) }, () => `*   ${sentence()}`).join('\n'));
      else if (kind < 0.8) parts.push(['```', ...Array.from({ length: 2 + Math.floor(r() * 6) }, () => `x = "${pick(WORDS)}"`), '```'].join('\n'));
      else if (kind < 0.9) parts.push(['| a | b |', '| --- | --- |', ...Array.from({ length: 2 + Math.floor(r() * 5) }, () => `| ${pick(WORDS)} | ${pick(WORDS)} |`)].join('\n'));
      else parts.push(`See [the ${pick(WORDS)} page](https://example.com/${pick(WORDS)}) and ${sentence()}`);
    }
  }
  return parts.join('\n\n');
}

const input = (markdown: string, over: Partial<PlanInput> = {}): PlanInput => ({
  doc: parseDocument(markdown),
  maxTokens: null,
  query: null,
  fragment: null,
  sidecars: {},
  cost,
  ...over,
});

test('property: random pages and budgets — markdown and total fit max_tokens, the manifest accounts for every cut block', () => {
  for (let seed = 1; seed <= 150; seed++) {
    const r = rng(seed);
    const page = randomPage(r);
    const maxTokens = 128 + Math.floor(r() * 600);
    const focus = r() < 0.4 ? decomposeQuery(`${WORDS[Math.floor(r() * WORDS.length)]} ${WORDS[Math.floor(r() * WORDS.length)]}`) : null;
    const blocksSidecar = r() < 0.3 ? parseDocument(page).blocks.map((b) => ({ type: b.kind, text: b.text })) : undefined;
    const inp = input(page, { maxTokens, query: focus, sidecars: blocksSidecar ? { blocks: blocksSidecar } : {} });
    const plan = planResponse(inp);
    const where = `seed ${seed}, max_tokens ${maxTokens}`;
    assert.ok(bpeTokens(plan.markdown) <= maxTokens, `o200k(markdown) ≤ budget (${where})`);
    assert.ok(estimateTokens(plan.markdown) <= maxTokens, `heuristic(markdown) ≤ budget (${where})`);
    assert.ok(plan.budget && plan.budget.total <= maxTokens, `budget.total ≤ max_tokens (${where})`);
    const b = plan.budget!;
    assert.equal(b.total, b.markdown + b.blocks + b.tables + b.chunks + b.media + b.feed + (b.toc ?? 0) + b.receipt, `buckets sum (${where})`);
    // Every block is kept verbatim, or listed in the manifest (a partial block is both in part).
    const listed = new Set((plan.omitted?.manifest ?? []).flatMap((m) => m.blocks));
    inp.doc.blocks.forEach((blk, i) => {
      const fate = plan.fates[i];
      if (fate === 'kept') assert.ok(plan.markdown.includes(blk.text), `kept block ${i} present (${where})`);
      else assert.ok(listed.has(i), `cut block ${i} (${fate}) is in the manifest (${where})`);
      if (fate === 'kept') assert.ok(!listed.has(i), `kept block ${i} not listed as cut (${where})`);
    });
    if (plan.truncated) {
      assert.ok(plan.omitted && plan.omitted.tokensDropped >= 0);
      assert.equal(plan.omitted!.reason, plan.strategy);
    } else {
      assert.equal(plan.markdown, inp.doc.blocks.map((x) => x.text).join('\n\n'));
    }
  }
});

test('reading.md #24: head_safe keeps a head within budget, marks the tail, never cuts mid-word', () => {
  const para = (n: number) => `Paragraph ${n} explains how the reader keeps budgets honest and how every cut is reported to the caller.`;
  const page = ['# Long article', ...Array.from({ length: 160 }, (_, i) => para(i))].join('\n\n');
  const plan = planResponse(input(page, { maxTokens: 128 }));
  assert.equal(plan.strategy, 'head_safe');
  assert.ok(plan.markdown.endsWith(`\n\n${HEAD_SAFE_MARKER}`));
  assert.ok(estimateTokens(plan.markdown) <= 128 && bpeTokens(plan.markdown) <= 128);
  assert.equal(plan.omitted?.reason, 'head_safe');
  assert.deepEqual(plan.omitted?.regions, ['tail']);
  assert.ok(plan.omitted!.tokensDropped > 0);
  assert.ok(plan.budget!.total <= 128);
  const body = plan.markdown.slice(0, -HEAD_SAFE_MARKER.length).trim();
  assert.match(body, /[.\w]$/);
  assert.equal(plan.completeness.status, 'incomplete');
  assert.ok(plan.completeness.suggestedMinTokens! > 128);
});

test('head_safe splits a single huge paragraph at a word boundary, never inside a link', () => {
  const words = Array.from({ length: 400 }, (_, i) => (i % 7 === 3 ? `[link ${i}](https://example.com/very/long/path/${i})` : `word${i}`));
  const page = words.join(' ');
  for (const budget of [128, 150, 200, 260]) {
    const plan = planResponse(input(page, { maxTokens: budget }));
    const body = plan.markdown.slice(0, -HEAD_SAFE_MARKER.length).trim();
    assert.ok(body.length > 0, 'something kept');
    assert.ok(page.startsWith(body), 'a verbatim prefix');
    const next = page[body.length];
    assert.ok(next === ' ' || next === undefined, `cut at a word boundary (budget ${budget})`);
    assert.equal((body.match(/\[/g) ?? []).length, (body.match(/\]\(/g) ?? []).length, 'no open link');
    assert.equal(plan.fates[0], 'partial');
    assert.ok(bpeTokens(plan.markdown) <= budget);
  }
});

test('safePrefix never returns a prefix ending inside a URL', () => {
  const text = 'Read more at https://example.com/a/really/long/path/to/a/page/that/goes/on/and/on for details';
  const cut = safePrefix(text, 8, cost);
  assert.ok(!/https?:\/\/\S*$/.test(cut), cut);
});

const sixSections = [
  '# Handbook',
  'Intro text for the handbook with general remarks about the product and its goals.',
  ...['Overview', 'Install', 'Configure storage', 'Networking', 'Troubleshooting', 'Changelog'].flatMap((h, i) => [
    `## ${h}`,
    ...Array.from({ length: 6 }, (_, k) => `${h} paragraph ${k}: ${'lorem ipsum dolor sit amet '.repeat(6)}${h === 'Configure storage' && k === 0 ? 'UNIQUE_MARKER_12' : ''}`),
    i === 2 ? '```\nstorage.path = "/var/lib/app"\n```' : '',
  ]).filter(Boolean),
].join('\n\n');

test('reading.md #26: focus_window keeps the focused section and its marker, reports unchosen sections', () => {
  const plan = planResponse(input(sixSections, { maxTokens: 256, query: decomposeQuery('configure storage') }));
  assert.equal(plan.strategy, 'focus_window');
  assert.ok(plan.markdown.includes('UNIQUE_MARKER_12'));
  assert.ok(plan.markdown.startsWith('## Configure storage'));
  assert.deepEqual(plan.omitted?.regions, ['unchosen']);
  assert.ok((plan.omitted?.sections ?? 0) > 0);
  assert.equal(plan.focus?.status, 'hit');
  assert.equal(plan.focus?.matchedAnchor, 'configure-storage');
  assert.ok(bpeTokens(plan.markdown) <= 256);
  const listed = plan.omitted!.manifest!.map((m) => m.heading);
  assert.ok(listed.includes('Install') && listed.includes('Changelog'), 'unchosen sections are listed for a follow-up `section` call');
});

test('reading.md §12.5: the answer unit is the explanatory paragraph naming the query, not an infobox or notice before it', () => {
  const infobox = ['| Markdown | |', '| --- | --- |', ...Array.from({ length: 30 }, (_, i) => `| Field ${i} | value ${i} of the infobox row |`)].join('\n');
  const md = [
    '# Markdown',
    'This article relies excessively on references to primary sources. Please improve this article.',
    infobox,
    'Markdown is a lightweight markup language for creating formatted text. John Gruber created Markdown in 2004.',
    '## History',
    'Another paragraph about the history of plain-text conventions and email.',
  ].join('\n\n');
  const plan = planResponse(input(md, { maxTokens: 160, query: decomposeQuery('John Gruber') }));
  assert.equal(plan.strategy, 'focus_window');
  assert.ok(plan.markdown.startsWith('# Markdown'), plan.markdown);
  assert.ok(plan.markdown.includes('John Gruber created Markdown'), plan.markdown);
  assert.ok(bpeTokens(plan.markdown) <= 160);
});

test('reading.md #23: a URL fragment selects its section under a small budget', () => {
  const plan = planResponse(input(sixSections, { maxTokens: 200, fragment: 'install' }));
  assert.equal(plan.strategy, 'focus_window');
  assert.ok(plan.markdown.startsWith('## Install'));
  assert.ok(!plan.markdown.includes('## Overview'));
  assert.equal(plan.focus?.status, 'hit');
});

test('reading.md #27: sandwich when the focus matches no section', () => {
  const plan = planResponse(input(sixSections, { maxTokens: 300, query: decomposeQuery('kubernetes ingress') }));
  assert.equal(plan.strategy, 'sandwich');
  assert.ok(plan.markdown.includes(`\n\n${SANDWICH_MARKER}\n\n`));
  assert.deepEqual(plan.omitted?.regions, ['middle']);
  assert.equal(plan.focus?.status, 'miss');
  assert.ok(plan.markdown.startsWith('# Handbook'));
  assert.ok(plan.markdown.trimEnd().endsWith(sixSections.split('\n\n').at(-1)!.trimEnd()));
  assert.ok(bpeTokens(plan.markdown) <= 300 && estimateTokens(plan.markdown) <= 300);
});

test('whole-response budget: sidecars fill what the markdown leaves, in order; response_budget when only they are cut', () => {
  const page = '# Short\n\nA short page that fits easily.';
  const blocks = Array.from({ length: 200 }, (_, i) => ({ type: 'paragraph', text: `block number ${i} with some words in it` }));
  const plan = planResponse(input(page, { maxTokens: 400, sidecars: { blocks, tables: [{ rows: [['a']] }] } }));
  assert.equal(plan.strategy, 'response_budget');
  assert.deepEqual(plan.omitted?.regions, ['structured']);
  assert.ok(Number(plan.omitted?.structured?.blocks ?? 0) > 0);
  assert.ok(plan.budget!.total <= 400);
  assert.equal(plan.markdown, page);
  // The markdown floor: at least half of the pool stays available to the markdown.
  assert.ok(plan.sidecars.blocks!.length < 200 && plan.sidecars.blocks!.length > 0);
});

test('no cap: nothing is cut and no budget is reported', () => {
  const plan = planResponse(input(sixSections));
  assert.equal(plan.truncated, false);
  assert.equal(plan.budget, undefined);
  assert.equal(plan.completeness.status, 'complete');
});

test('section index: anchors, preamble, subtree spans, toc', () => {
  const doc = parseDocument('Lead text.\n\n# Title\n\n## Setup {#setup-custom}\n\nBody.\n\n### Verify\n\nMore.\n\n## Setup\n\nAgain.');
  assert.equal(doc.sections[0].heading, 'Document');
  assert.deepEqual(doc.sections[2].anchors, ['setup-custom', 'setup']);
  assert.deepEqual(doc.sections[4].anchors, ['setup-2']);
  assert.equal(doc.sections[3].parent, 2);
  assert.equal(doc.sections[2].subtreeEnd, doc.sections[4].firstBlock);
  assert.deepEqual(tableOfContents(doc).map((t) => t.anchor), ['title', 'setup', 'verify', 'setup-2']);
});
