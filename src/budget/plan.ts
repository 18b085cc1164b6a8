// The budget planner (reading.md §12.2–12.3, §12.8): fits a document and its requested sidecars into
// `max_tokens`. Pure: it takes a parsed document, a token cost function and the budget, and returns what is
// kept, what was cut (the omitted manifest, per section, so the caller can ask for a `section` next), and the
// budget buckets. Cuts are pure selection at block boundaries; a block is split only when no whole block fits.
//
// What the budget covers ("whole-response budget", tools.md §3.1.3): the returned markdown, every requested
// sidecar as it is serialised (blocks, tables, chunks, mediaRefs, feed items, toc) and a receipt reserve.
// Fixed envelope metadata (url, hashes, quality, timings) is constant-size and not charged.
import type { FocusQuery, FocusRanking, FocusStatus } from './focus.ts';
import { DEFINITIONAL, rankSections, termMatches, termsOf } from './focus.ts';
import type { MdBlock, MdDocument } from './sections.ts';
import { joinBlocks } from './sections.ts';
import type { TokenCost } from './tokens.ts';

export type TruncationStrategy = 'head_safe' | 'focus_window' | 'sandwich' | 'response_budget';

export const RECEIPT_RESERVE_TOKENS = 48;
/** Below `detail:"full"` only the receipt's reference travels (`{id, keyId}`, issue 29): its reserve. */
export const RECEIPT_REF_RESERVE_TOKENS = 32;
export const RECEIPT_RESERVE_PER_LEAF = 16;
export const MIN_MAX_TOKENS = 128;

export const HEAD_SAFE_MARKER = '<!-- SNIP: tail (reason: head_safe) -->';
export const SANDWICH_MARKER = '<!-- SNIP: middle (reason: budget_exceeded) -->';
export const unchosenMarker = (n: number) => `<!-- SNIP: ${n} unchosen (reason: budget_exceeded) -->`;

/** Sidecars in the order they fill what the markdown leaves (§12.2). */
export const SIDECAR_ORDER = ['screenshot', 'blocks', 'tables', 'chunks', 'media', 'feed', 'toc'] as const;
export type SidecarKind = (typeof SIDECAR_ORDER)[number];

export interface PlanInput {
  doc: MdDocument;
  /** null = no cap: nothing is cut. */
  maxTokens: number | null;
  query: FocusQuery | null;
  fragment: string | null;
  /** Requested sidecars only; unrequested sidecars cost nothing. */
  sidecars: Partial<Record<SidecarKind, unknown[]>>;
  /** Retained block leaves the receipt will carry (16 tokens each on top of the 48-token reserve). */
  receiptLeaves?: number;
  /** Overrides the reserve above with a measured receipt cost (the pipeline measures its real receipt). */
  receiptReserve?: number;
  cost: TokenCost;
}

export interface OmittedSection {
  ordinal: number;
  heading: string;
  anchor?: string;
  /** Blocks of this section that were cut (a partially kept block counts as cut). */
  blocks: number[];
  tokens: number;
  /** Some of the section's own blocks are still in the markdown. */
  partial?: true;
}

export interface Omitted {
  reason: TruncationStrategy;
  tokensDropped: number;
  regions: Array<'tail' | 'middle' | 'unchosen' | 'structured'>;
  sections?: number;
  structured?: Partial<Record<'screenshot' | 'blocks' | 'tables' | 'chunks' | 'media' | 'feedItems' | 'toc', number | boolean>>;
  /** Per-section manifest of everything cut from the markdown (block indexes into the parsed document). */
  manifest?: OmittedSection[];
}

export interface BudgetBuckets {
  total: number;
  markdown: number;
  blocks: number;
  tables: number;
  chunks: number;
  media: number;
  feed: number;
  toc?: number;
  screenshot?: number;
  receipt: number;
}

export type BlockFate = 'kept' | 'partial' | 'omitted';

export interface PlanResult {
  markdown: string;
  markdownTokens: number;
  truncated: boolean;
  strategy: TruncationStrategy | null;
  omitted?: Omitted;
  budget?: BudgetBuckets;
  /** Kept prefix of each requested sidecar. */
  sidecars: Partial<Record<SidecarKind, unknown[]>>;
  /** Fate of every block of the input document, by index. */
  fates: BlockFate[];
  focus?: { status: FocusStatus; confidence?: number; matchedAnchor?: string };
  completeness: { status: 'complete' | 'partial' | 'incomplete'; incompleteReason?: string; suggestedMinTokens?: number };
  ranking?: FocusRanking;
}

