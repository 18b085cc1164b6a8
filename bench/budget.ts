// Budget benchmark: under a fixed token budget, does the part of a page that answers a question survive?
// Occam's planner (focus_window with a focus query) beside the naive baseline every fetch tool uses (keep the
// first N tokens), measured in the same run on the wcxb dev sample (reading.md §12, corpus README).
//
// For each page: extract once (src/extract), take the ground truth's `with` snippets that are in the Markdown but
// NOT within the first `budget` tokens (so head truncation cannot keep them by luck), and ask for each with a query
// of its four longest words. Reported: share of snippets kept, tokens used (o200k), planner ms/page.
// Writes bench/out/budget.json. Direct use: `node bench/budget.ts [--budget=512] [--pages=120]`.
//
// Part two (issue 14, needs no dataset): the whole-response ceiling through the real read pipeline on generated
// pages served on 127.0.0.1 — budget accuracy (o200k tokens of the whole serialised response / max_tokens; the
// ceiling holds when the maximum is ≤ 1) and the cost of the fit: the same page read with a budget vs without,
// as a ratio of wall time (median over pages, reads interleaved so machine noise hits both alike).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode, decode } from 'gpt-tokenizer/encoding/o200k_base';
import { extractDocument } from '../src/extract/index.ts';
import { decomposeQuery } from '../src/budget/focus.ts';
import { planResponse } from '../src/budget/plan.ts';
import { parseDocument } from '../src/budget/sections.ts';
import { loadBudgetCost } from '../src/budget/tokens.ts';
import { fmt, interleaved, median, writeResult } from './util.ts';
import type { BenchModule } from './run.ts';
import { findDataset, skipMessage } from './datasets.ts';
import { readPageHtml } from './reading-score.ts';

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

async function run(): Promise<void> {
  await runCeiling();
  await runSnippets();
}

/** A generated article of `blocks` paragraphs under a heading every `every` blocks. */
function generatedPage(blocks: number, every: number, seed: number): string {
  const parts = [`<!doctype html><html><head><title>Bench ${seed}</title></head><body><main><article><h1>Bench ${seed}</h1>`];
  for (let i = 0; i < blocks; i++) {
    if (i % every === 0) parts.push(`<h2>Section ${i / every} of ${seed}</h2>`);
    parts.push(`<p>Paragraph ${i} of page ${seed} explains one behaviour of the system in plain words with a <a href="/r/${i}">reference</a>.</p>`);
  }
  return `${parts.join('\n')}</article></main></body></html>`;
}

async function runCeiling(): Promise<void> {
  const { startFixtureServer } = await import('../test/helpers/http-fixture.ts');
  const { testContext } = await import('../src/runtime/context.ts');
  const { Services } = await import('../src/runtime/services.ts');
  const { transcode } = await import('../src/read/transcode.ts');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const shapes = [
    [40, 8],
    [400, 20],
    [1500, 5],
    [5000, 10],
  ] as const;
  const budgets = [256, 512, 1024, 4096];
  const pages = new Map(shapes.map(([n, every], i) => [`/p/${i}`, generatedPage(n, every, i)]));
  const server = await startFixtureServer({}, (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages.get((req.url ?? '').split('?')[0]) ?? '');
  });
  const home = mkdtempSync(join(tmpdir(), 'occam-bench-'));
  const runtime = testContext({ env: { HOME: home, OCCAM_ALLOW_PRIVATE_URLS: '1' }, homeDir: home, warn: () => {} });
  const services = new Services(runtime);
  const read = async (path: string, max: number | null) => {
    const t0 = performance.now();
    const r = await transcode({ url: server.url(path), backend_policy: 'http', playbook_policy: 'off', max_tokens: max }, { runtime, services, resolveMaxTokens: (e) => e, browser: null });
    return { r, ms: performance.now() - t0 };
  };
  const accuracy: number[] = [];
  const fitRatio: number[] = [];
  const rows: Array<Record<string, unknown>> = [];
  let failures = 0;
  try {
    for (const path of pages.keys()) await read(path, null); // warm caches and the tokenizer
    for (const [i, [blocks]] of shapes.entries()) {
      const path = `/p/${i}`;
      for (const budget of budgets) {
        const times = await interleaved(3, {
          unbudgeted: async () => (await read(path, null)).ms,
          budgeted: async () => (await read(path, budget)).ms,
        });
        const { r } = await read(path, budget);
        const whole = encode(JSON.stringify(r)).length;
        if (!r.ok) failures++;
        const ratio = whole / budget;
        const fit = median(times.budgeted) / median(times.unbudgeted);
        accuracy.push(ratio);
        fitRatio.push(fit);
        rows.push({ blocks, budget, ok: r.ok, partial: r.partial, wholeTokens: whole, accuracy: ratio, fitCostRatio: fit });
      }
    }
  } finally {
    await services.disposeAll();
    await server.close();
  }
  const out = {
    pages: shapes.length,
    budgets,
    cases: rows.length,
    failures,
    accuracyMedian: median(accuracy),
    accuracyMin: Math.min(...accuracy),
    accuracyMax: Math.max(...accuracy),
    fitCostRatioMedian: median(fitRatio),
    fitCostRatioMax: Math.max(...fitRatio),
    rows,
  };
  console.log(`whole-response ceiling: ${rows.length} reads (${shapes.map(([n]) => n).join('/')} blocks × budgets ${budgets.join('/')}), ${failures} budget-too-small failures`);
  for (const row of rows) console.log(`  ${String(row.blocks).padStart(5)} blocks  budget ${String(row.budget).padStart(5)}  whole ${String(row.wholeTokens).padStart(5)} tokens  used/budget ${fmt(row.accuracy as number, 3)}  fit cost ×${fmt(row.fitCostRatio as number, 2)}`);
  console.log(`  budget accuracy (whole o200k / max_tokens): median ${fmt(out.accuracyMedian, 3)}, min ${fmt(out.accuracyMin, 3)}, max ${fmt(out.accuracyMax, 3)} (ceiling holds: ${out.accuracyMax <= 1})`);
  console.log(`  cost of the fit (budgeted / unbudgeted read, same page, same run): median ×${fmt(out.fitCostRatioMedian, 2)}, max ×${fmt(out.fitCostRatioMax, 2)}`);
  writeResult('budget-ceiling', out);
}

