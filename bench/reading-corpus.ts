// The repository's own page corpus (test/pages/<type>/<id>/) and its gate. Each page folder holds the page
// (page.html), the Markdown a careful reader should get (expected.md) and where the page comes from
// (PROVENANCE.md). Pages are scored the WCXB way (bench/reading-score.ts): the plain-text view of the output against
// the plain-text view of expected.md, lower-cased \w+ words, word precision / recall / F1 per page, mean per type.
//
// Word F1 cannot see two faults readers notice in documentation and code-bearing pages, so each page also gets format
// checks: a permalink marker (¶) left in the output, and a fenced code block whose language expected.md names but the
// output does not. Per type, the number of pages with a format miss is capped by a ceiling set from today's count.
//
// The gate compares Occam's per-type mean F1 with the floors in test/pages/floors.json, and its format-miss counts with
// the ceilings there, and fails when a type falls below its floor or above its ceiling. It is run by `npm run bench -- reading --gate` (with both baselines as comparison columns when
// they are installed; they are never needed for the verdict) and in-process by test/unit/pages-gate.test.ts, so
// `npm test` and CI always run it.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { extractDocument, markdownToPlainText } from '../src/extract/index.ts';
import { wordScores } from './reading-score.ts';
import { fmt } from './util.ts';

export const PAGE_TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'] as const;
export type CorpusType = (typeof PAGE_TYPES)[number];

export const PAGES_DIR = join(import.meta.dirname, '..', 'test', 'pages');
export const FLOORS_FILE = join(PAGES_DIR, 'floors.json');
/** The three files every page folder carries. */
export const PAGE_FILES = ['page.html', 'expected.md', 'PROVENANCE.md'] as const;
/** Fewer pages than this per type and one page moves the mean too far for a floor to mean anything. */
export const MIN_PAGES_PER_TYPE = 10;

export interface CorpusPage {
  type: CorpusType;
  id: string;
  dir: string;
  /** The address the page is read as (relative links resolve against it). */
  url: string;
}

export interface CorpusScore {
  type: CorpusType;
  id: string;
  p: number;
  r: number;
  f1: number;
  tokens: number;
  ms: number;
  /** Format checks the output fails (see formatMisses). */
  misses: string[];
}

export interface TypeSummary {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  tokens: number;
  ms: number;
  /** Pages with at least one format miss. */
  formatMisses: number;
}

