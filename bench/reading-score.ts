// Scoring and page loading for the reading benchmark, shared by the orchestrator (bench/reading.ts) and its worker
// threads (bench/reading-worker.ts). Each set is scored the way its README says:
//   - wcxb-dev / wcxb-dev-sample: word F1 (plain-text view, lower-case, \w+ words, multiset overlap; mean per page);
//     an empty reference scores 1 only when the output is empty too;
//   - trafilatura-eval: `with` snippets found = TP, missing = FN; `without` snippets found = FP, absent = TN;
//     case-sensitive on the plain-text view with whitespace collapsed; totals summed over pages.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeBody } from '../src/fetch/content.ts';

export type SetName = 'wcxb-dev' | 'wcxb-dev-sample' | 'trafilatura-eval';
export type Half = 'tune' | 'held';

/** One page to extract: the HTML stays on disk until a worker reads it. */
export interface PageRef {
  set: SetName;
  id: string;
  type: string;
  url: string;
  file: string;
  half: Half;
  /** wcxb: ground-truth main content. */
  reference?: string;
  /** Snippets that must appear / must not appear. */
  with?: string[];
  without?: string[];
}

/** What one extractor did on one page (the unit the cache stores). */
export interface PageRecord {
  id: string;
  ms: number;
  tokens: number;
  /** wcxb word scores. */
  p?: number;
  r?: number;
  f1?: number;
  /** Snippet counts (trafilatura-eval scoring; also computed for wcxb snippets, case-insensitively). */
  tp: number;
  fn: number;
  fp: number;
  tn: number;
  empty: boolean;
  /** Occam only: o200k tokens of the whole MCP response per detail level and of its Markdown (issue 29). */
  response?: { markdown: number; lean: number; standard: number; full: number };
}

/**
 * The fixed split: a page belongs to the tuning half when the first byte of sha1(id) is even. Decided once, on the
 * id alone, so it cannot drift with the code being tuned.
 */
export function halfOf(id: string): Half {
  return createHash('sha1').update(id).digest()[0] % 2 === 0 ? 'tune' : 'held';
}

/** A fixed 1/k of a set, independent of the halves (second byte of the same hash). */
export function inSubsample(id: string, k: number): boolean {
  return createHash('sha1').update(id).digest()[1] % k === 0;
}

/**
 * Scores compare visible text: soft hyphens (U+00AD) are invisible hyphenation points that some references and
 * outputs carry and others drop, and left in they split a word in two ("wäh\u00adrend" is "wäh" + "rend").
 */
function visible(text: string): string {
  return text.includes('\u00ad') ? text.replaceAll('\u00ad', '') : text;
}

/** Changes whenever the scoring of an output changes: cached baseline records keyed on it expire. */
export const SCORING = 'visible-text';

export function words(text: string): string[] {
  return visible(text).toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

export function wordScores(output: string, reference: string): { p: number; r: number; f1: number } {
  const out = words(output);
  const ref = words(reference);
  if (ref.length === 0) return out.length === 0 ? { p: 1, r: 1, f1: 1 } : { p: 0, r: 1, f1: 0 };
  if (out.length === 0) return { p: 0, r: 0, f1: 0 };
  const counts = new Map<string, number>();
  for (const w of ref) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of out) {
    const c = counts.get(w) ?? 0;
    if (c > 0) {
      shared++;
      counts.set(w, c - 1);
    }
  }
  const p = shared / out.length;
  const r = shared / ref.length;
  return { p, r, f1: p + r > 0 ? (2 * p * r) / (p + r) : 0 };
}

export function snippetCounts(plain: string, withs: string[] = [], withouts: string[] = [], caseSensitive: boolean): Pick<PageRecord, 'tp' | 'fn' | 'fp' | 'tn'> {
  const prep = (s: string): string => (caseSensitive ? visible(s) : visible(s).toLowerCase()).replace(/\s+/g, ' ').trim();
  const hay = prep(plain);
  let tp = 0;
  let fp = 0;
  for (const s of withs) if (hay.includes(prep(s))) tp++;
  for (const s of withouts) if (hay.includes(prep(s))) fp++;
  return { tp, fn: withs.length - tp, fp, tn: withouts.length - fp };
}

/**
 * The page's text as a fetcher hands it over: the stored bytes decoded by the same rules Occam applies to a body
 * with no Content-Type charset (BOM, then `<meta charset>`, then UTF-8 with a legacy fallback). Reading every page
 * as UTF-8 garbled the two dozen ISO-8859-1 pages for every extractor alike.
 */
export function readPageHtml(file: string): string {
  return decodeBody(new Uint8Array(gunzipSync(readFileSync(file))), null, 'html').text;
}

/** Changes whenever readPageHtml hands the extractors different text: cached baseline records keyed on it expire. */
export const PAGE_DECODING = 'meta-charset';

export function loadWcxb(dir: string, set: SetName): PageRef[] {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { pages: Record<string, { page_type: string; domain: string }> };
  const pages: PageRef[] = [];
  for (const file of readdirSync(join(dir, 'html')).sort()) {
    const id = file.replace(/\.html\.gz$/, '');
    const gt = JSON.parse(readFileSync(join(dir, 'ground-truth', `${id}.json`), 'utf8')) as {
      url: string;
      ground_truth: { main_content: string; with?: string[]; without?: string[] };
    };
    pages.push({
      set,
      id,
      type: index.pages[id]?.page_type ?? 'unknown',
      url: /^https?:\/\//.test(gt.url ?? '') ? gt.url : `https://${index.pages[id]?.domain || 'example.com'}/`,
      file: join(dir, 'html', file),
      half: halfOf(id),
      reference: gt.ground_truth.main_content ?? '',
      with: gt.ground_truth.with,
      without: gt.ground_truth.without,
    });
  }
  return pages;
}

export function loadTrafilatura(dir: string): PageRef[] {
  const data = JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')) as Record<string, { file: string; with?: string[]; without?: string[] }>;
  const present = new Set(readdirSync(join(dir, 'html')));
  const pages: PageRef[] = [];
  for (const [url, e] of Object.entries(data)) {
    const gz = `${e.file}.gz`;
    if (!present.has(gz)) continue;
    pages.push({ set: 'trafilatura-eval', id: e.file, type: 'article', url, file: join(dir, 'html', gz), half: halfOf(e.file), with: e.with ?? [], without: e.without ?? [] });
  }
  return pages.sort((a, b) => (a.id < b.id ? -1 : 1));
}