interface Piece {
  /** Block index, or -1 for a marker. */
  index: number;
  text: string;
}

const render = (pieces: readonly Piece[]) => joinBlocks(pieces.map((p) => p.text));

/**
 * Per-document facts every (re-)plan needs, computed once per document and cost function: each block's cost,
 * the whole document's cost (blocks plus one token per separator — an upper bound of the joined text, since
 * the tokenizers split at the blank line between blocks) and its rendered text. A 5,000-block page is planned
 * several times by the whole-response fit; counting it once keeps that linear.
 */
interface DocFacts {
  blockCost: number[];
  total: number;
  text: string;
  sectionLines: number;
}
const factsCache = new WeakMap<MdDocument, WeakMap<TokenCost, DocFacts>>();
function docFacts(doc: MdDocument, cost: TokenCost): DocFacts {
  let byCost = factsCache.get(doc);
  if (!byCost) factsCache.set(doc, (byCost = new WeakMap()));
  let facts = byCost.get(cost);
  if (!facts) {
    const blockCost = doc.blocks.map((b) => cost(b.text));
    const text = render(doc.blocks.map((b) => ({ index: b.index, text: b.text })));
    const total = blockCost.reduce((n, c) => n + c, 0) + Math.max(0, doc.blocks.length - 1) * SEP;
    facts = { blockCost, total, text, sectionLines: countSectionLines(text) };
    byCost.set(cost, facts);
  }
  return facts;
}

