// `npm run fit`: fits the second opinion's decision (src/extract/second-opinion.ts) from the development sets and
// writes it to src/extract/model.json. `npm run fit -- --check` refits and exits 0 only when the result equals the
// shipped file (exit 1 when it differs, 2 when a set is missing).
//
// Rows: every page of wcxb-dev and trafilatura-eval (found via bench/datasets.ts) is read with the engine's roots
// forced; where the density candidate disagrees (agreement below the floor) it is read again with the density
// roots, and both reads are scored the way the bench scores them (word F1; snippets found/leaked). The label says
// which read scored better, weighted by how much better. The model is a logistic regression over standardized
// features, fitted by full-batch gradient descent from zero weights: no randomness, so the same rows give the same
// file. It is fitted on the tuning halves of both sets (bench/reading-score.ts `halfOf`); the held-out halves and
// the cross-set fits (fit on one set, score on the other) are reported, so a decision that only helps the set it
// was fitted on shows.
import { readFileSync, writeFileSync } from 'node:fs';
import { extractDocument, markdownToPlainText } from '../src/extract/index.ts';
import { DENSITY_WINS_ABOVE, FEATURE_NAMES, densityProbability, type OpinionModel } from '../src/extract/second-opinion.ts';
import { findDataset } from '../bench/datasets.ts';
import { loadTrafilatura, loadWcxb, readPageHtml, snippetCounts, wordScores, type PageRef } from '../bench/reading-score.ts';

const MODEL_FILE = new URL('../src/extract/model.json', import.meta.url);
/** Gradient-descent schedule and ridge penalty: fixed, so the fit is deterministic. */
const ITERATIONS = 4000;
const LEARNING_RATE = 0.3;
const L2 = 0.1;
/** Digits kept in the file: enough for the decision, few enough that float noise cannot change the file. */
const DIGITS = 5;

