// Stage 5 — render.
//   in:  the main-content roots (main-content stage) and the tree's selector index and base URL
//   out: Markdown blocks in reading order (markdown.ts), each with its selector; the tables, links and media refs
//        met on the way; the roots' selectors; how many elements were flattened at the DOM depth cap
// Plain data only: no node reference leaves this stage, so the tree is collectable once it returns.
import { flattenedBelowDepth, type Document, type Element, type SelectorIndex } from '../dom.ts';
import { MarkdownRenderer } from '../markdown.ts';
import type { ContentBlock, ExtractedLink, ExtractedTable, MediaRef } from '../types.ts';

export interface Rendered {
  blocks: ContentBlock[];
  tables: ExtractedTable[];
  links: ExtractedLink[];
  mediaRefs: MediaRef[];
  contentRoots: string[];
  domDepthCapped: number;
}

export function render(doc: Document, roots: readonly Element[], selectors: SelectorIndex, baseUrl: string, maxMedia: number | undefined): Rendered {
  const renderer = new MarkdownRenderer({ baseUrl, selectors, maxMedia });
  let blocks: ContentBlock[] = [];
  let tables: ExtractedTable[] = [];
  let links: ExtractedLink[] = [];
  let mediaRefs: MediaRef[] = [];
  // One root: nothing reads its subtree after rendering, so the renderer may release it as it goes (nested or
  // overlapping roots could share subtrees, so several are rendered whole).
  const releaseTree = roots.length === 1;
  for (const root of roots) {
    const out = renderer.render({ children: [root] } as unknown as Element, { releaseTree });
    blocks = out.blocks.length > 0 ? [...blocks, ...out.blocks] : blocks;
    tables = out.tables;
    links = out.links;
    mediaRefs = out.mediaRefs;
  }
  return { blocks, tables, links, mediaRefs, contentRoots: roots.map((r) => selectors.selectorOf(r)), domDepthCapped: flattenedBelowDepth(doc) };
}
