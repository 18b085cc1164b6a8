// The Markdown as the budget planner sees it (reading.md §12.4): an ordered list of blocks (a heading, a
// paragraph, a whole fenced code block, a whole table, a whole list, a quote), grouped into sections by ATX
// headings. Blocks are the unit of every cut, so a truncation never splits a table, a list or a code fence
// unless one block alone is larger than the whole budget.

export type BlockKind = 'heading' | 'paragraph' | 'code' | 'table' | 'list' | 'quote' | 'marker';

export interface MdBlock {
  index: number;
  kind: BlockKind;
  text: string;
  /** Ordinal of the section that owns the block (0 = preamble when present). */
  section: number;
}

export interface MdSection {
  /** 0-based position in the section list; the preamble (text before the first heading) is `Document`. */
  ordinal: number;
  /** 1–6 for headings, 0 for the preamble. */
  level: number;
  heading: string;
  /** Explicit `{#id}` first, then the GitHub-style slug (de-duplicated with -2, -3, …). */
  anchors: string[];
  parent: number | null;
  /** Own blocks: [firstBlock, endBlock). */
  firstBlock: number;
  endBlock: number;
  /** Blocks including descendant sections: [firstBlock, subtreeEnd). */
  subtreeEnd: number;
  /** Share of characters inside link syntax, 0–1, over the own body. */
  linkDensity: number;
  /** A table-of-contents / navigation list rather than prose. */
  indexLike: boolean;
}

export interface MdDocument {
  blocks: MdBlock[];
  sections: MdSection[];
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
const LIST_LINE = /^[ \t]*([*+-]|\d{1,9}[.)])[ \t]+/;
const SNIP_LINE = /^<!-- SNIP:.*-->$/;

function kindOf(text: string): BlockKind {
  const first = text.split('\n', 1)[0];
  if (SNIP_LINE.test(text.trim())) return 'marker';
  if (HEADING.test(first) && !text.includes('\n')) return 'heading';
  if (FENCE.test(first)) return 'code';
  if (/^\s*\|/.test(first)) return 'table';
  if (LIST_LINE.test(first)) return 'list';
  if (/^\s*>/.test(first)) return 'quote';
  return 'paragraph';
}

/** Splits Markdown into blocks: blank lines separate blocks, except inside fences; headings stand alone. */
export function splitBlocks(markdown: string): string[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    while (current.length && current[current.length - 1].trim() === '') current.pop();
    if (current.length) out.push(current.join('\n'));
    current = [];
  };
  for (const line of lines) {
    if (fence) {
      current.push(line);
      const m = FENCE.exec(line);
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && line.trim() === m[1]) {
        fence = null;
        flush();
      }
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      flush();
      fence = open[1];
      current.push(line);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (HEADING.test(line)) {
      flush();
      out.push(line.trimEnd());
      continue;
    }
    current.push(line);
  }
  flush();
  return out;
}

/** GitHub-style slug: lower-case, punctuation dropped, spaces to hyphens. */
export function slugify(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

function headingOf(line: string): { level: number; text: string; explicitId: string | null } | null {
  const m = HEADING.exec(line);
  if (!m) return null;
  let text = m[2].trim();
  let explicitId: string | null = null;
  const id = /\s*\{#([A-Za-z0-9_.:-]+)\}\s*$/.exec(text);
  if (id) {
    explicitId = id[1];
    text = text.slice(0, id.index).trim();
  }
  return { level: m[1].length, text: text.replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1'), explicitId };
}

const LINK = /!?\[[^\]]*\]\([^)]*\)/g;

function linkDensityOf(texts: string[]): number {
  const joined = texts.join('\n');
  if (!joined.length) return 0;
  let inLinks = 0;
  for (const m of joined.matchAll(LINK)) inLinks += m[0].length;
  return inLinks / joined.length;
}

function isIndexLike(heading: string, texts: string[]): boolean {
  if (/^(table of )?contents$|^on this page$|^in this (article|section)$|^navigation$/i.test(heading.trim())) return true;
  const lines = texts.flatMap((t) => t.split('\n')).filter((l) => l.trim());
  if (lines.length < 4) return false;
  const linkItems = lines.filter((l) => LIST_LINE.test(l) && /^\s*([*+-]|\d+[.)])\s+\[[^\]]+\]\([^)]*\)\s*$/.test(l)).length;
  return linkItems / lines.length >= 0.7;
}

/** Parses Markdown into blocks and the section index. */
export function parseDocument(markdown: string): MdDocument {
  const texts = splitBlocks(markdown);
  const blocks: MdBlock[] = [];
  const sections: MdSection[] = [];
  const seenSlugs = new Map<string, number>();
  const stack: MdSection[] = [];

  const open = (level: number, heading: string, anchors: string[], firstBlock: number) => {
    while (stack.length && stack[stack.length - 1].level >= level) stack.pop();
    const section: MdSection = {
      ordinal: sections.length,
      level,
      heading,
      anchors,
      parent: stack.length ? stack[stack.length - 1].ordinal : null,
      firstBlock,
      endBlock: firstBlock,
      subtreeEnd: firstBlock,
      linkDensity: 0,
      indexLike: false,
    };
    sections.push(section);
    if (level > 0) stack.push(section);
    return section;
  };

  let current: MdSection | null = null;
  texts.forEach((text, index) => {
    const kind = kindOf(text);
    const h = kind === 'heading' ? headingOf(text) : null;
    if (h) {
      const base = slugify(h.text);
      const n = (seenSlugs.get(base) ?? 0) + 1;
      seenSlugs.set(base, n);
      const slug = n === 1 ? base : `${base}-${n}`;
      const anchors = [...new Set([h.explicitId, slug].filter((a): a is string => Boolean(a)))];
      current = open(h.level, h.text, anchors, index);
    } else if (!current) {
      current = open(0, 'Document', [], index);
    }
    blocks.push({ index, kind, text, section: (current as MdSection).ordinal });
  });

  for (const s of sections) {
    let end = s.firstBlock;
    while (end < blocks.length && blocks[end].section === s.ordinal) end++;
    s.endBlock = end;
  }
  for (const s of sections) {
    let last = s.ordinal;
    if (s.level > 0) {
      while (last + 1 < sections.length && sections[last + 1].level > s.level) last++;
    }
    s.subtreeEnd = sections[last].endBlock;
    const body = blocks.slice(s.firstBlock, s.endBlock).filter((b) => b.kind !== 'heading').map((b) => b.text);
    s.linkDensity = linkDensityOf(body);
    s.indexLike = isIndexLike(s.heading, body);
  }
  return { blocks, sections };
}

/** Joins kept blocks back into Markdown the way the extractor writes it (one blank line between blocks). */
export function joinBlocks(texts: readonly string[]): string {
  return texts.join('\n\n');
}

/** `toc` output (tools.md §3.1.3): headings only, preamble excluded. */
export function tableOfContents(doc: MdDocument): Array<{ level: number; heading: string; anchor: string; ordinal: number }> {
  return doc.sections
    .filter((s) => s.level > 0)
    .map((s) => ({ level: s.level, heading: s.heading, anchor: s.anchors[s.anchors.length - 1] ?? '', ordinal: s.ordinal }));
}
