// Issue 14: the whole-document text is built node by node and text lengths are counted by walking, without a
// page-sized rope or regex pass. These scans must give exactly what the regex definitions give, on every kind of
// whitespace JavaScript's `\s` knows (and on look-alikes it does not), across element and text-node boundaries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapse, collapseSpaces, collapsedTextLength, parseHtml, rawText, textOf } from '../../../src/extract/dom.ts';
import { rng } from '../../helpers/rng.ts';

// `\s` members (ASCII, NBSP, ogham, en quad…hair space, LS, PS, narrow NBSP, MMSP, ideographic, BOM) and two
// characters that are not (Mongolian vowel separator, zero-width space), plus markup that splits text nodes.
const PIECES = [
  'a', 'b', 'é', ' ', '  ', '\n', '\t', '\r\n', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029',
  '\u202f', '\u205f', '\u3000', '\ufeff', '\u180e', '\u200b', '<b>', '</b>', '<i> ', '</i>', '<p>', '</p>',
  '<script>x  y</script>', '<!-- c  d -->', '&nbsp;', '&#x2028;', '&#9;',
];

function randomText(next: () => number, max: number): string {
  let s = '';
  const n = Math.floor(next() * max);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

test('issue 14: collapseSpaces and collapse equal their regex definitions on random whitespace mixes', () => {
  const next = rng(14);
  for (let k = 0; k < 5000; k++) {
    const s = randomText(next, 40);
    assert.equal(collapseSpaces(s), s.replace(/\s+/g, ' '), JSON.stringify(s));
    assert.equal(collapse(s), s.replace(/\s+/g, ' ').trim(), JSON.stringify(s));
  }
});

test('issue 14: textOf and collapsedTextLength equal collapse(rawText) and its untrimmed length across text nodes', () => {
  const next = rng(1414);
  for (let k = 0; k < 3000; k++) {
    const html = `<div>${randomText(next, 40)}</div>`;
    const doc = parseHtml(html);
    const raw = rawText(doc);
    assert.equal(textOf(doc), raw.replace(/\s+/g, ' ').trim(), JSON.stringify(html));
    assert.equal(collapsedTextLength(doc), raw.replace(/\s+/g, ' ').length, JSON.stringify(html));
  }
});

test('issue 14: elements without attributes share one frozen empty object; the others keep their own', () => {
  const doc = parseHtml('<html><body><main><p>a</p><p class="x">b</p><em>c</em></main></body></html>');
  const els: Array<{ name: string; attribs: Record<string, string> }> = [];
  const walk = (n: any) => {
    for (const c of n.children ?? []) {
      if (c.name) els.push(c);
      walk(c);
    }
  };
  walk(doc);
  const bare = els.filter((e) => !e.attribs.class);
  assert.equal(bare.length, 5, 'html, body, main, the first p and em have no attributes');
  assert.ok(bare.every((e) => e.attribs === bare[0].attribs && Object.isFrozen(e.attribs)));
  const classed = els.find((e) => e.attribs.class === 'x')!;
  assert.notEqual(classed.attribs, bare[0].attribs);
  assert.deepEqual(classed.attribs, { class: 'x' });
});
