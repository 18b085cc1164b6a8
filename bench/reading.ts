// Reading benchmark: Occam's extractor vs. the stack most TypeScript fetch servers use (jsdom + @mozilla/readability
// + turndown), measured in the same run over
//   - the golden corpus (reading.md §22): expectation lines fully met;
//   - the wcxb dev sample (300 real pages, 7 types): word F1 per the sample's README (plain-text view, lower-case,
//     \w+ words, multiset overlap; mean per page and per type), with/without snippet hit rates, output tokens
//     (gpt-tokenizer o200k_base) and ms/page.
// Extraction is measured in-process on the decoded HTML (the part this module owns); an `ok:false` page state counts
// as empty output, as the tool would return no body. Writes bench/out/reading.json.
//
// Direct use while iterating: `node bench/reading.ts [--no-baseline] [--type=forum] [--worst=10] [--page=0172]`.
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { extractDocument, markdownToPlainText } from '../src/extract/index.ts';
import { fmt, median, writeResult } from './util.ts';
import { GOLDEN_DIR, loadGoldenExpectations } from '../test/helpers/fixtures.ts';
import { findDataset, skipMessage } from './datasets.ts';

const WCXB = findDataset('wcxb-dev-sample');
const GOLDEN = GOLDEN_DIR;

interface Extractor {
  name: string;
  /** Returns Markdown, or '' when the extractor declares the page unreadable. */
  extract: (html: string, url: string) => string;
}

const occam: Extractor = {
  name: 'occam',
  extract(html, url) {
    const r = extractDocument({ html, url });
    return r.state.ok ? r.markdown : '';
  },
};

