// `fit_markdown` (reading.md §12.6) and `content_selectors` (§12.7): selection passes that run before the
// budget. fit prunes paragraphs with BM25 against the focus query (or, unfocused, against the title and
// headings) and always drops boilerplate; selectors keep only the sections named by heading anchors.
import { OccamError } from '../contract/failures.ts';
import type { FocusQuery } from './focus.ts';
import { termMatches, termsOf } from './focus.ts';
import type { MdDocument } from './sections.ts';
import { joinBlocks, slugify } from './sections.ts';
import type { TokenCost } from './tokens.ts';

const K1 = 1.2;
const B = 0.75;
export const FIT_THRESHOLD = 0.12;
export const FIT_THRESHOLD_FOCUSED = 0.06;
/** Unfocused fit keeps a paragraph this long (in words) and not link-dominated even when BM25 scores it low. */
const SUBSTANTIVE_WORDS = 25;

const BOILERPLATE = new RegExp(
  [
    'subscribe', 'newsletter', 'sign up', 'share on', 'follow us', 'all rights reserved', 'accept all cookies',
    'advertisement', 'sponsored', 'related articles', 'related posts', 'was this page helpful', 'edit this page',
    'improve this page', 'report an issue', 'skip to content', 'cookie preferences', 'privacy policy',
    'terms of use', 'terms of service', 'min read', 'previous post', 'next post', 'read more', 'continue reading',
    'carbon ads',
  ]
    .map((p) => `\\b${p.replace(/ /g, '\\s+')}\\b`)
    .join('|'),
  'i',
);
/** Only short blocks are judged by boilerplate words: a long paragraph that mentions "privacy policy" is content. */
const BOILERPLATE_MAX_CHARS = 320;

export function isBoilerplate(text: string): boolean {
  return text.length <= BOILERPLATE_MAX_CHARS && BOILERPLATE.test(text);
}

function linkShare(text: string): number {
  let n = 0;
  for (const m of text.matchAll(/!?\[[^\]]*\]\([^)]*\)/g)) n += m[0].length;
  return text.length ? n / text.length : 0;
}

export interface FitResult {
  markdown: string;
  applied: boolean;
  paragraphsDropped: number;
  tokensDropped: number;
}

/**
 * Which query terms each document term matches (termMatches: equal, or one a prefix of the other when the shorter
 * has 4+ characters), by lookup rather than by trying every query term: an unfocused fit's query is every heading's
 * terms, a thousand on a long page, against tens of thousands of distinct page terms.
 */
function queryMatcher(query: readonly string[]): (term: string) => readonly number[] {
  const exact = new Map<string, number[]>();
  const byPrefix = new Map<string, number[]>(); // every 4+-character proper prefix of a query term → its indices
  const add = (m: Map<string, number[]>, k: string, qi: number) => {
    const list = m.get(k);
    if (!list) m.set(k, [qi]);
    else if (list[list.length - 1] !== qi) list.push(qi);
  };
  query.forEach((q, qi) => {
    add(exact, q, qi);
    for (let n = 4; n < q.length; n++) add(byPrefix, q.slice(0, n), qi);
  });
  const cache = new Map<string, readonly number[]>();
  return (term) => {
    let hits = cache.get(term);
    if (hits) return hits;
    const found = new Set<number>([...(exact.get(term) ?? []), ...(term.length >= 4 ? byPrefix.get(term) ?? [] : [])]);
    // The term is longer and a query term of 4+ characters is its prefix.
    for (let n = 4; n < term.length; n++) for (const qi of exact.get(term.slice(0, n)) ?? []) found.add(qi);
    hits = [...found].sort((a, b) => a - b);
    cache.set(term, hits);
    return hits;
  };
}

/**
 * BM25 scores of each paragraph against the query terms, normalised to 0–1 by the best paragraph. Term frequencies
 * are kept sparse (only the query terms a paragraph hits): a dense row per paragraph was 60,000 × 1,000 numbers,
 * half a gigabyte, on a 6 MB page with a thousand headings (issue 14).
 */
