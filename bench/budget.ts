// Budget benchmark: under a fixed token budget, does the part of a page that answers a question survive?
// Occam's planner (focus_window with a focus query) beside the naive baseline every fetch tool uses (keep the
// first N tokens), measured in the same run on the wcxb dev sample (reading.md §12, corpus README).
//
// For each page: extract once (src/extract), take the ground truth's `with` snippets that are in the Markdown but
// NOT within the first `budget` tokens (so head truncation cannot keep them by luck), and ask for each with a query
// of its four longest words. Reported: share of snippets kept, tokens used (o200k), planner ms/page.
// Writes bench/out/budget.json. Direct use: `node bench/budget.ts [--budget=512] [--pages=120]`.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { encode, decode } from 'gpt-tokenizer/encoding/o200k_base';
import { extractDocument } from '../src/extract/index.ts';
import { decomposeQuery } from '../src/budget/focus.ts';
import { planResponse } from '../src/budget/plan.ts';
import { parseDocument } from '../src/budget/sections.ts';
import { loadBudgetCost } from '../src/budget/tokens.ts';
import { fmt, median, writeResult } from './util.ts';
import type { BenchModule } from './run.ts';
import { findDataset, skipMessage } from './datasets.ts';

function arg(name: string, fallback: number): number {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

async function run(): Promise<void> {
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
    const html = gunzipSync(readFileSync(join(WCXB, 'html', `${id}.html.gz`))).toString('utf8');
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
