// A language-independent block classifier for article pages, in the spirit of jusText: each rendered block is judged
// by its length, link density and stop-word density (function words are what running prose is made of; bylines,
// datelines, tag lines, widget labels and teaser headlines are names and nouns), short blocks take the class of their
// neighbours ("context smoothing"), and the article ends at its last good block. After it, headings, short labels
// without a sentence end and link lists are dropped; sentences, lists and longer blocks stay (measured: dropping
// prose islands or low-stop-word paragraphs there cost more recall than it gained precision on the reading sets).
// Nothing inside the run of good blocks is touched, so headings, code and tables in the article always stay.
import type { ContentBlock } from './types.ts';
import { pickStopwords, wordsOf } from './stopwords.ts';

export type BlockClass = 'good' | 'near' | 'short' | 'bad';

const LENGTH_LOW = 70;
const LENGTH_HIGH = 200;
const STOP_LOW = 0.3;
const STOP_HIGH = 0.32;
const MAX_LINK_DENSITY = 0.2;

/** Characters of link text in a block's Markdown (`[text](url)`), over its plain-text length. */
export function linkTextShare(b: ContentBlock): number {
  if (!b.links?.length || b.text.length === 0) return 0;
  let chars = 0;
  for (const m of b.markdown.matchAll(/\[([^\]]*)\]\([^)]*\)/g)) chars += m[1].length;
  return Math.min(1, chars / b.text.length);
}

/** The jusText classes before smoothing; `stop` is the page language's stop-word set, `scale` its calibration. */
export function classifyBlock(b: ContentBlock, stop: Set<string>, scale: number): BlockClass {
  const t = b.text;
  const ld = linkTextShare(b);
  if (ld > MAX_LINK_DENSITY) return 'bad';
  if (t.length < LENGTH_LOW) return ld > 0 ? 'bad' : 'short';
  const words = wordsOf(t);
  let hits = 0;
  for (const w of words) if (stop.has(w)) hits++;
  const density = words.length ? hits / words.length / scale : 0;
  if (density >= STOP_HIGH) return t.length > LENGTH_HIGH ? 'good' : 'near';
  return density >= STOP_LOW ? 'near' : 'bad';
}

const FIXED = new Set(['code', 'table', 'image']);

/** A line opened by an enumeration mark ("2. ", "b) ", "(iv) "): an item of a numbered list set as paragraphs. */
const ENUMERATED = /^(?:\d{1,3}[.)]|[a-z][.)]|\([\divx]{1,4}\))\s+\p{L}/iu;

/** A paragraph that is one item of a hand-numbered list: content like a list's item, never a label. */
export function isEnumeratedLine(b: ContentBlock): boolean {
  return b.kind === 'paragraph' && ENUMERATED.test(b.text.trim());
}

/**
 * Indexes of `blocks` (from `from` on; `keep[i]` false ones ignored) that the classifier rejects on an article page.
 * Returns an empty list when the page gives too little evidence (no stop-word language, fewer than two good blocks).
 */
export function rejectByClass(blocks: ContentBlock[], keep: boolean[], from = 1): number[] {
  const idx: number[] = [];
  for (let i = from; i < blocks.length; i++) if (keep[i]) idx.push(i);
  const sample: string[] = [];
  for (const i of idx) {
    if (sample.length > 4000) break;
    for (const w of wordsOf(blocks[i].text)) sample.push(w);
  }
  const lang = pickStopwords(sample);
  if (!lang) return [];
  // The lists are short: a language whose prose hits them less (rich morphology) gets its thresholds scaled so that
  // the page's own running text sits where English prose sits on the English list.
  const scale = Math.min(1, Math.max(0.5, lang.share / 0.4));
  const cls = idx.map((i) => (blocks[i].kind === 'heading' ? 'short' : classifyBlock(blocks[i], lang.set, scale)));
  // Context smoothing: near-good next to good is good; short takes its neighbours' class (bad when either side is
  // bad and neither good).
  const nearestNonShort = (k: number, step: number): BlockClass | undefined => {
    for (let j = k + step; j >= 0 && j < cls.length; j += step) if (cls[j] !== 'short') return cls[j];
    return undefined;
  };
  for (let k = 0; k < cls.length; k++) if (cls[k] === 'near' && (nearestNonShort(k, -1) === 'good' || nearestNonShort(k, 1) === 'good')) cls[k] = 'good';
  const smooth = cls.map((c, k) => {
    if (c !== 'short') return c;
    const prev = nearestNonShort(k, -1);
    const next = nearestNonShort(k, 1);
    if (prev === 'good' && next === 'good') return 'good';
    if (prev !== 'good' && next !== 'good') return 'bad';
    return 'short';
  });
  // Runs of good blocks; the main run is the one with the most text.
  const runs: Array<{ start: number; end: number; chars: number }> = [];
  for (let k = 0; k < smooth.length; k++) {
    if (smooth[k] !== 'good') continue;
    const last = runs[runs.length - 1];
    // A run continues across short/near blocks and a lone bad one (a link-heavy sentence), not across two.
    if (last && smooth.slice(last.end + 1, k).filter((c) => c === 'bad').length < 2) {
      last.end = k;
      last.chars += blocks[idx[k]].text.length;
    } else runs.push({ start: k, end: k, chars: blocks[idx[k]].text.length });
  }
  if (runs.length === 0) return [];
  const main = runs.reduce((a, r) => (r.chars > a.chars ? r : a));
  if (main.chars < 400) return []; // too little prose to call anything the article's end
  const out: number[] = [];
  const lastGood = runs[runs.length - 1].end;
  for (let k = lastGood + 1; k < smooth.length; k++) {
    const b = blocks[idx[k]];
    if (FIXED.has(b.kind) || b.markdown.trimStart().startsWith('![')) continue;
    // What stays after the last good block unless link-heavy: a closing sentence ("Thanks for reading."), a list
    // (ingredients, sources, product credits), any block long enough to say something (the short stop-word lists
    // miss some prose). What goes: headings, short labels and bylines without a sentence end, link lists.
    const sentence = /[.!?…:]["»”)]?$/.test(b.text.trim()) || b.kind === 'list' || isEnumeratedLine(b) || (b.kind !== 'heading' && b.text.length >= LENGTH_LOW);
    if (linkTextShare(b) <= 0.5 && sentence) continue;
    out.push(idx[k]);
  }
  // A heading stays with its section: it goes only when nothing under it (up to the next heading) stays.
  const dropped = new Set(out);
  return out.filter((i) => {
    if (blocks[i].kind !== 'heading') return true;
    for (let j = i + 1; j < blocks.length && blocks[j].kind !== 'heading'; j++) if (keep[j] && !dropped.has(j)) return false;
    return true;
  });
}
