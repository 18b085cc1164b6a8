// Whole-response envelope compaction (issue 14, src/budget/envelope.ts): summaries keep every cut named in
// constant size; levels shed only optional envelope fields, never the content or what says it was cut.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactEnvelope, ordinalRanges, summariseManifest, summariseSectionIndex } from '../../../src/budget/envelope.ts';

test('ordinal ranges compress runs', () => {
  assert.equal(ordinalRanges([1, 2, 3, 7, 9, 10]), '1-3,7,9-10');
  assert.equal(ordinalRanges([5]), '5');
  assert.equal(ordinalRanges([]), '');
});

test('issue 14: a 500-section manifest summarises to counts, ranges, first/last headings and a section hint', () => {
  const manifest = Array.from({ length: 500 }, (_, i) => ({ ordinal: i + 1, heading: `Heading ${i + 1}`, blocks: [2 * i, 2 * i + 1], tokens: 40, ...(i === 0 ? { partial: true as const } : {}) }));
  const s = summariseManifest(manifest)!;
  assert.equal(s.sections, 500);
  assert.equal(s.blocks, 1000);
  assert.equal(s.tokens, 20_000);
  assert.equal(s.ordinals, '1-500');
  assert.deepEqual(s.first, { ordinal: 1, heading: 'Heading 1' });
  assert.deepEqual(s.last, { ordinal: 500, heading: 'Heading 500' });
  assert.equal(s.hint, 'occam_transcode section="Heading 2"', 'the hint names a wholly omitted section');
  assert.ok(JSON.stringify(s).length < 400);
  const index = summariseSectionIndex(manifest.map((m, i) => ({ ordinal: m.ordinal, level: 2, heading: m.heading, anchor: '', status: i < 3 ? 'included' : 'omitted' })))!;
  assert.deepEqual([index.headings, index.included, index.omitted, index.cutOrdinals], [500, 3, 497, '4-500']);
});

test('issue 14: envelope levels shed optional fields and keep content, partial and the named cut', () => {
  const response = () => ({
    ok: true,
    partial: true,
    url: { url: 'https://a.example/', finalUrl: 'https://a.example/' },
    markdown: '# A',
    contentHash: 'x',
    materializationKey: 'sha256:y',
    timings: { totalMs: 1 },
    quality: { score: 1 },
    completeness: { status: 'incomplete' },
    compile: { truncated: true, tokenEstimator: 'e', omitted: { reason: 'head_safe', tokensDropped: 9, regions: ['tail'], manifest: [{ ordinal: 1, heading: 'H', blocks: [1], tokens: 9 }] }, sectionIndex: [{ ordinal: 1, level: 2, heading: 'H', anchor: 'h', status: 'omitted' }], budget: { total: 10, markdown: 3 } },
    agentHints: { suggestedNext: 'occam_transcode', warnings: ['completeness_incomplete: budget_exceeded; about 99 tokens'], decisions: [{}] },
    receipt: { tokensUsed: 10, elapsedMs: 3, partial: true },
  });
  const l1 = compactEnvelope(response(), 1) as any;
  assert.equal(l1.compile.omitted.manifest, undefined);
  assert.equal(l1.compile.omitted.manifestSummary.sections, 1);
  assert.equal(l1.compile.sectionIndexSummary.omitted, 1);
  assert.ok(l1.timings, 'level 1 only summarises');
  const l2 = compactEnvelope(response(), 2) as any;
  assert.equal(l2.timings, undefined);
  assert.deepEqual(l2.agentHints.warnings, ['completeness_incomplete']);
  const l5 = compactEnvelope(response(), 5) as any;
  for (const kept of ['ok', 'partial', 'url', 'markdown', 'contentHash']) assert.ok(l5[kept] !== undefined, kept);
  assert.equal(l5.compile.omitted.reason, 'head_safe');
  assert.ok(l5.compile.omitted.manifestSummary.hint);
  assert.deepEqual(l5.compile.budget, { total: 10 });
  assert.equal(l5.receipt.partial, true);
  for (const shed of ['materializationKey', 'completeness', 'agentHints', 'quality']) assert.equal(l5[shed], undefined, shed);
});
