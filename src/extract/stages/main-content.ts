// Stage 4 — locate the main content.
//   in:  the stripped tree (strip-chrome), the page's type, title and URLs (classify), the playbook's content selectors
//   out: the main-content roots (main-content.ts: content selectors → semantic hints → Readability-class scorer →
//        widening → the second opinion, second-opinion.ts, a density-only candidate and a fitted decision between the
//        two → pruning inside the roots), the strategy that found them, the pruning report and the opinion
// On a forum page the thread's run of posts (forum.ts threadShape, on the tree as classify saw it or as it is now)
// must lie inside the roots.
import type { Document } from '../dom.ts';
import { threadShape } from '../forum.ts';
import { findMainContent } from '../main-content.ts';
import type { OpinionMode } from '../second-opinion.ts';
import type { Classified } from './classify.ts';
import { applies } from '../rules/page-policy.ts';

export type MainContent = ReturnType<typeof findMainContent>;

export function locateMainContent(
  doc: Document,
  page: Classified,
  url: string,
  options: { contentSelectors?: readonly string[]; secondOpinion?: OpinionMode },
): MainContent {
  const { pageType, typeReading, reading } = page;
  const thread = applies('main-content.thread', pageType) ? (typeReading.thread ?? threadShape(doc)) : undefined;
  return findMainContent(doc, {
    pageType,
    contentSelectors: options.contentSelectors,
    title: reading.meta.title,
    urls: [url, reading.meta.canonical ?? ''],
    thread,
    secondOpinion: options.secondOpinion,
  });
}