export function bm25Scores(paragraphs: readonly string[], query: readonly string[]): number[] {
  const hitsOf = queryMatcher(query);
  const lengths = new Array<number>(paragraphs.length);
  const tfs: Array<Map<number, number> | null> = new Array(paragraphs.length);
  const df = new Array<number>(query.length).fill(0);
  let totalLen = 0;
  paragraphs.forEach((p, di) => {
    const terms = termsOf(p);
    lengths[di] = terms.length;
    totalLen += terms.length;
    let tf: Map<number, number> | null = null;
    for (const t of terms) {
      for (const qi of hitsOf(t)) {
        tf ??= new Map();
        tf.set(qi, (tf.get(qi) ?? 0) + 1);
      }
    }
    tfs[di] = tf;
    if (tf) for (const qi of tf.keys()) df[qi]++;
  });
  const avgLen = totalLen / Math.max(1, paragraphs.length);
  let max = 0;
  const raw = tfs.map((tf, di) => {
    if (!tf) return 0;
    let s = 0;
    // Summed in query order, as the per-term formula is (floating-point sums depend on order).
    for (const qi of [...tf.keys()].sort((a, b) => a - b)) {
      const n = tf.get(qi)!;
      const idf = Math.log(1 + (paragraphs.length - df[qi] + 0.5) / (df[qi] + 0.5));
      s += (idf * n * (K1 + 1)) / (n + K1 * (1 - B + (B * lengths[di]) / Math.max(1, avgLen)));
    }
    if (s > max) max = s;
    return s;
  });
  return raw.map((s) => (max > 0 ? s / max : 0));
}

/**
 * `boilerplateOnly` is the prune `section` implies when no focus is given: reading one section should lose only
 * boilerplate, not short paragraphs that merely miss the heading's words.
 */
export function fitMarkdown(doc: MdDocument, query: FocusQuery | null, cost: TokenCost, opts: { boilerplateOnly?: boolean } = {}): FitResult {
  const original = joinBlocks(doc.blocks.map((b) => b.text));
  if (opts.boilerplateOnly) {
    const kept = doc.blocks.filter((b) => b.kind === 'heading' || !isBoilerplate(b.text));
    const markdown = joinBlocks(kept.map((b) => b.text));
    const dropped = doc.blocks.length - kept.length;
    return { markdown, applied: dropped > 0, paragraphsDropped: dropped, tokensDropped: Math.max(0, cost(original) - cost(markdown)) };
  }
  const bodyIdx = doc.blocks.filter((b) => b.kind !== 'heading' && b.kind !== 'marker').map((b) => b.index);
  if (bodyIdx.length <= 2) return { markdown: original, applied: false, paragraphsDropped: 0, tokensDropped: 0 };

  const queryTerms = query
    ? query.terms
    : [...new Set(doc.sections.filter((s) => s.level > 0).flatMap((s) => termsOf(s.heading)))];
  const texts = bodyIdx.map((i) => doc.blocks[i].text);
  const scores = bm25Scores(texts, queryTerms);
  const threshold = query ? FIT_THRESHOLD_FOCUSED : FIT_THRESHOLD;

  const keep = new Map<number, string>();
  bodyIdx.forEach((i, k) => {
    const block = doc.blocks[i];
    if (isBoilerplate(block.text)) return;
    if (query && block.kind === 'list' && linkShare(block.text) > 0.5) {
      // A focused TOC/link list keeps only the bullets whose anchor text hits a term (cap 30 lines).
      const lines = block.text.split('\n').filter((l) => termsOf(l.replace(/\]\([^)]*\)/g, ']')).some((t) => query.terms.some((q) => termMatches(t, q))));
      if (lines.length) keep.set(i, lines.slice(0, 30).join('\n'));
      return;
    }
    const words = block.text.split(/\s+/).filter(Boolean).length;
    const substantive = !query && words >= SUBSTANTIVE_WORDS && linkShare(block.text) < 0.5;
    if (scores[k] >= threshold || substantive) keep.set(i, block.text);
  });

  // Headings survive when their own body did, H1 when anything did, and (focused) when they match the query.
  const anyBody = keep.size > 0;
  for (const s of doc.sections) {
    if (s.level === 0) continue;
    const h = s.firstBlock;
    let bodyKept = false;
    for (let i = s.firstBlock + 1; i < s.subtreeEnd; i++) if (keep.has(i)) bodyKept = true;
    const matches = query ? termsOf(s.heading).some((t) => query.terms.some((q) => termMatches(t, q))) : false;
    if (bodyKept || (s.level === 1 && anyBody) || matches) keep.set(h, doc.blocks[h].text);
  }

  const kept = [...keep.keys()].sort((a, b) => a - b);
  if (kept.length < 2) {
    if (!query) return { markdown: original, applied: false, paragraphsDropped: 0, tokensDropped: 0 };
    // Focused and nothing answers: the leading intro (first body blocks), never an invented summary.
    const intro = bodyIdx.slice(0, 2);
    const firstHeading = doc.blocks.find((b) => b.kind === 'heading' && b.index < (intro[0] ?? 0));
    const parts = [...(firstHeading ? [firstHeading.text] : []), ...intro.map((i) => doc.blocks[i].text)];
    const markdown = joinBlocks(parts);
    return { markdown, applied: true, paragraphsDropped: bodyIdx.length - intro.length, tokensDropped: Math.max(0, cost(original) - cost(markdown)) };
  }

  // Assemble; with focus, each run of dropped paragraphs leaves a SNIP note (only if the result is still shorter).
  const out: string[] = [];
  let droppedRun = 0;
  let droppedRunTokens = 0;
  const flushRun = () => {
    if (query && droppedRun > 0) out.push(`<!-- SNIP: (${droppedRun} paragraphs, ${droppedRunTokens} tokens, reason: bm25_below_threshold) -->`);
    droppedRun = 0;
    droppedRunTokens = 0;
  };
  let paragraphsDropped = 0;
  for (const b of doc.blocks) {
    if (keep.has(b.index)) {
      flushRun();
      out.push(keep.get(b.index) as string);
    } else if (b.kind !== 'heading') {
      droppedRun++;
      paragraphsDropped++;
      droppedRunTokens += cost(b.text);
    }
  }
  flushRun();
  let markdown = joinBlocks(out);
  if (query && cost(markdown) >= cost(original)) markdown = joinBlocks(out.filter((t) => !t.startsWith('<!-- SNIP: (')));
  return { markdown, applied: true, paragraphsDropped, tokensDropped: Math.max(0, cost(original) - cost(markdown)) };
}

