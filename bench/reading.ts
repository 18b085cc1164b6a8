// Reading benchmark: Occam's extractor against two baselines measured in the same run —
//   readability: jsdom + @mozilla/readability + turndown (the stack most TypeScript fetch servers use),
//   defuddle:    jsdom + defuddle (Markdown output),
// over the golden corpus (reading.md §22 expectation lines met) and the three real-page sets, each scored per its
// README (bench/reading-score.ts):
//   wcxb-dev (1,358 pages, 7 types) and wcxb-dev-sample (its 300-page subset): word F1, precision, recall;
//   trafilatura-eval (949 article/blog pages): must-have / must-not-have snippets (precision = boilerplate leakage).
// Every set is split once by a fixed rule on page id (bench/reading-score.ts `halfOf`) into a tuning half and a
// held-out half; both are reported. Output tokens (gpt-tokenizer o200k_base) and ms/page per extractor. Pages run
// on worker threads (all extractors of a page back to back in one thread). Writes bench/out/reading.json.
//
// Flags (after `npm run bench -- reading`, or `node bench/reading.ts ...`):
//   --occam-only        run Occam only; baseline columns come from the cache when it has them (marked "cached")
//   --cached            reuse cached baseline records, computing only the missing ones (iteration; not for reports)
//   --sets=a,b          only these sets (wcxb-dev, wcxb-dev-sample, trafilatura-eval)
//   --half=tune|held    only one half     --type=forum   only one wcxb page type     --page=<id>   one page
//   --subsample=K       a fixed 1/K of every set (sha1(id)[1] % K == 0), for runs the machine cannot afford in full
//   --limit=N           first N pages of each set     --workers=N (default 2)     --worst=N   list Occam's worst pages
//   --dump=<dir>        write Occam's Markdown per page to <dir>
//   --gate              score only the repository's page corpus (test/pages, bench/reading-corpus.ts) per type and exit 1
//                       when a type's mean F1 falls below its floor in test/pages/floors.json (baselines shown beside
//                       it; with --occam-only they are skipped). Without --gate the corpus table is printed too.
//   --write-floors      with --gate: set the floors from this run (mean minus the margin in floors.json); refuses to
//                       lower a floor unless --allow-lower is given as well (say why in the commit)
// The baseline cache lives in bench/out/reading-cache.json, keyed by extractor version, page decoding, set and page id.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { extractDocument } from '../src/extract/index.ts';
import { fmt, writeResult } from './util.ts';
import { GOLDEN_DIR, loadGoldenExpectations } from '../test/helpers/fixtures.ts';
import { findDataset, skipMessage } from './datasets.ts';
import { runCorpusGate } from './reading-corpus.ts';
import { PAGE_DECODING, SCORING, inSubsample, loadTrafilatura, loadWcxb, type PageRecord, type PageRef, type SetName } from './reading-score.ts';
import { baselineVersion, type ExtractorName, type Task, type TaskResult } from './reading-worker.ts';

const EXTRACTORS: ExtractorName[] = ['occam', 'readability', 'defuddle'];
const BASELINES: ExtractorName[] = ['readability', 'defuddle'];
const SETS: SetName[] = ['wcxb-dev', 'wcxb-dev-sample', 'trafilatura-eval'];
const CACHE_FILE = new URL('./out/reading-cache.json', import.meta.url);

