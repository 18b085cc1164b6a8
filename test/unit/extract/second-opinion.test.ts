// The second opinion (src/extract/second-opinion.ts): an independent density candidate computed on every read, its
// agreement with the engine's choice, the fitted decision between them, and the optional trace of decisions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDocument } from '../../../src/extract/index.ts';
import { findFirst, parseHtml } from '../../../src/extract/dom.ts';
import { TextStats } from '../../../src/extract/main-content.ts';
import { FEATURE_NAMES, agreementOf, densityProbability } from '../../../src/extract/second-opinion.ts';
import { AGREEMENT_FLOOR } from '../../../src/extract/rules/second-opinion.ts';
import model from '../../../src/extract/model.json' with { type: 'json' };

const SENTENCE = 'The council voted on Tuesday to close the old river bridge for repairs, and the work will take most of the summer.';
const story = (n: number): string => Array.from({ length: n }, (_, i) => `<p>${SENTENCE} Paragraph ${i + 1} adds what the engineers found, and when.</p>`).join('');

test('an article both candidates agree on: agreement near 1, the engine’s read, no trace unless asked', () => {
  const html = `<!DOCTYPE html><html><head><title>Bridge closes</title></head><body><nav><a href="/">Home</a></nav><article><h1>Bridge closes</h1>${story(6)}</article></body></html>`;
  const r = extractDocument({ html, url: 'https://news.test/bridge' });
  assert.ok(r.agreement >= AGREEMENT_FLOOR.value && r.agreement <= 1, String(r.agreement));
  assert.equal(r.candidate, 'engine');
  assert.equal(r.trace, undefined);
  const traced = extractDocument({ html, url: 'https://news.test/bridge' }, { trace: true });
  assert.ok(traced.trace && traced.trace.some((t) => t.stage === 'main-content' && t.rule === 'second-opinion:engine'), JSON.stringify(traced.trace));
  assert.equal(traced.markdown, r.markdown, 'tracing changes nothing in the read');
});

test('where the engine’s hint (a <main> full of teasers) and the density candidate (the story) disagree, both reads are available and the features are reported when forced', () => {
  const teasers = Array.from({ length: 80 }, (_, i) => `<div class="tile"><h3><a href="/section/${i}">Section ${i}</a></h3><div>Dek line one, no ${i}</div><div>Dek line two, no ${i}</div></div>`).join('');
  const html = `<!DOCTYPE html><html><head><title>Bridge closes</title></head><body><main>${teasers}</main><div class="x"><h1>Bridge closes</h1>${story(8)}</div></body></html>`;
  const engine = extractDocument({ html, url: 'https://news.test/bridge' }, { secondOpinion: 'engine' });
  const density = extractDocument({ html, url: 'https://news.test/bridge' }, { secondOpinion: 'density' });
  assert.ok(engine.agreement < AGREEMENT_FLOOR.value, String(engine.agreement));
  assert.equal(engine.opinionFeatures?.length, FEATURE_NAMES.length);
  assert.ok(density.markdown.includes('Paragraph 8 adds'), density.markdown);
  assert.ok(!density.markdown.includes('Section story 3'), density.markdown);
  assert.equal(density.candidate, 'density');
  // The fitted decision reads the same features and returns a probability.
  const p = densityProbability(engine.opinionFeatures!);
  assert.ok(p >= 0 && p <= 1);
  const auto = extractDocument({ html, url: 'https://news.test/bridge' });
  assert.equal(auto.candidate, p > 0.5 ? 'density' : 'engine');
});

test('agreement is shared text over the union of both candidates: nested roots share the inner one, disjoint roots nothing', () => {
  const doc = parseHtml(`<html><body><div id="outer"><div id="inner"><p>${SENTENCE}</p></div><p>${SENTENCE}</p></div><div id="other"><p>${SENTENCE}</p></div></body></html>`);
  const stats = new TextStats(doc);
  const byId = (id: string) => findFirst(doc, (e) => e.attribs.id === id)!;
  assert.equal(agreementOf([byId('outer')], [byId('outer')], stats), 1);
  assert.ok(Math.abs(agreementOf([byId('outer')], [byId('inner')], stats) - 0.5) < 0.01);
  assert.equal(agreementOf([byId('inner')], [byId('other')], stats), 0);
});

test('the shipped model file names the features the code computes, in order', () => {
  assert.deepEqual(model.features, [...FEATURE_NAMES]);
  assert.equal(model.weights.length, FEATURE_NAMES.length);
});