/**
 * Parses `content_selectors`: a JSON string array (`["# API Reference"]`) or a comma/semicolon/newline list.
 * Invalid JSON, non-string entries or an empty list → invalid_arguments.
 */
export function parseContentSelectors(raw: string): string[] {
  const text = raw.trim();
  let list: string[];
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new OccamError('invalid_arguments', 'content_selectors is not valid JSON.');
    }
    if (!Array.isArray(parsed) || parsed.some((e) => typeof e !== 'string')) {
      throw new OccamError('invalid_arguments', 'content_selectors must be a JSON array of strings.');
    }
    list = parsed as string[];
  } else {
    list = text.split(/[,;\n]/);
  }
  list = list.map((s) => s.trim()).filter(Boolean);
  if (!list.length) throw new OccamError('invalid_arguments', 'content_selectors has no entries.');
  return list;
}

/** Ordinals of the sections a selector names: by heading text (and level when `#`s are given) or anchor slug. */
export function matchSelector(doc: MdDocument, selector: string): number[] {
  const m = /^(#{1,6})\s+(.*)$/.exec(selector.trim());
  const level = m ? m[1].length : null;
  const text = (m ? m[2] : selector.trim()).replace(/^#/, '');
  const norm = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const slug = slugify(text);
  return doc.sections
    .filter((s) => s.level > 0)
    .filter((s) => (level === null || s.level === level) && (s.heading.trim().toLowerCase().replace(/\s+/g, ' ') === norm || s.anchors.some((a) => a.toLowerCase() === slug || a.toLowerCase() === norm)))
    .map((s) => s.ordinal);
}

/** How many headings a miss lists (a long page's index would crowd out the message). */
export const MISS_HEADINGS_LISTED = 20;

/** ` Headings here: A · B · … (+N more).` — what a selector could have named. */
function headingsHint(doc: MdDocument): string {
  const headings = doc.sections.filter((s) => s.level > 0).map((s) => s.heading.trim()).filter(Boolean);
  if (headings.length === 0) return ' This page has no headings.';
  const shown = headings.slice(0, MISS_HEADINGS_LISTED).join(' · ');
  const more = headings.length > MISS_HEADINGS_LISTED ? ` (+${headings.length - MISS_HEADINGS_LISTED} more)` : '';
  return ` Headings here: ${shown}${more}.`;
}

/** Keeps only the matched sections (with their subsections), in document order; none → content_selectors_miss. */
export function applySelectors(doc: MdDocument, selectors: readonly string[]): string {
  const keep = new Set<number>();
  for (const sel of selectors) {
    for (const ordinal of matchSelector(doc, sel)) {
      const s = doc.sections[ordinal];
      for (let i = s.firstBlock; i < s.subtreeEnd; i++) keep.add(i);
    }
  }
  if (!keep.size) {
    throw new OccamError('content_selectors_miss', `No section matched ${selectors.map((s) => JSON.stringify(s)).join(', ')}.${headingsHint(doc)}`);
  }
  return joinBlocks([...keep].sort((a, b) => a - b).map((i) => doc.blocks[i].text));
}
