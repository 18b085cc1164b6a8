// Fits the hidden-text stage's choices (src/extract/visibility.ts, rows in src/extract/rules/visibility.ts) on the
// development sets: which hiding reasons to apply, the share of the page a hidden element may hold before it is
// read as a script-revealed wrapper, and how far off-screen counts as hidden. Every page of wcxb-dev and
// trafilatura-eval (or a fixed 1/K with --subsample=K) is read once with the stage off (no hidden element removed
// by it: the boilerplate stage's attribute rules still apply) and, where the stage removes anything, again per
// variant; each read is scored as bench/reading.ts scores it (wcxb: word F1; trafilatura: snippet F1 per page).
// The choice is made on the tuning half and reported on the held-out half (bench/reading-score.ts `halfOf`).
//
//   node scripts/fit-visibility.ts [--subsample=K] [--limit=N]
import { extractDocument } from '../src/extract/index.ts';
import { markdownToPlainText } from '../src/extract/markdown.ts';
import type { VisibilityTuning } from '../src/extract/visibility.ts';
import * as rows from '../src/extract/rules/visibility.ts';
import { findDataset, skipMessage } from '../bench/datasets.ts';
import { inSubsample, loadTrafilatura, loadWcxb, readPageHtml, snippetCounts, wordScores, type PageRef } from '../bench/reading-score.ts';

const arg = (k: string) => process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3);
const subsample = Number(arg('subsample') ?? '1') || 1;
const limit = Number(arg('limit') ?? '0') || 0;

const REASONS = (Object.values(rows) as unknown[])
  .filter((r): r is rows.VisibilityRow<unknown> => typeof r === 'object' && r !== null && 'effect' in r && r.effect === 'hides')
  .map((r) => r.id);

type Variant = { name: string; tuning: Partial<VisibilityTuning> };
const ALL_OFF: Variant = { name: 'stage off', tuning: { disabled: new Set(REASONS) } };
const variants: Variant[] = [
  { name: 'shipped', tuning: {} },
  ...REASONS.map((id) => ({ name: `without ${id}`, tuning: { disabled: new Set([id]) } })),
  ...[0.2, 0.8, 1.01].map((share) => ({ name: `wrapper share ${share}`, tuning: { revealedWrapperShare: share } })),
  ...[0.1, 0.2, 0.5, 1.01].map((share) => ({ name: `style-hidden share ${share}`, tuning: { styleHiddenShareMax: share } })),
  ...[200, 5000].map((px) => ({ name: `off-screen ${px}px`, tuning: { offScreenPx: px } })),
];

function f1Of(page: PageRef, md: string): number {
  const plain = markdownToPlainText(md);
  if (page.reference !== undefined && page.set !== 'trafilatura-eval') return wordScores(plain, page.reference).f1;
  const c = snippetCounts(plain, page.with, page.without, true);
  const p = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

const pages: PageRef[] = [];
const wcxb = findDataset('wcxb-dev');
if (wcxb) pages.push(...loadWcxb(wcxb, 'wcxb-dev'));
else console.log(skipMessage('wcxb-dev'));
const traf = findDataset('trafilatura-eval');
if (traf) pages.push(...loadTrafilatura(traf));
else console.log(skipMessage('trafilatura-eval'));
let chosen = pages.filter((p) => subsample === 1 || inSubsample(p.id, subsample));
if (limit) chosen = chosen.slice(0, limit);

// sums[variant][half] = {sum, n} over all pages (pages the stage leaves alone score the same in every variant).
const sums = new Map<string, Record<string, { sum: number; n: number }>>();
const add = (name: string, half: string, f1: number) => {
  const row = sums.get(name) ?? {};
  for (const h of [half, 'all']) {
    row[h] ??= { sum: 0, n: 0 };
    row[h].sum += f1;
    row[h].n++;
  }
  sums.set(name, row);
};
let touched = 0;
const started = performance.now();
for (const [i, page] of chosen.entries()) {
  let html: string;
  try {
    html = readPageHtml(page.file);
  } catch {
    continue;
  }
  const read = (tuning: Partial<VisibilityTuning>) => {
    const r = extractDocument({ html, url: page.url }, { visibility: tuning });
    return { md: r.state.ok ? r.markdown : '', removed: r.hidden?.removedElements ?? 0 };
  };
  const base = read(ALL_OFF.tuning);
  const baseF1 = f1Of(page, base.md);
  add(ALL_OFF.name, page.half, baseF1);
  const shipped = read({});
  if (shipped.removed === 0) {
    for (const v of variants) add(v.name, page.half, baseF1);
    continue;
  }
  touched++;
  for (const v of variants) add(v.name, page.half, v.name === 'shipped' ? f1Of(page, shipped.md) : f1Of(page, read(v.tuning).md));
  if ((i + 1) % 200 === 0) console.error(`  ${i + 1}/${chosen.length} pages`);
}
console.log(`${chosen.length} pages, ${touched} where the stage removed something (${((performance.now() - started) / 1000).toFixed(0)} s)`);
console.log('variant                                      tune F1   held F1    all F1');
const mean = (r: { sum: number; n: number } | undefined) => (r && r.n ? (r.sum / r.n).toFixed(4) : '   -  ');
for (const name of [ALL_OFF.name, ...variants.map((v) => v.name)]) {
  const r = sums.get(name) ?? {};
  console.log(`${name.padEnd(44)} ${mean(r.tune)}    ${mean(r.held)}    ${mean(r.all)}`);
}