interface Args {
  occamOnly: boolean;
  cached: boolean;
  sets: SetName[];
  half?: 'tune' | 'held';
  type?: string;
  page?: string;
  limit: number;
  subsample: number;
  workers: number;
  worst: number;
  dump?: string;
  gate: boolean;
  writeFloors: boolean;
  allowLower: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (k: string): string | undefined => argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3);
  const sets = get('sets')?.split(',').filter((s): s is SetName => (SETS as string[]).includes(s)) ?? SETS;
  const half = get('half');
  return {
    occamOnly: argv.includes('--occam-only') || argv.includes('--no-baseline'),
    cached: argv.includes('--cached'),
    sets,
    half: half === 'tune' || half === 'held' ? half : undefined,
    type: get('type'),
    page: get('page'),
    limit: Number(get('limit') ?? 0),
    subsample: Math.max(1, Number(get('subsample') ?? 1)),
    workers: Math.max(1, Number(get('workers') ?? 2)),
    worst: Number(get('worst') ?? 0),
    dump: get('dump'),
    gate: argv.includes('--gate'),
    writeFloors: argv.includes('--write-floors'),
    allowLower: argv.includes('--allow-lower'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Golden corpus (in the main thread: 22 small pages)

function goldenMet(): { met: number; total: number; failed: string[] } {
  let met = 0;
  let total = 0;
  const failed: string[] = [];
  for (const e of loadGoldenExpectations()) {
    if (e.json_feed) continue; // feeds are not an HTML-extractor case
    total++;
    const html = readFileSync(join(GOLDEN_DIR, `${e.fixture}.html`), 'utf8');
    const r = extractDocument({ html, url: `https://fixtures.test/golden/${e.fixture}.html` });
    const md = r.state.ok ? r.markdown : '';
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
// Running pages on workers

type Cache = Record<string, PageRecord>;

function loadCache(): Cache {
  try {
    return JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Cache;
  } catch {
    return {};
  }
}

function saveCache(cache: Cache): void {
  mkdirSync(new URL('./out/', import.meta.url), { recursive: true });
  writeFileSync(CACHE_FILE, JSON.stringify(cache));
}

const cacheKey = (ex: ExtractorName, page: PageRef): string => `${baselineVersion(ex)}|${PAGE_DECODING}+${SCORING}|${page.set === 'wcxb-dev-sample' ? 'wcxb-dev' : page.set}|${page.id}`;

async function runTasks(tasks: Task[], workers: number, dump: boolean, onResult: (r: TaskResult) => void): Promise<void> {
  if (tasks.length === 0) return;
  const queue = [...tasks];
  let done = 0;
  const started = performance.now();
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const w = new Worker(new URL('./reading-worker.ts', import.meta.url));
      const next = (): void => {
        const task = queue.shift();
        if (!task) {
          w.postMessage({ exit: true });
          return;
        }
        w.postMessage({ task, dump });
      };
      w.on('message', (m: TaskResult | { ready: true }) => {
        if ('ready' in m) return next();
        onResult(m);
        done++;
        if (done % 100 === 0) process.stderr.write(`  reading: ${done}/${tasks.length} pages (${fmt((performance.now() - started) / 1000, 0)} s)\n`);
        next();
      });
      w.on('error', reject);
      w.on('exit', () => resolve());
    });
  await Promise.all(Array.from({ length: Math.min(workers, tasks.length) }, one));
}

// ---------------------------------------------------------------------------------------------------------------
// Summaries

interface Summary {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  tokensMean: number;
  msMean: number;
  empty: number;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function round(x: number, d = 4): number {
  const k = 10 ** d;
  return Math.round(x * k) / k;
}

function summarise(set: SetName, recs: PageRecord[]): Summary {
  const base = { pages: recs.length, tokensMean: round(mean(recs.map((r) => r.tokens)), 1), msMean: round(mean(recs.map((r) => r.ms)), 2), empty: recs.filter((r) => r.empty).length };
  if (set === 'trafilatura-eval') {
    const tp = recs.reduce((a, r) => a + r.tp, 0);
    const fp = recs.reduce((a, r) => a + r.fp, 0);
    const fn = recs.reduce((a, r) => a + r.fn, 0);
    const precision = tp + fp ? tp / (tp + fp) : 0;
    const recall = tp + fn ? tp / (tp + fn) : 0;
    return { ...base, f1: round(precision + recall ? (2 * precision * recall) / (precision + recall) : 0), precision: round(precision), recall: round(recall) };
  }
  return { ...base, f1: round(mean(recs.map((r) => r.f1 ?? 0))), precision: round(mean(recs.map((r) => r.p ?? 0))), recall: round(mean(recs.map((r) => r.r ?? 0))) };
}

function table(rows: string[][]): void {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
}

// ---------------------------------------------------------------------------------------------------------------

export async function runReadingBench(argv: string[] = []): Promise<void> {
  const args = parseArgs(argv);
  if (args.gate) {
    const passed = await runCorpusGate({ occamOnly: args.occamOnly, worst: args.worst, writeFloors: args.writeFloors, allowLower: args.allowLower });
    if (!passed) process.exitCode = 1;
    return;
  }
  const golden = goldenMet();
  console.log(`golden expectations met (occam): ${golden.met}/${golden.total}${golden.failed.length ? ` — misses: ${golden.failed.join(', ')}` : ''}`);

  const pagesBySet = new Map<SetName, PageRef[]>();
  for (const set of args.sets) {
    const dir = findDataset(set);
    if (!dir) {
      console.log(skipMessage(set));
      continue;
    }
    let pages = set === 'trafilatura-eval' ? loadTrafilatura(dir) : loadWcxb(dir, set);
    if (args.half) pages = pages.filter((p) => p.half === args.half);
    if (args.type) pages = pages.filter((p) => p.type === args.type);
    if (args.page) pages = pages.filter((p) => p.id === args.page);
    if (args.subsample > 1) pages = pages.filter((p) => inSubsample(p.id, args.subsample));
    if (args.limit > 0) pages = pages.slice(0, args.limit);
    pagesBySet.set(set, pages);
  }
  // The sample is a subset of wcxb-dev: its pages are extracted once when both sets run.
  const dev = new Set((pagesBySet.get('wcxb-dev') ?? []).map((p) => p.id));
  const cache = loadCache();
  const records = new Map<string, Partial<Record<ExtractorName, PageRecord>>>();
  const cachedUsed = new Set<ExtractorName>();
  const keyOf = (set: SetName, id: string): string => `${set === 'wcxb-dev-sample' && dev.has(id) ? 'wcxb-dev' : set}|${id}`;
  const tasks: Task[] = [];
  for (const [set, pages] of pagesBySet) {
    for (const page of pages) {
      if (set === 'wcxb-dev-sample' && dev.has(page.id)) continue;
      const recs: Partial<Record<ExtractorName, PageRecord>> = {};
      const need: ExtractorName[] = ['occam'];
      for (const b of BASELINES) {
        const hit = cache[cacheKey(b, page)];
        if ((args.cached || args.occamOnly) && hit) {
          recs[b] = hit;
          cachedUsed.add(b);
        } else if (!args.occamOnly) need.push(b);
      }
      records.set(keyOf(set, page.id), recs);
      tasks.push({ page, extractors: need });
    }
  }
  const pageOf = new Map<string, PageRef>();
  for (const t of tasks) pageOf.set(keyOf(t.page.set, t.page.id), t.page);
  if (args.dump) mkdirSync(args.dump, { recursive: true });
  const t0 = performance.now();
  let results = 0;
  await runTasks(tasks, args.workers, Boolean(args.dump), (r) => {
    const key = keyOf(r.set as SetName, r.id);
    Object.assign(records.get(key)!, r.records);
    for (const b of BASELINES) if (r.records[b]) cache[cacheKey(b, pageOf.get(key)!)] = r.records[b];
    if (++results % 50 === 0 && !args.occamOnly) saveCache(cache);
    if (args.dump && r.markdown !== undefined) writeFileSync(join(args.dump, `${r.set}-${r.id.replace(/[^\w.-]/g, '_')}.md`), r.markdown);
  });
  const wall = (performance.now() - t0) / 1000;
  if (tasks.some((t) => t.extractors.length > 1)) saveCache(cache);

  const shown = EXTRACTORS.filter((e) => [...records.values()].some((r) => r[e]));
  const label = (e: ExtractorName): string => (cachedUsed.has(e) ? `${e} (cached)` : e);
  const header = ['set / slice', 'pages', ...shown.flatMap((e) => [`${label(e)} F1`, 'P', 'R', 'tok', 'ms'])];
  const rows: string[][] = [header];
  const out: Record<string, unknown> = {};
  // Article token ratios are paired: over the pages both Occam and that baseline have a record for (with cached
  // baselines the baseline covers only the pages it was run on, so unpaired means would compare different pages).
  const articleTokens: Record<string, { occam: number[]; base: number[] }> = {};
  const recsFor = (set: SetName, pages: PageRef[], e: ExtractorName): PageRecord[] =>
    pages.map((p) => records.get(keyOf(set, p.id))?.[e]).filter((r): r is PageRecord => r !== undefined);
  for (const [set, pages] of pagesBySet) {
    if (pages.length === 0) continue;
    const slices: Array<[string, PageRef[]]> = [
      ['all', pages],
      ['tune half', pages.filter((p) => p.half === 'tune')],
      ['held half', pages.filter((p) => p.half === 'held')],
    ];
    if (set !== 'trafilatura-eval') {
      for (const t of [...new Set(pages.map((p) => p.type))].sort()) {
        slices.push([`${t}`, pages.filter((p) => p.type === t)]);
        slices.push([`${t} held`, pages.filter((p) => p.type === t && p.half === 'held')]);
      }
    }
    const setOut: Record<string, unknown> = {};
    for (const [name, ps] of slices) {
      if (ps.length === 0) continue;
      const row = [`${set} ${name}`, String(ps.length)];
      const sliceOut: Record<string, Summary> = {};
      for (const e of shown) {
        const s = summarise(set, recsFor(set, ps, e));
        sliceOut[e] = s;
        row.push(fmt(s.f1, 3), fmt(s.precision, 3), fmt(s.recall, 3), fmt(s.tokensMean, 0), fmt(s.msMean, 1));
      }
      rows.push(row);
      setOut[name] = sliceOut;
    }
    out[set] = setOut;
    if (set !== 'wcxb-dev-sample') {
      for (const p of pages.filter((p) => p.type === 'article')) {
        const rec = records.get(keyOf(set, p.id));
        for (const e of shown) {
          if (e === 'occam' || !rec?.occam || !rec[e]) continue;
          const pair = (articleTokens[e] ??= { occam: [], base: [] });
          pair.occam.push(rec.occam.tokens);
          pair.base.push(rec[e].tokens);
        }
      }
    }
  }
  table(rows);
  for (const e of cachedUsed) {
    const n = [...records.values()].filter((r) => r[e]).length;
    if (n < records.size) console.log(`note: ${e} is from the cache, which holds ${n} of these ${records.size} pages: its columns are over those pages only`);
  }
  const tokenRatio = (b: string): number | undefined => {
    const pair = articleTokens[b];
    return pair?.base.length ? mean(pair.occam) / mean(pair.base) : undefined;
  };
  for (const b of shown.filter((e) => e !== 'occam')) {
    const ratio = tokenRatio(b);
    if (ratio !== undefined) console.log(`article pages (${articleTokens[b].base.length} with both): mean tokens occam/${b} = ${fmt(ratio, 3)}x`);
  }
  // Issue 29: what the agent receives — the whole MCP response per detail level, beside the Markdown it carries and
  // Readability's Markdown, over the article pages that have all three (same pages, same run).
  const responseRows: Array<{ occam: PageRecord; readability: PageRecord }> = [];
  for (const [set, pages] of pagesBySet) {
    if (set === 'wcxb-dev-sample') continue;
    for (const p of pages.filter((p) => p.type === 'article')) {
      const rec = records.get(keyOf(set, p.id));
      if (rec?.occam?.response && rec.readability) responseRows.push({ occam: rec.occam, readability: rec.readability });
    }
  }
  if (responseRows.length) {
    const m = (f: (r: { occam: PageRecord; readability: PageRecord }) => number) => mean(responseRows.map(f));
    const md = m((r) => r.occam.response!.markdown);
    const rb = m((r) => r.readability.tokens);
    const levels = ['lean', 'standard', 'full'] as const;
    const whole = Object.fromEntries(levels.map((l) => [l, m((r) => r.occam.response![l])])) as Record<(typeof levels)[number], number>;
    console.log(`whole response, article pages (${responseRows.length}): markdown ${fmt(md, 0)} tok · readability ${fmt(rb, 0)} tok · ` +
      levels.map((l) => `${l} ${fmt(whole[l], 0)} tok (${fmt(whole[l] / md, 3)}x markdown, ${fmt(whole[l] / rb, 3)}x readability)`).join(' · '));
    out.wholeResponse = { pages: responseRows.length, markdown: round(md, 1), readability: round(rb, 1), ...Object.fromEntries(levels.map((l) => [l, round(whole[l], 1)])) };
  }
  const allRecs = (e: ExtractorName): PageRecord[] => [...records.values()].map((r) => r[e]).filter((r): r is PageRecord => r !== undefined);
  const speed: Record<string, number> = {};
  for (const b of shown.filter((e) => e !== 'occam')) {
    if (cachedUsed.has(b)) continue;
    // Same pages, same threads: the ratio of mean ms/page over every page both ran on.
    const ids = new Set(allRecs(b).map((r) => r.id));
    const om = mean(allRecs('occam').filter((r) => ids.has(r.id)).map((r) => r.ms));
    const bm = mean(allRecs(b).map((r) => r.ms));
    speed[b] = round(bm / om, 2);
    console.log(`speed: occam is ${fmt(bm / om, 1)}x faster per page than ${b} (mean ${fmt(om, 1)} vs ${fmt(bm, 1)} ms, same run)`);
  }
  console.log(`wall time ${fmt(wall, 0)} s on ${args.workers} worker(s)`);
  if (args.worst > 0) {
    for (const [set, pages] of pagesBySet) {
      const scored = pages.map((p) => ({ p, r: records.get(keyOf(set, p.id))?.occam, b: records.get(keyOf(set, p.id))?.readability })).filter((x) => x.r);
      const key = (x: (typeof scored)[number]): number => (set === 'trafilatura-eval' ? -(x.r!.fp * 2 + x.r!.fn) : x.r!.f1 ?? 0);
      console.log(`worst occam pages in ${set}:`);
      for (const x of scored.sort((a, b) => key(a) - key(b)).slice(0, args.worst)) {
        const r = x.r!;
        const detail = set === 'trafilatura-eval' ? `fp=${r.fp} fn=${r.fn}${x.b ? ` base fp=${x.b.fp} fn=${x.b.fn}` : ''}` : `f1=${fmt(r.f1 ?? 0, 3)} p=${fmt(r.p ?? 0, 2)} r=${fmt(r.r ?? 0, 2)}${x.b ? ` base=${fmt(x.b.f1 ?? 0, 3)}` : ''}`;
        console.log(`  ${x.p.id} ${x.p.type.padEnd(13)} ${x.p.half} ${detail}`);
      }
    }
  }
  if (!args.type && !args.page && !args.limit && !args.half && args.subsample === 1 && args.sets.length === SETS.length) {
    writeResult('reading', {
      corpus: Object.fromEntries(SETS.map((s) => [s, findDataset(s) ?? null])),
      scoring: 'bench/reading-score.ts: wcxb word F1 (mean per page); trafilatura-eval snippet TP/FP/FN summed; ok:false counts as empty output',
      split: 'sha1(page id)[0] even → tuning half, odd → held-out half',
      tokenizer: 'gpt-tokenizer o200k_base',
      versions: Object.fromEntries(EXTRACTORS.map((e) => [e, baselineVersion(e)])),
      cached: [...cachedUsed],
      golden,
      results: out,
      speedup: speed,
      articleTokenRatio: Object.fromEntries(shown.filter((e) => tokenRatio(e) !== undefined).map((e) => [e, round(tokenRatio(e)!, 3)])),
    });
  }
  if (!existsSync(CACHE_FILE) && !args.occamOnly) console.log('note: no baseline cache written');
  console.log('\nrepository page corpus (test/pages; `--gate` exits 1 below its floors):');
  await runCorpusGate({ occamOnly: args.occamOnly, worst: args.worst });
}

export default { name: 'reading', run: () => runReadingBench(process.argv.slice(2).filter((a) => a.startsWith('--'))) };

if (import.meta.main) await runReadingBench(process.argv.slice(2));