interface Outcome {
  /** wcxb: word F1; trafilatura: snippet counts. */
  f1?: number;
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

interface Row {
  set: 'wcxb-dev' | 'trafilatura-eval';
  id: string;
  type: string;
  half: 'tune' | 'held';
  engine: Outcome;
  /** Present when the candidates disagreed. */
  density?: Outcome;
  features?: number[];
}

function score(page: PageRef, markdown: string, ok: boolean): Outcome {
  const plain = ok ? markdownToPlainText(markdown) : '';
  const counts = snippetCounts(plain, page.with, page.without, page.set === 'trafilatura-eval');
  return page.reference !== undefined ? { ...counts, f1: wordScores(plain, page.reference).f1 } : counts;
}

/** Per-page utility of a read: F1, or the snippet balance on the page's scale (found minus leaked, per snippet). */
function utility(o: Outcome): number {
  if (o.f1 !== undefined) return o.f1;
  const n = o.tp + o.fn + o.fp + o.tn;
  return n > 0 ? (o.tp - o.fp) / n : 0;
}

function buildRows(progress: boolean): Row[] {
  const wcxb = findDataset('wcxb-dev');
  const traf = findDataset('trafilatura-eval');
  if (!wcxb || !traf) {
    console.error('fit: needs wcxb-dev and trafilatura-eval (bench/datasets.ts: OCCAM_DATASETS_DIR, else the shared corpus beside the checkout)');
    process.exit(2);
  }
  const pages = [...loadWcxb(wcxb, 'wcxb-dev'), ...loadTrafilatura(traf)];
  const rows: Row[] = [];
  for (const page of pages) {
    const html = readPageHtml(page.file);
    const engine = extractDocument({ html, url: page.url }, { secondOpinion: 'engine' });
    const row: Row = { set: page.set as Row['set'], id: page.id, type: page.type, half: page.half, engine: score(page, engine.markdown, engine.state.ok) };
    if (engine.opinionFeatures) {
      const density = extractDocument({ html, url: page.url }, { secondOpinion: 'density' });
      row.density = score(page, density.markdown, density.state.ok);
      row.features = engine.opinionFeatures;
    }
    rows.push(row);
    if (progress && rows.length % 250 === 0) console.error(`  fit: ${rows.length}/${pages.length} pages read`);
  }
  return rows;
}

type Model = OpinionModel;

const round = (x: number): number => Number(x.toFixed(DIGITS));

function fit(rows: Row[], fittedOn: string): Model {
  const train = rows.filter((r) => r.features && r.density && utility(r.density) !== utility(r.engine));
  const k = FEATURE_NAMES.length;
  const mean = new Array<number>(k).fill(0);
  const scale = new Array<number>(k).fill(1);
  if (train.length > 0) {
    for (let j = 0; j < k; j++) {
      const xs = train.map((r) => r.features![j]);
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
      mean[j] = round(m);
      scale[j] = sd > 1e-9 ? round(sd) : 1;
    }
  }
  const X = train.map((r) => r.features!.map((x, j) => (x - mean[j]) / scale[j]));
  const y = train.map((r) => (utility(r.density!) > utility(r.engine) ? 1 : 0));
  const w8 = train.map((r) => Math.abs(utility(r.density!) - utility(r.engine)));
  const total = w8.reduce((a, b) => a + b, 0) || 1;
  const weights = new Array<number>(k).fill(0);
  let bias = 0;
  for (let it = 0; it < ITERATIONS; it++) {
    const grad = new Array<number>(k).fill(0);
    let gb = 0;
    for (let i = 0; i < X.length; i++) {
      let z = bias;
      for (let j = 0; j < k; j++) z += weights[j] * X[i][j];
      const err = (1 / (1 + Math.exp(-z)) - y[i]) * w8[i];
      for (let j = 0; j < k; j++) grad[j] += err * X[i][j];
      gb += err;
    }
    for (let j = 0; j < k; j++) weights[j] -= LEARNING_RATE * (grad[j] / total + L2 * weights[j]);
    bias -= LEARNING_RATE * (gb / total);
  }
  return { features: [...FEATURE_NAMES], mean, scale, weights: weights.map(round), bias: round(bias), fittedOn, rows: train.length };
}

const prefersDensity = (model: Model, features: number[]): boolean => densityProbability(features, model) > DENSITY_WINS_ABOVE;

type Pick = 'engine' | 'model' | 'oracle';

function outcome(r: Row, pick: Pick, model: Model): Outcome {
  if (!r.density || !r.features) return r.engine;
  if (pick === 'engine') return r.engine;
  if (pick === 'oracle') return utility(r.density) > utility(r.engine) ? r.density : r.engine;
  return prefersDensity(model, r.features) ? r.density : r.engine;
}

/** The set's own figure: mean word F1 (wcxb) or F1 over summed snippet counts (trafilatura-eval). */
function figure(rows: Row[], pick: Pick, model: Model): number {
  if (rows.length === 0) return NaN;
  const outs = rows.map((r) => outcome(r, pick, model));
  if (rows[0].set === 'wcxb-dev') return outs.reduce((a, o) => a + (o.f1 ?? 0), 0) / outs.length;
  const tp = outs.reduce((a, o) => a + o.tp, 0);
  const fn = outs.reduce((a, o) => a + o.fn, 0);
  const fp = outs.reduce((a, o) => a + o.fp, 0);
  return (2 * tp) / (2 * tp + fn + fp);
}

function report(rows: Row[], models: Record<string, Model>): void {
  const slices: Array<[string, Row[]]> = [];
  for (const set of ['wcxb-dev', 'trafilatura-eval'] as const) {
    const inSet = rows.filter((r) => r.set === set);
    slices.push([`${set} all`, inSet], [`${set} tune`, inSet.filter((r) => r.half === 'tune')], [`${set} held`, inSet.filter((r) => r.half === 'held')]);
    if (set === 'wcxb-dev') for (const t of [...new Set(inSet.map((r) => r.type))].sort()) slices.push([`${set} ${t}`, inSet.filter((r) => r.type === t)]);
  }
  const names = Object.keys(models);
  console.log(`${'slice'.padEnd(30)} pages  disagree  engine  ${names.map((n) => n.padStart(12)).join(' ')}  oracle`);
  for (const [name, rs] of slices) {
    const m0 = models[names[0]];
    const cells = names.map((n) => figure(rs, 'model', models[n]).toFixed(4).padStart(12)).join(' ');
    console.log(`${name.padEnd(30)} ${String(rs.length).padStart(5)}  ${String(rs.filter((r) => r.features).length).padStart(8)}  ${figure(rs, 'engine', m0).toFixed(4)}  ${cells}  ${figure(rs, 'oracle', m0).toFixed(4)}`);
  }
}

function serialise(model: Model): string {
  return `${JSON.stringify(model, null, 1).replace(/\n\s+(-?[\d.e-]+)(?=,|\n)/g, ' $1')}\n`;
}

const check = process.argv.includes('--check');
const arg = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// --rows-out=FILE keeps the rows read; --rows-in=FILE refits from them without reading the pages (for trying
// fitting settings; the shipped file is always written from a fresh read).
const rowsIn = check ? undefined : arg('rows-in');
const rows: Row[] = rowsIn ? (JSON.parse(readFileSync(rowsIn, 'utf8')) as Row[]) : buildRows(!check);
if (arg('rows-out')) writeFileSync(arg('rows-out')!, JSON.stringify(rows));
const shipped = fit(rows.filter((r) => r.half === 'tune'), 'wcxb-dev + trafilatura-eval, tuning halves');
const text = serialise(shipped);
if (check) {
  const current = readFileSync(MODEL_FILE, 'utf8');
  if (current !== text) {
    console.error('fit --check: src/extract/model.json differs from a fresh fit: run `npm run fit` and commit it');
    process.exit(1);
  }
  console.log('fit --check: src/extract/model.json equals a fresh fit');
} else {
  report(rows, {
    shipped,
    'fit-wcxb': fit(rows.filter((r) => r.set === 'wcxb-dev'), 'wcxb-dev'),
    'fit-traf': fit(rows.filter((r) => r.set === 'trafilatura-eval'), 'trafilatura-eval'),
  });
  if (!rowsIn) writeFileSync(MODEL_FILE, text);
  console.log(`${rowsIn ? 'fitted (not written)' : 'wrote src/extract/model.json'}: ${shipped.rows} disagreeing pages with a better read, ${rows.length} pages read`);
}
