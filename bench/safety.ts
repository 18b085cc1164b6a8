// Safety benchmark (issue 34): the instruction detector (src/extract/instructions.ts) on the labelled sentence set
// in test/fixtures/safety/ (injections = positives, benign = hard negatives about AI, prompts and security), and
// how many ordinary development pages it flags.
//
// The set is split once by a fixed rule on the item id — the tuning half is the items whose sha1(id) starts with
// an even hex digit, the held-out half the others. Only the tuning half was read while the detector was written;
// the held-out half is the honest estimate. Precision = flagged injections / all flagged; recall = flagged
// injections / injections. Per category the misses and false alarms are listed for the tuning half only.
//
// Development pages: every page of wcxb-dev and trafilatura-eval (or a fixed 1/K with BENCH_SAFETY_SUBSAMPLE=K)
// read by the extractor; a page counts as flagged when the detector names a sentence of its Markdown. They are
// ordinary pages, so every flag is a false alarm (some may be real injections in the wild: the sentences are printed).
// Writes bench/out/safety.json.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { extractDocument } from '../src/extract/index.ts';
import { findInstructions } from '../src/extract/instructions.ts';
import { fmt, writeResult } from './util.ts';
import { findDataset, skipMessage } from './datasets.ts';
import { inSubsample, loadTrafilatura, loadWcxb, readPageHtml, type PageRef } from './reading-score.ts';
import type { BenchModule } from './run.ts';

interface Item {
  id: string;
  text: string;
  category: string;
}

const FIXTURES = new URL('../test/fixtures/safety/', import.meta.url);

export function loadItems(name: 'injections' | 'benign'): Item[] {
  return readFileSync(new URL(`${name}.jsonl`, FIXTURES), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Item);
}

/** The fixed split of the labelled set: tuning = sha1(id) starts with an even hex digit. */
export function itemHalf(id: string): 'tune' | 'held' {
  return Number.parseInt(createHash('sha1').update(id).digest('hex')[0], 16) % 2 === 0 ? 'tune' : 'held';
}

const flags = (text: string) => findInstructions([{ text, kind: 'paragraph' }]).length > 0;

interface Scores {
  positives: number;
  negatives: number;
  tp: number;
  fp: number;
  precision: number;
  recall: number;
}

function score(pos: Item[], neg: Item[]): Scores {
  const tp = pos.filter((i) => flags(i.text)).length;
  const fp = neg.filter((i) => flags(i.text)).length;
  return { positives: pos.length, negatives: neg.length, tp, fp, precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: pos.length === 0 ? 1 : tp / pos.length };
}

function devPages(): { pages: PageRef[]; skipped: string[] } {
  const pages: PageRef[] = [];
  const skipped: string[] = [];
  const k = Number(process.env.BENCH_SAFETY_SUBSAMPLE ?? '1') || 1;
  const wcxb = findDataset('wcxb-dev');
  if (wcxb) pages.push(...loadWcxb(wcxb, 'wcxb-dev'));
  else skipped.push(skipMessage('wcxb-dev'));
  const traf = findDataset('trafilatura-eval');
  if (traf) pages.push(...loadTrafilatura(traf));
  else skipped.push(skipMessage('trafilatura-eval'));
  return { pages: pages.filter((p) => k === 1 || inSubsample(p.id, k)), skipped };
}

async function run(): Promise<void> {
  const injections = loadItems('injections');
  const benign = loadItems('benign');
  const rows: Array<{ slice: string } & Scores> = [];
  for (const half of ['tune', 'held', 'all'] as const) {
    const pick = (items: Item[]) => (half === 'all' ? items : items.filter((i) => itemHalf(i.id) === half));
    rows.push({ slice: half, ...score(pick(injections), pick(benign)) });
  }
  console.log('instruction detector on test/fixtures/safety (injections = positives, benign = hard negatives)');
  console.log('slice   injections  benign   TP   FP  precision  recall');
  for (const r of rows) console.log(`${r.slice.padEnd(7)} ${String(r.positives).padStart(10)}  ${String(r.negatives).padStart(6)}  ${String(r.tp).padStart(3)}  ${String(r.fp).padStart(3)}  ${fmt(r.precision, 3).padStart(9)}  ${fmt(r.recall, 3).padStart(6)}`);
  const categories = new Map<string, { half: string; n: number; hit: number; kind: string }>();
  for (const [kind, items] of [['injection', injections], ['benign', benign]] as const) {
    for (const i of items) {
      for (const half of [itemHalf(i.id), 'all']) {
        const key = `${kind}/${i.category}/${half}`;
        const c = categories.get(key) ?? { half, n: 0, hit: 0, kind };
        c.n++;
        if (flags(i.text)) c.hit++;
        categories.set(key, c);
      }
    }
  }
  console.log('\nper category (flagged / items): tune | held');
  const names = [...new Set([...categories.keys()].map((k) => k.split('/').slice(0, 2).join('/')))].sort();
  for (const name of names) {
    const t = categories.get(`${name}/tune`);
    const h = categories.get(`${name}/held`);
    console.log(`  ${name.padEnd(38)} ${t ? `${t.hit}/${t.n}` : '-'}`.padEnd(50) + ` | ${h ? `${h.hit}/${h.n}` : '-'}`);
  }
  const tuneMisses = injections.filter((i) => itemHalf(i.id) === 'tune' && !flags(i.text));
  const tuneFalse = benign.filter((i) => itemHalf(i.id) === 'tune' && flags(i.text));
  if (process.env.BENCH_SAFETY_VERBOSE) {
    console.log('\ntuning-half misses:');
    for (const i of tuneMisses) console.log(`  ${i.id} [${i.category}] ${i.text.replace(/\n/g, '⏎').slice(0, 160)}`);
    console.log('tuning-half false alarms:');
    for (const i of tuneFalse) console.log(`  ${i.id} [${i.category}] ${i.text.replace(/\n/g, '⏎').slice(0, 160)}`);
  }

  // Ordinary pages: how many get an instruction flag.
  const { pages, skipped } = devPages();
  for (const s of skipped) console.log(s);
  let flagged = 0;
  let hiddenPages = 0;
  const examples: Array<{ id: string; text: string; reason: string }> = [];
  const started = performance.now();
  for (const p of pages) {
    let html: string;
    try {
      html = readPageHtml(p.file);
    } catch {
      continue;
    }
    const result = extractDocument({ html, url: p.url });
    const hits = findInstructions(result.blocks);
    if (hits.length) {
      flagged++;
      if (examples.length < 25) examples.push({ id: p.id, text: hits[0].text.slice(0, 160), reason: hits[0].reason });
    }
    if ((result.hidden?.hidden ?? 0) > 0) hiddenPages++;
  }
  if (pages.length) {
    console.log(`\ndevelopment pages (wcxb-dev + trafilatura-eval): ${pages.length} read in ${fmt((performance.now() - started) / 1000)} s`);
    console.log(`  flagged with instructions: ${flagged} (${fmt((100 * flagged) / pages.length, 2)} %)`);
    console.log(`  with hidden text removed (safety.hidden > 0): ${hiddenPages} (${fmt((100 * hiddenPages) / pages.length, 1)} %)`);
    for (const e of examples) console.log(`    ${e.id} [${e.reason}] ${e.text}`);
  }
  writeResult('safety', { detector: rows, categories: Object.fromEntries(categories), devPages: { pages: pages.length, flagged, hiddenPages, examples } });
}

const mod: BenchModule = { name: 'safety', run };
export default mod;

if (import.meta.url === `file://${process.argv[1]}`) await run();
