// Stage 2 — classify the page.
//   in:  the untouched tree (parse) and the page's URL
//   out: the page's metadata (meta.ts readMeta: title, canonical, JSON-LD facts), its page type with the evidence
//        (declared type, URL shape, a thread's structure) and the base URL for links
// Nothing is removed here; every later stage reads `pageType`.
import { baseUrlOf, detectPageType, readMeta } from '../meta.ts';
import type { Document } from '../dom.ts';
import type { PageType } from '../types.ts';

export interface Classified {
  reading: ReturnType<typeof readMeta>;
  typeReading: ReturnType<typeof detectPageType>;
  pageType: PageType;
  baseUrl: string;
}

export function classify(doc: Document, url: string): Classified {
  const reading = readMeta(doc, url);
  const typeReading = detectPageType(reading, url, doc);
  return { reading, typeReading, pageType: typeReading.type, baseUrl: baseUrlOf(doc, url) };
}