async function baselineExtractor(): Promise<Extractor> {
  const { JSDOM, VirtualConsole } = await import('jsdom');
  const { Readability } = await import('@mozilla/readability');
  const TurndownService = (await import('turndown')).default;
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  const virtualConsole = new VirtualConsole();
  return {
    name: 'readability',
    extract(html, url) {
      let dom: InstanceType<typeof JSDOM>;
      try {
        dom = new JSDOM(html, { url, virtualConsole });
      } catch {
        return '';
      }
      const article = new Readability(dom.window.document).parse();
      dom.window.close();
      if (!article?.content) return '';
      const body = turndown.turndown(article.content);
      return article.title ? `# ${article.title}\n\n${body}` : body;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring (wcxb README)

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

function wordF1(output: string, reference: string): { p: number; r: number; f1: number } {
  const out = words(output);
  const ref = words(reference);
  if (out.length === 0 || ref.length === 0) return { p: 0, r: 0, f1: 0 };
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

function snippetShare(text: string, snippets: string[] | undefined): number | undefined {
  if (!snippets || snippets.length === 0) return undefined;
  const hay = text.toLowerCase().replace(/\s+/g, ' ');
  return snippets.filter((s) => hay.includes(s.toLowerCase().replace(/\s+/g, ' '))).length / snippets.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Golden corpus


function goldenMet(ex: Extractor): { met: number; total: number; failed: string[] } {
  let met = 0;
  let total = 0;
  const failed: string[] = [];
  for (const e of loadGoldenExpectations()) {
    if (e.json_feed) continue; // feeds are not an HTML-extractor case
    total++;
    const html = readFileSync(join(GOLDEN, `${e.fixture}.html`), 'utf8');
    const md = ex.extract(html, `https://fixtures.test/golden/${e.fixture}.html`);
    let ok: boolean;
    if (!e.expect_ok) ok = md.trim() === '';
    else {
      ok = md.trim() !== '';
      if (e.min_chars !== undefined && md.length < e.min_chars) ok = false;
      if (e.max_chars !== undefined && md.length > e.max_chars) ok = false;
      for (const s of e.must_contain ?? []) if (!md.includes(s)) ok = false;
      for (const s of e.must_not_contain ?? []) if (md.includes(s)) ok = false;
    }
    if (ok) met++;
    else failed.push(e.id);
  }
  return { met, total, failed };
}

// ---------------------------------------------------------------------------------------------------------------
// wcxb sample

interface Page {
  id: string;
  type: string;
  url: string;
  html: string;
  reference: string;
  with?: string[];
  without?: string[];
}

function loadPages(filterType?: string, onlyPage?: string): Page[] {
  if (!WCXB) return [];
  const index = JSON.parse(readFileSync(join(WCXB, 'index.json'), 'utf8')) as { pages: Record<string, { page_type: string; domain: string }> };
  const pages: Page[] = [];
  for (const file of readdirSync(join(WCXB, 'html')).sort()) {
    const id = file.replace(/\.html\.gz$/, '');
    const type = index.pages[id]?.page_type ?? 'unknown';
    if (filterType && type !== filterType) continue;
    if (onlyPage && id !== onlyPage) continue;
    const gt = JSON.parse(readFileSync(join(WCXB, 'ground-truth', `${id}.json`), 'utf8')) as {
      url: string;
      ground_truth: { main_content: string; with?: string[]; without?: string[] };
    };
    pages.push({
      id,
      type,
      url: /^https?:\/\//.test(gt.url ?? '') ? gt.url : `https://${index.pages[id]?.domain || 'example.com'}/`,
      html: gunzipSync(readFileSync(join(WCXB, 'html', file))).toString('utf8'),
      reference: gt.ground_truth.main_content,
      with: gt.ground_truth.with,
      without: gt.ground_truth.without,
    });
  }
  return pages;
}

interface PageScore {
  id: string;
  type: string;
  f1: number;
  p: number;
  r: number;
  tokens: number;
  ms: number;
  withShare?: number;
  withoutShare?: number;
}

function runPages(ex: Extractor, pages: Page[]): PageScore[] {
  // Warm-up on a few pages so JIT compilation does not land on the first measured page.
  for (const p of pages.slice(0, 3)) ex.extract(p.html, p.url);
  return pages.map((page) => {
    const t = performance.now();
    const md = ex.extract(page.html, page.url);
    const ms = performance.now() - t;
    const plain = markdownToPlainText(md);
    const s = wordF1(plain, page.reference);
    return {
      id: page.id,
      type: page.type,
      f1: s.f1,
      p: s.p,
      r: s.r,
      tokens: md ? encode(md).length : 0,
      ms,
      withShare: snippetShare(plain, page.with),
      withoutShare: snippetShare(plain, page.without),
    };
  });
}

interface Summary {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  tokensTotal: number;
  tokensMedian: number;
  msMean: number;
  msMedian: number;
  withShare: number;
  withoutShare: number;
  byType: Record<string, { pages: number; f1: number }>;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function summarise(scores: PageScore[]): Summary {
  const byType: Summary['byType'] = {};
  for (const t of [...new Set(scores.map((s) => s.type))].sort()) {
    const xs = scores.filter((s) => s.type === t);
    byType[t] = { pages: xs.length, f1: round(mean(xs.map((s) => s.f1))) };
  }
  return {
    pages: scores.length,
    f1: round(mean(scores.map((s) => s.f1))),
    precision: round(mean(scores.map((s) => s.p))),
    recall: round(mean(scores.map((s) => s.r))),
    tokensTotal: scores.reduce((a, s) => a + s.tokens, 0),
    tokensMedian: median(scores.map((s) => s.tokens)),
    msMean: round(mean(scores.map((s) => s.ms)), 2),
    msMedian: round(median(scores.map((s) => s.ms)), 2),
    withShare: round(mean(scores.filter((s) => s.withShare !== undefined).map((s) => s.withShare!))),
    withoutShare: round(mean(scores.filter((s) => s.withoutShare !== undefined).map((s) => s.withoutShare!))),
    byType,
  };
}

function round(x: number, d = 4): number {
  const k = 10 ** d;
  return Math.round(x * k) / k;
}

function parseArgs(argv: string[]): { baseline: boolean; type?: string; worst: number; page?: string } {
  const get = (k: string): string | undefined => argv.find((a) => a.startsWith(`--${k}=`))?.split('=')[1];
  return { baseline: !argv.includes('--no-baseline'), type: get('type'), worst: Number(get('worst') ?? 0), page: get('page') };
}

export async function runReadingBench(argv: string[] = []): Promise<void> {
  const args = parseArgs(argv);
  const extractors: Extractor[] = [occam];
  if (args.baseline) extractors.push(await baselineExtractor());
  if (!WCXB) console.log(skipMessage('wcxb-dev-sample'));
  const pages = loadPages(args.type, args.page);
  const results: Record<string, { golden: ReturnType<typeof goldenMet>; wcxb: Summary; scores: PageScore[] }> = {};
  for (const ex of extractors) {
    const golden = goldenMet(ex);
    const scores = runPages(ex, pages);
    results[ex.name] = { golden, wcxb: summarise(scores), scores };
  }
  const o = results.occam;
  const b = results.readability;
  const types = Object.keys(o.wcxb.byType);
  const rows: string[][] = [['metric', 'occam', ...(b ? ['readability+turndown', 'ratio occam/base'] : [])]];
  const add = (name: string, ov: number, bv?: number, digits = 3): void => {
    rows.push([name, fmt(ov, digits), ...(b && bv !== undefined ? [fmt(bv, digits), bv ? `${fmt(ov / bv, 2)}x` : '-'] : [])]);
  };
  rows.push(['golden expectations met', `${o.golden.met}/${o.golden.total}`, ...(b ? [`${b.golden.met}/${b.golden.total}`, ''] : [])]);
  // Without the page set only the golden corpus was measured: no empty wcxb rows.
  const measured = o.wcxb.pages > 0;
  if (measured) {
    add(`wcxb word F1 (${o.wcxb.pages} pages)`, o.wcxb.f1, b?.wcxb.f1);
    add('  precision', o.wcxb.precision, b?.wcxb.precision);
    add('  recall', o.wcxb.recall, b?.wcxb.recall);
    for (const t of types) add(`  F1 ${t} (${o.wcxb.byType[t].pages})`, o.wcxb.byType[t].f1, b?.wcxb.byType[t]?.f1);
    add('with-snippets found', o.wcxb.withShare, b?.wcxb.withShare);
    add('without-snippets found (lower=better)', o.wcxb.withoutShare, b?.wcxb.withoutShare);
    add('output tokens total (o200k)', o.wcxb.tokensTotal, b?.wcxb.tokensTotal, 0);
    add('output tokens median/page', o.wcxb.tokensMedian, b?.wcxb.tokensMedian, 0);
    add('ms/page mean', o.wcxb.msMean, b?.wcxb.msMean, 1);
    add('ms/page median', o.wcxb.msMedian, b?.wcxb.msMedian, 1);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  if (b && measured) console.log(`speed: occam is ${fmt(b.wcxb.msMean / o.wcxb.msMean, 1)}x faster per page (mean), ${fmt(b.wcxb.msMedian / o.wcxb.msMedian, 1)}x (median)`);
  if (o.golden.failed.length) console.log(`occam golden misses: ${o.golden.failed.join(', ')}`);
  if (args.worst > 0) {
    const worst = [...o.scores].sort((x, y) => x.f1 - y.f1).slice(0, args.worst);
    for (const w of worst) {
      const base = b?.scores.find((s) => s.id === w.id);
      console.log(`  ${w.id} ${w.type.padEnd(13)} f1=${fmt(w.f1, 3)} p=${fmt(w.p, 2)} r=${fmt(w.r, 2)}${base ? ` base=${fmt(base.f1, 3)}` : ''}`);
    }
  }
  if (!args.type && !args.page) {
    writeResult('reading', {
      corpus: { golden: GOLDEN, wcxb: WCXB, scoring: 'word F1 per wcxb README; ok:false counts as empty output' },
      tokenizer: 'gpt-tokenizer o200k_base',
      results: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, { golden: v.golden, wcxb: v.wcxb }])),
      ratios: b && measured
        ? {
            f1: round(o.wcxb.f1 / b.wcxb.f1),
            tokens: round(o.wcxb.tokensTotal / b.wcxb.tokensTotal),
            speedup: round(b.wcxb.msMean / o.wcxb.msMean, 2),
          }
        : undefined,
      perPage: Object.fromEntries(o.scores.map((s) => [s.id, { type: s.type, occam: round(s.f1, 3), ...(b ? { baseline: round(b.scores.find((x) => x.id === s.id)!.f1, 3) } : {}) }])),
    });
  }
}

export default { name: 'reading', run: () => runReadingBench(process.argv.slice(2).filter((a) => a.startsWith('--'))) };

if (import.meta.main) await runReadingBench(process.argv.slice(2));