/** Largest prefix of `text` whose cost ≤ budget, cut back to a word boundary and never inside a link/URL. */
export function safePrefix(text: string, budget: number, cost: TokenCost): string {
  if (budget <= 0) return '';
  if (cost(text) <= budget) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (cost(text.slice(0, mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  let cut = lo;
  // Past half of what fits, prefer a line boundary.
  const nl = text.lastIndexOf('\n', cut);
  if (nl > cut / 2) cut = nl;
  else {
    // Never mid-word: back up to whitespace.
    while (cut > 0 && !/\s/.test(text[cut]) && !/\s/.test(text[cut - 1])) cut--;
  }
  let head = text.slice(0, cut);
  // Never inside `[text](url)` or a URL: drop an unterminated link or a URL cut short, repeatedly.
  for (;;) {
    const open = head.lastIndexOf('[');
    const tail = open >= 0 ? head.slice(open) : '';
    let back = -1;
    if (open >= 0 && (!tail.includes(']') || /\]\([^)]*$/.test(tail))) back = open > 0 && head[open - 1] === '!' ? open - 1 : open;
    else {
      const url = /(?<![\](])\(?https?:\/\/\S*$/.exec(head);
      if (url) back = url.index;
    }
    if (back < 0) break;
    head = head.slice(0, back);
  }
  return head.replace(/\s+$/, '');
}

/** A block cut to a budget, keeping its syntax valid (fences closed, table header kept). */
function cutBlock(block: MdBlock, budget: number, cost: TokenCost): string | null {
  if (block.kind === 'heading' || block.kind === 'marker') return null;
  if (block.kind === 'code') {
    const lines = block.text.split('\n');
    const fence = /^\s*(`{3,}|~{3,})/.exec(lines[0])?.[1] ?? '```';
    const kept: string[] = [lines[0]];
    for (let i = 1; i < lines.length - 1; i++) {
      const trial = [...kept, lines[i], fence].join('\n');
      if (cost(trial) > budget) break;
      kept.push(lines[i]);
    }
    return kept.length > 1 ? [...kept, fence].join('\n') : null;
  }
  if (block.kind === 'table') {
    const rows = block.text.split('\n');
    if (rows.length < 3) return null;
    const kept = rows.slice(0, 2);
    for (let i = 2; i < rows.length; i++) {
      if (cost([...kept, rows[i]].join('\n')) > budget) break;
      kept.push(rows[i]);
    }
    return kept.length > 2 ? kept.join('\n') : null;
  }
  const prefix = safePrefix(block.text, budget, cost);
  return prefix.trim().length ? prefix : null;
}

/** How well one block answers the query: capped term hits (primary anchors first), plus whole phrases. */
export function blockScore(text: string, query: FocusQuery): number {
  const wanted = query.primary.length ? query.primary : query.terms;
  if (!wanted.length) return 0;
  const lower = text.toLowerCase();
  const terms = termsOf(text);
  let score = 0;
  for (const w of wanted) {
    const n = w.includes(' ') || /[./_]/.test(w) ? lower.split(w).length - 1 : terms.filter((t) => termMatches(t, w)).length;
    score += Math.min(3, n) / 3;
  }
  for (const t of query.supporting) if (terms.some((x) => termMatches(x, t))) score += 0.1;
  return score / wanted.length;
}

/**
 * The minimal answer unit of a chosen section (reading.md §12.5): its heading, its first *explanatory* body block
 * (prose — the definitional paragraph that names the query when there is one, else the first paragraph naming a
 * query term, else the first paragraph; an infobox table or a notice banner before it does not explain), then the
 * list/table/code tightly coupled after that block.
 */
function answerUnit(blocks: readonly MdBlock[], subtree: number[], query: FocusQuery | null): number[] {
  const start = subtree.findIndex((i) => blocks[i].kind !== 'heading');
  if (start < 0) return subtree.slice(0, 1);
  const unit: number[] = blocks[subtree[0]].kind === 'heading' ? [subtree[0]] : [];
  // Explanatory candidates: paragraphs and quotes up to the first sub-heading (the section's own body).
  const own: number[] = [];
  for (const i of subtree.slice(start)) {
    if (blocks[i].kind === 'heading') break;
    if (blocks[i].kind === 'paragraph' || blocks[i].kind === 'quote') own.push(i);
  }
  const names = (i: number) => (query ? blockScore(blocks[i].text, query) > 0 : false);
  const body =
    own.find((i) => names(i) && DEFINITIONAL.test(blocks[i].text)) ??
    own.find(names) ??
    own.find((i) => blocks[i].text.length >= 80) ??
    subtree[start];
  const at = subtree.indexOf(body);
  // A body found under a sub-heading brings that heading along.
  const subHeading = subtree.slice(0, at).findLast((i) => blocks[i].kind === 'heading');
  if (subHeading !== undefined && !unit.includes(subHeading)) unit.push(subHeading);
  unit.push(body);
  for (const i of subtree.slice(at + 1)) {
    if (!['list', 'table', 'code'].includes(blocks[i].kind)) break;
    unit.push(i);
  }
  return unit;
}

/** Separator cost between pieces, charged conservatively. */
const SEP = 1;

/**
 * Greedily keeps blocks (in the given order) whose running cost stays within `budget`; optionally splits the
 * first block that does not fit when nothing (or less than half the budget) is kept yet.
 */
function fillBlocks(
  blocks: readonly MdBlock[],
  order: readonly number[],
  budget: number,
  cost: TokenCost,
  blockCost: readonly number[],
  opts: { split: boolean; stopAtFirstMiss: boolean },
): { pieces: Piece[]; used: number; partial: number | null } {
  const pieces: Piece[] = [];
  let used = 0;
  let partial: number | null = null;
  for (const i of order) {
    const need = blockCost[i] + (pieces.length ? SEP : 0);
    if (used + need <= budget) {
      pieces.push({ index: i, text: blocks[i].text });
      used += need;
      continue;
    }
    if (opts.split && partial === null && used < budget / 2) {
      const room = budget - used - (pieces.length ? SEP : 0);
      const text = room > 4 ? cutBlock(blocks[i], room, cost) : null;
      if (text) {
        pieces.push({ index: i, text });
        used += cost(text) + (pieces.length > 1 ? SEP : 0);
        partial = i;
      }
    }
    if (opts.stopAtFirstMiss) break;
  }
  return { pieces, used, partial };
}

/** Drops trailing non-marker pieces until the exact cost of the rendered text fits. */
function enforce(pieces: Piece[], cap: number, cost: TokenCost, protect: (p: Piece) => boolean): Piece[] {
  const out = [...pieces];
  while (out.length && cost(render(out)) > cap) {
    let k = out.length - 1;
    while (k >= 0 && protect(out[k])) k--;
    if (k < 0) break;
    out.splice(k, 1);
  }
  return out;
}

function countSectionLines(markdown: string): number {
  return (markdown.match(/^#{2,3} /gm) ?? []).length;
}

interface MarkdownPlan {
  markdown: string;
  strategy: TruncationStrategy | null;
  fates: BlockFate[];
  partialTexts: Map<number, string>;
  focusRanking?: FocusRanking;
  chosen?: number;
}

function planMarkdown(input: PlanInput, cap: number | null): MarkdownPlan {
  const { doc, cost } = input;
  const blocks = doc.blocks;
  const facts = docFacts(doc, cost);
  const all = facts.text;
  const focusWanted = Boolean(input.query) || Boolean(input.fragment);
  const ranking = focusWanted ? rankSections(doc, input.query, input.fragment) : undefined;
  const whole: MarkdownPlan = { markdown: all, strategy: null, fates: blocks.map(() => 'kept'), partialTexts: new Map(), focusRanking: ranking };
  if (cap === null || facts.total <= cap) return whole;

  const blockCost = facts.blockCost;
  const fates: BlockFate[] = blocks.map(() => 'omitted');
  const partialTexts = new Map<number, string>();
  const settle = (pieces: Piece[]) => {
    for (const p of pieces) {
      if (p.index < 0) continue;
      if (p.text === blocks[p.index].text) fates[p.index] = 'kept';
      else {
        fates[p.index] = 'partial';
        partialTexts.set(p.index, p.text);
      }
    }
  };
  const isMarker = (p: Piece) => p.index < 0;

  // focus_window: the best section's subtree, then other positively scored sections while they fit.
  if (ranking?.best) {
    const chosen = doc.sections[ranking.best.ordinal];
    const others = ranking.scores
      .filter((s) => s.score > 0 && s.ordinal !== chosen.ordinal && !(s.ordinal > chosen.ordinal && doc.sections[s.ordinal].firstBlock < chosen.subtreeEnd))
      .sort((a, b) => b.score - a.score || a.ordinal - b.ordinal);
    // Reserve the marker for the worst case (every other scored section left out).
    const marker = unchosenMarker(Math.max(1, others.length));
    const avail = cap - cost(marker) - SEP;
    const subtree = range(chosen.firstBlock, chosen.subtreeEnd);
    const unit = answerUnit(blocks, subtree, input.query);
    const first = fillBlocks(blocks, unit, avail, cost, blockCost, { split: true, stopAtFirstMiss: true });
    let pieces = first.pieces;
    let used = first.used;
    if (first.partial === null && pieces.length === unit.length) {
      // Then the section's other blocks by how well they answer the query (document order breaks ties).
      const inUnit = new Set(unit);
      const rest = subtree
        .filter((i) => !inUnit.has(i))
        .map((i) => ({ i, score: input.query ? blockScore(blocks[i].text, input.query) : 0 }))
        .sort((a, b) => b.score - a.score || a.i - b.i)
        .map((x) => x.i);
      const more = fillBlocks(blocks, rest, avail - used, cost, blockCost, { split: false, stopAtFirstMiss: false });
      pieces = [...pieces, ...more.pieces];
      used += more.used + (more.pieces.length ? SEP : 0);
      const chosenComplete = more.pieces.length === rest.length;
      if (chosenComplete) {
        // Sets and loops, not includes/some/spread: a long page's section holds tens of thousands of blocks.
        const taken = new Set(pieces.map((p) => p.index));
        for (const o of others) {
          const s = doc.sections[o.ordinal];
          const own = range(s.firstBlock, s.endBlock).filter((i) => !taken.has(i));
          const need = own.reduce((n, i) => n + blockCost[i] + SEP, 0);
          if (own.length && used + need <= avail) {
            for (const i of own) {
              pieces.push({ index: i, text: blocks[i].text });
              taken.add(i);
            }
            used += need;
          }
        }
      }
    }
    pieces.sort((a, b) => a.index - b.index);
    const includedSections = new Set(pieces.map((p) => blocks[p.index].section));
    const unchosen = others.filter((o) => !includedSections.has(o.ordinal)).length;
    const withMarker = (ps: Piece[]) => (unchosen > 0 ? [...ps, { index: -1, text: unchosenMarker(unchosen) }] : ps);
    pieces = enforce(withMarker(pieces), cap, cost, isMarker).filter((p) => !isMarker(p));
    settle(pieces);
    return { markdown: render(withMarker(pieces)), strategy: 'focus_window', fates, partialTexts, focusRanking: ranking, chosen: chosen.ordinal };
  }

  if (focusWanted) {
    // sandwich: 55 % head / 40 % tail of the budget left after the marker.
    const avail = cap - cost(SANDWICH_MARKER) - 2 * SEP;
    const head = fillBlocks(blocks, range(0, blocks.length), Math.floor(avail * 0.55), cost, blockCost, { split: true, stopAtFirstMiss: true });
    const headEnd = head.pieces.length ? head.pieces[head.pieces.length - 1].index + 1 : 0;
    const tailOrder = range(headEnd, blocks.length).reverse();
    const tail = fillBlocks(blocks, tailOrder, Math.floor(avail * 0.4), cost, blockCost, { split: false, stopAtFirstMiss: true });
    const marker = { index: -1, text: SANDWICH_MARKER };
    let pieces = [...head.pieces, marker, ...tail.pieces.reverse()];
    pieces = enforce(pieces, cap, cost, isMarker);
    settle(pieces);
    return { markdown: render(pieces), strategy: 'sandwich', fates, partialTexts, focusRanking: ranking };
  }

  // head_safe: the longest head that fits, then the tail marker.
  const avail = cap - cost(HEAD_SAFE_MARKER) - SEP;
  const head = fillBlocks(blocks, range(0, blocks.length), avail, cost, blockCost, { split: true, stopAtFirstMiss: true });
  const marker = { index: -1, text: HEAD_SAFE_MARKER };
  const pieces = enforce([...head.pieces, marker], cap, cost, isMarker);
  settle(pieces);
  return { markdown: render(pieces), strategy: 'head_safe', fates, partialTexts };
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}

function manifestOf(input: PlanInput, plan: MarkdownPlan): OmittedSection[] {
  const { doc, cost } = input;
  const { blockCost } = docFacts(doc, cost);
  const out: OmittedSection[] = [];
  for (const s of doc.sections) {
    const cut: number[] = [];
    let tokens = 0;
    let anyKept = false;
    for (let i = s.firstBlock; i < s.endBlock; i++) {
      const fate = plan.fates[i];
      if (fate === 'kept') anyKept = true;
      if (fate === 'omitted') {
        cut.push(i);
        tokens += blockCost[i];
      }
      if (fate === 'partial') {
        anyKept = true;
        cut.push(i);
        tokens += Math.max(0, blockCost[i] - cost(plan.partialTexts.get(i) ?? ''));
      }
    }
    if (!cut.length) continue;
    const anchor = s.anchors.at(-1);
    out.push({ ordinal: s.ordinal, heading: s.heading, ...(anchor ? { anchor } : {}), blocks: cut, tokens, ...(anyKept ? { partial: true as const } : {}) });
  }
  return out;
}

/** Plans the whole response: markdown first within its cap, then sidecars greedily in §12.2 order. */
export function planResponse(input: PlanInput): PlanResult {
  const { cost } = input;
  const reserve = input.receiptReserve ?? RECEIPT_RESERVE_TOKENS + RECEIPT_RESERVE_PER_LEAF * (input.receiptLeaves ?? 0);
  const requested = SIDECAR_ORDER.filter((k) => input.sidecars[k] !== undefined);
  const sidecarCost = (k: SidecarKind, items: unknown[]) => (items.length ? cost(JSON.stringify(items)) : 0);

  let mdCap: number | null = null;
  let pool = 0;
  if (input.maxTokens !== null) {
    // pool = budget minus the receipt reserve; the markdown keeps at least half of it (§12.2). The spec's
    // max(128, …) floors are not applied where they would let total exceed max_tokens.
    pool = Math.max(0, input.maxTokens - reserve);
    const floor = Math.max(Math.min(MIN_MAX_TOKENS, pool), Math.floor(pool / 2));
    const structured = requested.reduce((n, k) => n + sidecarCost(k, input.sidecars[k] ?? []), 0);
    mdCap = Math.max(floor, pool - Math.min(structured, pool - floor));
  }

  const md = planMarkdown(input, mdCap);
  const markdownTokens = cost(md.markdown);

  const kept: Partial<Record<SidecarKind, unknown[]>> = {};
  const spent: Partial<Record<SidecarKind, number>> = {};
  const structuredCut: Omitted['structured'] = {};
  let remaining = input.maxTokens === null ? Infinity : pool - markdownTokens;
  for (const k of requested) {
    const items = input.sidecars[k] ?? [];
    let n = items.length;
    if (remaining !== Infinity) {
      // Largest prefix whose serialised cost fits.
      while (n > 0 && sidecarCost(k, items.slice(0, n)) > remaining) {
        const ratio = remaining / Math.max(1, sidecarCost(k, items.slice(0, n)));
        n = Math.min(n - 1, Math.max(0, Math.floor(n * ratio)));
      }
      while (n < items.length && sidecarCost(k, items.slice(0, n + 1)) <= remaining) n++;
    }
    kept[k] = items.slice(0, n);
    spent[k] = sidecarCost(k, kept[k] as unknown[]);
    if (remaining !== Infinity) remaining -= spent[k] as number;
    if (n < items.length) structuredCut[k === 'feed' ? 'feedItems' : k] = k === 'screenshot' ? true : items.length - n;
  }

  const markdownCut = md.strategy !== null;
  const sidecarsCut = Object.keys(structuredCut).length > 0;
  const strategy: TruncationStrategy | null = md.strategy ?? (sidecarsCut ? 'response_budget' : null);
  const truncated = strategy !== null;

  let omitted: Omitted | undefined;
  if (truncated) {
    const facts = docFacts(input.doc, cost);
    const original = facts.total;
    const regions: Omitted['regions'] = [];
    if (md.strategy === 'head_safe') regions.push('tail');
    if (md.strategy === 'sandwich') regions.push('middle');
    if (md.strategy === 'focus_window') regions.push('unchosen');
    if (sidecarsCut) regions.push('structured');
    const sectionDrop = facts.sectionLines - countSectionLines(md.markdown);
    const manifest = markdownCut ? manifestOf(input, md) : [];
    omitted = {
      reason: strategy as TruncationStrategy,
      tokensDropped: Math.max(0, original - markdownTokens),
      regions,
      ...(sectionDrop > 0 ? { sections: sectionDrop } : {}),
      ...(sidecarsCut ? { structured: structuredCut } : {}),
      ...(manifest.length ? { manifest } : {}),
    };
  }

  let budget: BudgetBuckets | undefined;
  if (input.maxTokens !== null) {
    budget = {
      total: 0,
      markdown: markdownTokens,
      blocks: spent.blocks ?? 0,
      tables: spent.tables ?? 0,
      chunks: spent.chunks ?? 0,
      media: spent.media ?? 0,
      feed: spent.feed ?? 0,
      ...(spent.toc !== undefined ? { toc: spent.toc } : {}),
      ...(spent.screenshot !== undefined ? { screenshot: spent.screenshot } : {}),
      receipt: reserve,
    };
    budget.total =
      budget.markdown + budget.blocks + budget.tables + budget.chunks + budget.media + budget.feed + (budget.toc ?? 0) + (budget.screenshot ?? 0) + budget.receipt;
  }

  // Focus verdict and completeness.
  let focus: PlanResult['focus'];
  if (md.focusRanking) {
    const r = md.focusRanking;
    focus = { status: r.status, ...(r.confidence > 0 ? { confidence: r.confidence } : {}), ...(r.matchedAnchor ? { matchedAnchor: r.matchedAnchor } : {}) };
  }
  let completeness: PlanResult['completeness'] = { status: 'complete' };
  if (markdownCut) {
    const fullCost = docFacts(input.doc, cost).total;
    if (md.strategy === 'focus_window' && md.chosen !== undefined) {
      const s = input.doc.sections[md.chosen];
      const answer = range(s.firstBlock, s.subtreeEnd);
      const whole = answer.every((i) => md.fates[i] === 'kept');
      const need = cost(render(answer.map((i) => ({ index: i, text: input.doc.blocks[i].text })))) + reserve + 16;
      completeness = whole
        ? { status: 'partial', incompleteReason: 'other_sections_omitted' }
        : { status: 'incomplete', incompleteReason: 'budget_exceeded', suggestedMinTokens: Math.max(MIN_MAX_TOKENS, need) };
    } else {
      completeness = { status: 'incomplete', incompleteReason: 'budget_exceeded', suggestedMinTokens: Math.max(MIN_MAX_TOKENS, fullCost + reserve + 16) };
    }
  } else if (sidecarsCut) {
    completeness = { status: 'partial', incompleteReason: 'structured_trimmed' };
  }

  return {
    markdown: md.markdown,
    markdownTokens,
    truncated,
    strategy,
    ...(omitted ? { omitted } : {}),
    ...(budget ? { budget } : {}),
    sidecars: kept,
    fates: md.fates,
    ...(focus ? { focus } : {}),
    completeness,
    ...(md.focusRanking ? { ranking: md.focusRanking } : {}),
  };
}