async function runSnippets(): Promise<void> {
  const WCXB = findDataset('wcxb-dev-sample');
  if (!WCXB) {
    console.log(skipMessage('wcxb-dev-sample'));
    return;
  }
  const budget = arg('budget', 512);
  const maxPages = arg('pages', 120);
  const cost = await loadBudgetCost();
  const index = (JSON.parse(readFileSync(join(WCXB, 'index.json'), 'utf8')) as { pages: Record<string, { page_type: string }> }).pages;
  const ids = Object.keys(index).sort().slice(0, maxPages);
  let asked = 0;
  let keptOccam = 0;
  let keptHead = 0;
  const planMs: number[] = [];
  const tokensOccam: number[] = [];
  for (const id of ids) {
    const html = readPageHtml(join(WCXB, 'html', `${id}.html.gz`));
    const truth = JSON.parse(readFileSync(join(WCXB, 'ground-truth', `${id}.json`), 'utf8'));
    const result = extractDocument({ html, url: truth.url ?? 'https://example.com/' });
    if (!result.state.ok) continue;
    const md = result.markdown;
    const head = decode(encode(md).slice(0, budget));
    const doc = parseDocument(md);
    for (const snippet of (truth.ground_truth?.with ?? []) as string[]) {
      if (snippet.length < 20 || !norm(md).includes(norm(snippet)) || norm(head).includes(norm(snippet))) continue;
      const words = [...new Set(snippet.match(/[\p{L}\p{N}]{5,}/gu) ?? [])].sort((a, b) => b.length - a.length).slice(0, 4);
      if (words.length < 2) continue;
      asked++;
      const t0 = performance.now();
      const plan = planResponse({ doc, maxTokens: budget, query: decomposeQuery(words.join(' ')), fragment: null, sidecars: {}, cost });
      planMs.push(performance.now() - t0);
      tokensOccam.push(encode(plan.markdown).length);
      if (norm(plan.markdown).includes(norm(snippet))) keptOccam++;
      if (norm(head).includes(norm(snippet))) keptHead++;
    }
  }
  const out = {
    budget,
    pages: ids.length,
    questions: asked,
    keptOccamFocus: asked ? keptOccam / asked : 0,
    keptHeadTruncation: asked ? keptHead / asked : 0,
    medianTokensOccam: median(tokensOccam),
    medianPlanMs: median(planMs),
  };
  console.log(`budget ${budget} tokens, ${asked} deep snippets on ${ids.length} wcxb pages`);
  console.log(`  kept — occam focus_window: ${fmt(out.keptOccamFocus * 100)}%   head truncation (baseline): ${fmt(out.keptHeadTruncation * 100)}%`);
  console.log(`  occam median o200k tokens returned: ${out.medianTokensOccam} (≤ ${budget}); planner median ${fmt(out.medianPlanMs, 2)} ms`);
  writeResult('budget', out);
}

const mod: BenchModule = { name: 'budget', run };
export default mod;

if (import.meta.url === `file://${process.argv[1]}`) await run();