export interface Floors {
  /** How to raise the floors (kept in the file so whoever opens it sees it). */
  readme: string;
  /** How far below the measured mean a floor was set (the named slack for harmless wobble). */
  margin: number;
  /** Per-type mean F1 measured when the floors were last set. */
  measured: Record<CorpusType, number>;
  floors: Record<CorpusType, number>;
  /** Per type, the most pages allowed a format miss (today's count: it may only go down). */
  formatCeilings: Record<CorpusType, number>;
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

export function loadCorpus(root = PAGES_DIR): CorpusPage[] {
  const pages: CorpusPage[] = [];
  for (const type of PAGE_TYPES) {
    const typeDir = join(root, type);
    if (!isDir(typeDir)) continue;
    for (const id of readdirSync(typeDir).sort()) {
      const dir = join(typeDir, id);
      if (isDir(dir)) pages.push({ type, id, dir, url: `https://corpus.occam.test/${type}/${id}/` });
    }
  }
  return pages;
}

/** What is wrong with the corpus layout: missing files, empty expectations, types with too few pages. */
export function corpusProblems(root = PAGES_DIR): string[] {
  const problems: string[] = [];
  const pages = loadCorpus(root);
  for (const type of PAGE_TYPES) {
    const n = pages.filter((p) => p.type === type).length;
    if (n < MIN_PAGES_PER_TYPE) problems.push(`${type}: ${n} pages, fewer than ${MIN_PAGES_PER_TYPE}`);
  }
  for (const p of pages) {
    for (const f of PAGE_FILES) if (!existsSync(join(p.dir, f))) problems.push(`${p.type}/${p.id}: ${f} missing`);
    const expected = join(p.dir, 'expected.md');
    if (existsSync(expected) && markdownToPlainText(readFileSync(expected, 'utf8')).trim() === '') problems.push(`${p.type}/${p.id}: expected.md is empty`);
  }
  return problems;
}

export const readPage = (p: CorpusPage): { html: string; expected: string } => ({
  html: readFileSync(join(p.dir, 'page.html'), 'utf8'),
  expected: readFileSync(join(p.dir, 'expected.md'), 'utf8'),
});

export type Extract = (html: string, url: string) => string | Promise<string>;

/** Occam's extractor as the gate runs it: ok:false counts as empty output. */
export const occamExtract: Extract = (html, url) => {
  const r = extractDocument({ html, url });
  return r.state.ok ? r.markdown : '';
};

/** Fence languages that name no language: expected.md may use them, an output need not repeat them. */
const NO_LANGUAGE = new Set(['text', 'plaintext', 'none', 'console']);
const PERMALINK_MARKER = '¶';
const fenceLanguages = (md: string): Set<string> => new Set([...md.matchAll(/^\s*`{3,}([\w+#-]+)/gm)].map((m) => m[1].toLowerCase()).filter((l) => !NO_LANGUAGE.has(l)));

/** Format faults word F1 does not see: a ¶ permalink marker kept, a code block's language lost. */
export function formatMisses(markdown: string, expected: string): string[] {
  const misses: string[] = [];
  if (markdown.includes(PERMALINK_MARKER) && !expected.includes(PERMALINK_MARKER)) misses.push(`${PERMALINK_MARKER} marker kept`);
  const got = fenceLanguages(markdown);
  for (const lang of fenceLanguages(expected)) if (!got.has(lang)) misses.push(`code language ${lang} lost`);
  return misses;
}

export function scoreOutput(page: CorpusPage, markdown: string, expected: string, ms: number): CorpusScore {
  const s = wordScores(markdownToPlainText(markdown), markdownToPlainText(expected));
  return { type: page.type, id: page.id, ...s, tokens: markdown ? encode(markdown).length : 0, ms, misses: formatMisses(markdown, expected) };
}

export async function scoreCorpus(extract: Extract, pages = loadCorpus()): Promise<CorpusScore[]> {
  const out: CorpusScore[] = [];
  for (const page of pages) {
    const { html, expected } = readPage(page);
    const t = performance.now();
    const md = await extract(html, page.url);
    out.push(scoreOutput(page, md, expected, performance.now() - t));
  }
  return out;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function summariseByType(scores: CorpusScore[]): Partial<Record<CorpusType | 'all', TypeSummary>> {
  const out: Partial<Record<CorpusType | 'all', TypeSummary>> = {};
  const one = (xs: CorpusScore[]): TypeSummary => ({ pages: xs.length, f1: mean(xs.map((x) => x.f1)), precision: mean(xs.map((x) => x.p)), recall: mean(xs.map((x) => x.r)), tokens: mean(xs.map((x) => x.tokens)), ms: mean(xs.map((x) => x.ms)), formatMisses: xs.filter((x) => x.misses.length > 0).length });
  for (const type of PAGE_TYPES) {
    const xs = scores.filter((s) => s.type === type);
    if (xs.length) out[type] = one(xs);
  }
  if (scores.length) out.all = one(scores);
  return out;
}

export function loadFloors(file = FLOORS_FILE): Floors {
  return JSON.parse(readFileSync(file, 'utf8')) as Floors;
}

/**
 * One line per type whose mean F1 is below its floor or whose format misses exceed their ceiling (or that has no
 * floor, or no pages). Empty means the gate passes.
 */
export function belowFloors(summary: Partial<Record<CorpusType | 'all', TypeSummary>>, floors: Floors): string[] {
  const out: string[] = [];
  for (const type of PAGE_TYPES) {
    const floor = floors.floors[type];
    const got = summary[type];
    if (floor === undefined) out.push(`${type}: no floor in floors.json`);
    else if (!got) out.push(`${type}: no pages scored`);
    else {
      if (got.f1 < floor) out.push(`${type}: mean F1 ${fmt(got.f1, 4)} is below its floor ${fmt(floor, 2)}`);
      const ceiling = floors.formatCeilings?.[type] ?? 0;
      if (got.formatMisses > ceiling) out.push(`${type}: ${got.formatMisses} pages with format misses, above the ceiling ${ceiling}`);
    }
  }
  return out;
}

/** Floors from measured means: each mean minus the margin, rounded down to two decimals. */
export function floorsFrom(summary: Partial<Record<CorpusType | 'all', TypeSummary>>, margin: number, readme = FLOORS_README): Floors {
  const measured = {} as Record<CorpusType, number>;
  const floors = {} as Record<CorpusType, number>;
  const formatCeilings = {} as Record<CorpusType, number>;
  for (const type of PAGE_TYPES) {
    const f1 = summary[type]?.f1 ?? 0;
    measured[type] = Math.round(f1 * 10_000) / 10_000;
    floors[type] = Math.max(0, Math.floor((f1 - margin) * 100) / 100);
    formatCeilings[type] = summary[type]?.formatMisses ?? 0;
  }
  return { readme, margin, measured, floors, formatCeilings };
}

export const FLOORS_README =
  'Per-type floors of the page-corpus gate (bench/reading-corpus.ts): floor = measured mean F1 minus margin, rounded down to ' +
  '0.01; formatCeilings = pages per type allowed a format miss (a kept ¶ marker, a lost code language), today\'s count. Raise them after an engine change lifts a type: `node bench/reading.ts --gate --write-floors` (never lowers a ' +
  'floor). Lower one only with --allow-lower and the reason in the commit message. See test/pages/README.md.';

/** Floors for `next` lower than in `current`, and ceilings higher (what a plain --write-floors refuses to write). */
export function loweredFloors(current: Floors, next: Floors): string[] {
  const lowered = PAGE_TYPES.filter((t) => next.floors[t] < (current.floors[t] ?? 0)).map((t) => `${t}: ${fmt(current.floors[t], 2)} → ${fmt(next.floors[t], 2)}`);
  const raised = PAGE_TYPES.filter((t) => next.formatCeilings[t] > (current.formatCeilings?.[t] ?? 0)).map((t) => `${t} format ceiling: ${current.formatCeilings?.[t] ?? 0} → ${next.formatCeilings[t]}`);
  return [...lowered, ...raised];
}

type BaselineName = 'readability' | 'defuddle';

/** The two baselines, when their packages are installed (they are dev dependencies; the gate never needs them). */
async function baselineExtractors(): Promise<Partial<Record<BaselineName, Extract>> | string> {
  try {
    const { makeExtractors } = await import('./reading-worker.ts');
    const all = await makeExtractors();
    return { readability: all.readability, defuddle: all.defuddle };
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Scores the corpus (Occam, and the baselines unless `occamOnly`), prints the per-type table and the gate verdict,
 * and returns whether every type is at or above its floor.
 */
export async function runCorpusGate(opts: { occamOnly?: boolean; worst?: number; writeFloors?: boolean; allowLower?: boolean } = {}): Promise<boolean> {
  const problems = corpusProblems();
  for (const p of problems) console.log(`corpus problem: ${p}`);
  const pages = loadCorpus();
  const columns: Array<[string, CorpusScore[]]> = [['occam', await scoreCorpus(occamExtract, pages)]];
  if (!opts.occamOnly) {
    const baselines = await baselineExtractors();
    if (typeof baselines === 'string') console.log(`note: baselines unavailable (${baselines}); gate uses Occam only`);
    else {
      // Baselines log parse noise from page scripts; the table is the output.
      const quiet = console.error;
      console.error = () => {};
      try {
        for (const [name, ex] of Object.entries(baselines) as Array<[BaselineName, Extract]>) columns.push([name, await scoreCorpus(ex, pages)]);
      } finally {
        console.error = quiet;
      }
    }
  }
  const summaries = columns.map(([name, s]) => [name, summariseByType(s)] as const);
  let floors = loadFloors();
  if (opts.writeFloors) {
    const next = floorsFrom(summaries[0][1], floors.margin);
    const lowered = loweredFloors(floors, next);
    if (lowered.length && !opts.allowLower) {
      console.log(`floors not written: this run would lower ${lowered.join(', ')} (pass --allow-lower and give the reason in the commit)`);
    } else {
      writeFileSync(FLOORS_FILE, `${JSON.stringify(next, null, 2)}\n`);
      console.log(`floors written to ${FLOORS_FILE}`);
      floors = next;
    }
  }
  const rows: string[][] = [['test/pages type', 'pages', 'floor', ...summaries.flatMap(([n]) => [`${n} F1`, 'P', 'R', 'tok', 'fmt'])]];
  for (const type of [...PAGE_TYPES, 'all'] as const) {
    const first = summaries[0][1][type];
    if (!first) continue;
    const row = [type, String(first.pages), type === 'all' ? '' : fmt(floors.floors[type] ?? 0, 2)];
    for (const [, s] of summaries) {
      const t = s[type];
      row.push(t ? fmt(t.f1, 3) : '-', t ? fmt(t.precision, 3) : '-', t ? fmt(t.recall, 3) : '-', t ? fmt(t.tokens, 0) : '-', t ? String(t.formatMisses) : '-');
    }
    rows.push(row);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  if (opts.worst) {
    console.log(`worst occam pages in test/pages:`);
    for (const s of [...columns[0][1]].sort((a, b) => a.f1 - b.f1).slice(0, opts.worst)) console.log(`  ${s.type}/${s.id} f1=${fmt(s.f1, 3)} p=${fmt(s.p, 2)} r=${fmt(s.r, 2)}`);
    for (const s of columns[0][1].filter((x) => x.misses.length)) console.log(`  format: ${s.type}/${s.id}: ${s.misses.join(', ')}`);
  }
  console.log('fmt = pages with a format miss (a ¶ permalink marker kept, or a code language named in expected.md lost)');
  const failures = [...problems, ...belowFloors(summaries[0][1], floors)];
  console.log(failures.length ? `gate: FAIL\n${failures.map((f) => `  ${f}`).join('\n')}` : 'gate: pass (every type at or above its floor and within its format ceiling in test/pages/floors.json)');
  return failures.length === 0;
}
