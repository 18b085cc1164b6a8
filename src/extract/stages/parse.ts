// Stage 1 — parse.
//   in:  the decoded document (ExtractInput.html)
//   out: the htmlparser2 tree (noscript fallbacks promoted into the page), its selector index, the page's visible
//        text and the page signals read from the untouched DOM (detect.ts: scripts, app-shell markers, …)
// Nothing is removed here. The tree lives until the render stage; nothing after render holds a node.
import { promoteNoscriptContent } from '../boilerplate.ts';
import { pageSignals } from '../detect.ts';
import { SelectorIndex, parseHtml, textOf, type Document } from '../dom.ts';
import type { PageSignals } from '../types.ts';

export interface Parsed {
  doc: Document;
  selectors: SelectorIndex;
  visibleText: string;
  signals: PageSignals;
}

/** A fresh tree of the page, noscript fallbacks promoted (the strip-chrome stage re-parses with it). */
export function parseTree(html: string): { doc: Document; selectors: SelectorIndex } {
  const doc = parseHtml(html);
  promoteNoscriptContent(doc);
  return { doc, selectors: new SelectorIndex(doc) };
}

export function parse(html: string): Parsed {
  const { doc, selectors } = parseTree(html);
  const visibleText = textOf(doc);
  return { doc, selectors, visibleText, signals: pageSignals(html, doc, visibleText) };
}
