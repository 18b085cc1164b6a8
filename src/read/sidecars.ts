// Opt-in side outputs of occam_transcode (tools.md §3.1.3, reading.md §10, README decision 2): blocks, tables,
// chunks, block diff, must_contain, link compaction, block ranking and trust tags. Shapes are documented in
// docs/tools/occam_transcode.md. Pure functions over the extractor's output and the compiled Markdown.
import { createHash } from 'node:crypto';
import { bm25Scores, isBoilerplate } from '../budget/fit.ts';
import type { FocusQuery } from '../budget/focus.ts';
import { parseDocument } from '../budget/sections.ts';
import { linkTargetsOnce } from '../extract/index.ts';
import { classifyPassage } from '../extract/instructions.ts';

/** The block shape on the wire (playbooks.md §1, §11 member names). */
export interface WireBlock {
  type: string;
  text: string;
  sourceSelector: string;
  /** First 16 hex of SHA-256(type + text) — the hash `diff_against` takes (playbooks.md §13.2). */
  hash: string;
  level?: number;
  links?: string[];
  salience?: number;
  trust?: BlockTrust;
}

export interface SourceBlock {
  kind: string;
  text: string;
  markdown?: string;
  /** ContentBlock.linkedMarkdown: the block with the links `markdown` leaves as text (linked earlier). */
  linkedMarkdown?: string;
  selector: string;
  level?: number;
  links?: string[];
}

export function blockHash(type: string, text: string): string {
  return createHash('sha256').update(`${type}${text}`, 'utf8').digest('hex').slice(0, 16);
}

export function toWireBlocks(blocks: readonly SourceBlock[], opts: { compactLinks: boolean }): WireBlock[] {
  return blocks.map((b) => ({
    type: b.kind,
    text: b.text,
    sourceSelector: b.selector,
    hash: blockHash(b.kind, b.text),
    ...(b.level !== undefined ? { level: b.level } : {}),
    ...(!opts.compactLinks && b.links?.length ? { links: [...b.links] } : {}),
  }));
}

/**
 * rank_blocks: BM25 salience (0–1, 4 decimals) of each block against the focus query; blocks are returned
 * most salient first (document order breaks ties) so a budget keeps the ones that answer the query.
 */
export function rankBlocks(blocks: WireBlock[], query: FocusQuery): WireBlock[] {
  const scores = bm25Scores(blocks.map((b) => b.text), query.terms);
  return blocks
    .map((b, i) => ({ b: { ...b, salience: Math.round(scores[i] * 10_000) / 10_000 }, i }))
    .sort((x, y) => (y.b.salience ?? 0) - (x.b.salience ?? 0) || x.i - y.i)
    .map((x) => x.b);
}

/**
 * tag_trust: every block is page content (data, never instructions to the agent); blocks that address an AI
 * or give it orders are tagged `instruction_like`, boilerplate-looking blocks `boilerplate`.
 */
export type BlockTrust = 'page_content' | 'instruction_like' | 'boilerplate';

export function tagTrust(blocks: WireBlock[]): WireBlock[] {
  return blocks.map((b) => ({
    ...b,
    // The same detector as the read's `safety.instructions` (src/extract/instructions.ts): one finding, two views.
    trust: b.type !== 'code' && classifyPassage(b.text).length > 0 ? 'instruction_like' : isBoilerplate(b.text) ? 'boilerplate' : 'page_content',
  }));
}

export interface WireTable {
  caption?: string;
  headers: string[];
  rows: string[][];
  sourceSelector: string;
}

export function toWireTables(tables: ReadonlyArray<{ caption?: string; headers: string[]; rows: string[][]; selector: string }>): WireTable[] {
  return tables.map((t) => ({ ...(t.caption ? { caption: t.caption } : {}), headers: t.headers, rows: t.rows, sourceSelector: t.selector }));
}

/** Block-level diff against a previous read's block hashes. */
export interface BlockDiff {
  addedBlocks: Array<{ hash: string; type: string; text: string; sourceSelector: string }>;
  removedHashes: string[];
  blockHashes: string[];
}

export function diffBlocks(blocks: readonly WireBlock[], previous: readonly string[]): BlockDiff {
  const prev = new Set(previous.map((h) => h.toLowerCase()));
  const current = blocks.map((b) => b.hash);
  const currentSet = new Set(current);
  return {
    addedBlocks: blocks.filter((b) => !prev.has(b.hash)).map((b) => ({ hash: b.hash, type: b.type, text: b.text, sourceSelector: b.sourceSelector })),
    removedHashes: [...prev].filter((h) => !currentSet.has(h)),
    blockHashes: current,
  };
}

/** semantic_chunking: heading-aware chunks of at most `size` characters (a single larger block stays whole). */
export function chunkMarkdown(markdown: string, size: number): Array<{ text: string; headers: string[] }> {
  const doc = parseDocument(markdown);
  const chunks: Array<{ text: string; headers: string[] }> = [];
  let current: string[] = [];
  let currentLen = 0;
  let headers: string[] = [];
  const pathOf = (sectionOrdinal: number) => {
    const path: string[] = [];
    for (let s: number | null = sectionOrdinal; s !== null; s = doc.sections[s].parent) {
      if (doc.sections[s].level > 0) path.unshift(doc.sections[s].heading);
    }
    return path;
  };
  const flush = () => {
    if (current.length) chunks.push({ text: current.join('\n\n'), headers });
    current = [];
    currentLen = 0;
  };
  for (const b of doc.blocks) {
    const path = pathOf(b.section);
    const startsSection = b.kind === 'heading';
    if (current.length && (startsSection || currentLen + b.text.length + 2 > size)) flush();
    if (!current.length) headers = path;
    current.push(b.text);
    currentLen += b.text.length + 2;
  }
  flush();
  return chunks;
}

/** must_contain: case-insensitive search of the compiled body; up to 3 excerpts of ~160 characters. */
export function mustContain(markdown: string, needle: string): { verdict: 'MATCH' | 'NO_MATCH'; excerpts: string[]; hitCount: number } {
  const hay = markdown.toLowerCase();
  const want = needle.toLowerCase();
  const excerpts: string[] = [];
  let hitCount = 0;
  for (let at = hay.indexOf(want); at >= 0; at = hay.indexOf(want, at + want.length)) {
    hitCount++;
    if (excerpts.length < 3) {
      const from = Math.max(0, at - 60);
      const to = Math.min(markdown.length, at + want.length + 60);
      excerpts.push(`${from > 0 ? '…' : ''}${markdown.slice(from, to).replace(/\s+/g, ' ').trim()}${to < markdown.length ? '…' : ''}`);
    }
  }
  return { verdict: hitCount > 0 ? 'MATCH' : 'NO_MATCH', excerpts, hitCount };
}

/**
 * Blocks' Markdown with every link as the page has it. The extract links each target once over all its blocks, so
 * a part of the page (a section, a pruned read, the added blocks) is cut from this and then linked once itself.
 */
export function linkedMarkdownOf(blocks: readonly SourceBlock[]): string {
  return blocks.map((b) => b.linkedMarkdown ?? b.markdown ?? b.text).join('\n\n');
}

/** Each target linked where the Markdown first names it; code is left alone. */
export function linkEachTargetOnce(markdown: string): string {
  return linkTargetsOnce(markdown, new Set());
}

/** compact_links: `[text](url)` → `text`; images and code are left alone. */
export function compactLinks(markdown: string): string {
  const parts = markdown.split(/(```[\s\S]*?```)/g);
  return parts
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/(?<!!)\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1')))
    .join('');
}
