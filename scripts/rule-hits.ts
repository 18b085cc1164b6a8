// How often each lexicon entry of the rules catalogue fires over the development sets and the repository's page
// corpus: the evidence for keeping an entry (issue 28: an entry that never fires on thousands of real pages, or
// fires on one site only, is a rule fitted to a page, not to a family of pages).
//
//   node scripts/rule-hits.ts [--sets=wcxb-dev,wcxb-dev-sample,trafilatura-eval,pages] [--json=<file>] [--zero] [--one-site]
//
// Every read goes through the real extraction code. Matchers built from rows are registered in rules/lexicon.ts
// (MATCHER_ORIGIN); this script wraps RegExp.prototype.exec (which test, match, replace and split all go through)
// and Set.prototype.has, and on each successful match of a registered matcher tests the row's terms one by one on
// the same input to credit the terms that match there. An entry credited on no page cannot have changed any
// page's read: removing it leaves every read of these sets byte-identical. Exact rows used as lists (schema.org
// types, semantic selectors, app-shell markers) are not wrapped and are reported as "not counted".
import { writeFileSync } from 'node:fs';
import { findDataset, skipMessage } from '../bench/datasets.ts';
import { loadCorpus, readPage } from '../bench/reading-corpus.ts';
import { loadTrafilatura, loadWcxb, readPageHtml, type SetName } from '../bench/reading-score.ts';
import { LEXICON_ROWS } from '../src/extract/rules/catalogue.ts';
import { MATCHER_ORIGIN, TERMS, type LexiconRow } from '../src/extract/rules/lexicon.ts';
import { extractDocument } from '../src/extract/index.ts';

const ALL_SETS = ['wcxb-dev', 'wcxb-dev-sample', 'trafilatura-eval', 'pages'] as const;

interface TermHits {
  pages: Set<string>;
  sites: Set<string>;
}

/** Exact rows the code reads as Sets (setOf, wrapped here); the other exact rows are lists it iterates. */
const SET_ROWS = new Set(['chrome.roles', 'page-state.login-segments', 'markdown.not-a-language']);

const hits = new Map<string, TermHits[]>();
const counted = new Set<string>();
let currentPage = '';
let currentSite = '';

const termHits = (row: LexiconRow): TermHits[] => {
  let h = hits.get(row.id);
  if (!h) hits.set(row.id, (h = row.match.terms.map(() => ({ pages: new Set<string>(), sites: new Set<string>() }))));
  return h;
};
const credit = (row: LexiconRow, term: number): void => {
  const h = termHits(row)[term];
  h.pages.add(currentPage);
  h.sites.add(currentSite);
};

const originalExec = RegExp.prototype.exec;
/** Per-term patterns, built once per registered matcher: the row's shape (or embedding) around one term. */
const termPatterns = new WeakMap<object, RegExp[]>();
RegExp.prototype.exec = function exec(this: RegExp, input: string): RegExpExecArray | null {
  const result = originalExec.call(this, input);
  if (result === null || !currentPage) return result;
  const origin = MATCHER_ORIGIN.get(this);
  if (!origin) return result;
  const { row } = origin;
  if (origin.term !== undefined) {
    credit(row, origin.term);
    return result;
  }
  if (row.match.kind !== 'pattern') return result;
  let patterns = termPatterns.get(this);
  if (!patterns) {
    const m = row.match;
    const flags = m.flags.replace(/[gy]/g, '');
    patterns = m.terms.map((t) => {
      const source = m.shape.replace(TERMS, () => t);
      return new RegExp(origin.embed ? origin.embed(source) : source, flags);
    });
    termPatterns.set(this, patterns);
  }
  const text = String(input);
  patterns.forEach((p, i) => {
    if (originalExec.call(p, text) !== null) credit(row, i);
  });
  return result;
};
const originalHas = Set.prototype.has;
Set.prototype.has = function has(this: Set<unknown>, value: unknown): boolean {
  const result = originalHas.call(this, value);
  if (result && currentPage) {
    const origin = MATCHER_ORIGIN.get(this);
    if (origin) credit(origin.row, origin.row.match.terms.indexOf(value as string));
  }
  return result;
};

interface Page {
  name: string;
  site: string;
  url: string;
  html: () => string;
}

function pagesOf(set: (typeof ALL_SETS)[number]): Page[] {
  if (set === 'pages') return loadCorpus().map((p) => ({ name: `pages/${p.type}/${p.id}`, site: `pages/${p.id}`, url: p.url, html: () => readPage(p).html }));
  const dir = findDataset(set);
  if (!dir) {
    console.log(skipMessage(set));
    return [];
  }
  const refs = set === 'trafilatura-eval' ? loadTrafilatura(dir) : loadWcxb(dir, set as SetName);
  return refs.map((r) => ({ name: `${set}/${r.id}`, site: hostOf(r.url), url: r.url, html: () => readPageHtml(r.file) }));
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

const flags = process.argv.slice(2);
const setsFlag = flags.find((f) => f.startsWith('--sets='))?.slice('--sets='.length);
const jsonFile = flags.find((f) => f.startsWith('--json='))?.slice('--json='.length);
const sets = setsFlag ? ALL_SETS.filter((s) => setsFlag.split(',').includes(s)) : ALL_SETS;

// Which rows the code reads through a wrapped matcher: registered at module load, before any page is read.
for (const row of LEXICON_ROWS) termHits(row);
let pages = 0;
for (const set of sets) {
  for (const page of pagesOf(set)) {
    currentPage = page.name;
    currentSite = page.site;
    extractDocument({ html: page.html(), url: page.url });
    pages++;
  }
}
currentPage = '';
for (const row of LEXICON_ROWS) if (row.match.kind !== 'exact' || SET_ROWS.has(row.id)) counted.add(row.id);

const report = LEXICON_ROWS.map((row) => {
  const h = hits.get(row.id) ?? [];
  const terms = row.match.terms.map((term, i) => ({ term, pages: h[i]?.pages.size ?? 0, sites: h[i]?.sites.size ?? 0, site: h[i]?.sites.size === 1 ? [...h[i].sites][0] : undefined }));
  return { id: row.id, counted: counted.has(row.id), pages: new Set(h.flatMap((x) => [...x.pages])).size, terms };
});
if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify({ pages, sets, rows: report }, null, 1)}\n`);

const showZero = flags.includes('--zero');
const showOneSite = flags.includes('--one-site');
let entries = 0;
let zero = 0;
let oneSite = 0;
console.log(`${pages} pages read (${sets.join(', ')})\n`);
console.log('row'.padEnd(36), 'pages', 'entries', 'zero-hit', 'one-site');
for (const r of report) {
  entries += r.terms.length;
  if (!r.counted) {
    console.log(r.id.padEnd(36), 'not counted (an exact list)');
    continue;
  }
  const z = r.terms.filter((t) => t.pages === 0);
  const one = r.terms.filter((t) => t.sites === 1);
  zero += z.length;
  oneSite += one.length;
  console.log(r.id.padEnd(36), String(r.pages).padStart(5), String(r.terms.length).padStart(7), String(z.length).padStart(8), String(one.length).padStart(8));
  if (showZero) for (const t of z) console.log(`    zero: ${t.term}`);
  if (showOneSite) for (const t of one) console.log(`    one site (${t.site}, ${t.pages} pages): ${t.term}`);
}
console.log(`\n${entries} entries; ${zero} fire on no page; ${oneSite} fire on one site only`);
