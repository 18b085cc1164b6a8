// The second opinion (issue 28): an independent main-content candidate — the paragraph-density scorer with no class
// or id weights, no semantic hints, no widening (main-content.ts densityRoots) — computed on every read, on the same
// parsed DOM. When it and the engine's choice hold mostly different text (low agreement), a decision fitted from the
// development sets (scripts/fit.ts → model.json, a logistic regression over features of both candidates) picks one.
// A page should not lose its story to a menu, a rail or a listing the engine's hints preferred.
import { Element, contains, findFirst, walk, wordKey } from './dom.ts';
import { isCommentSection, withinSection } from './precision.ts';
import type { TextStats } from './main-content.ts';
import type { OpinionChoice, PageType } from './types.ts';
import { AGREEMENT_FLOOR, PARAGRAPH_MIN_CHARS } from './rules/second-opinion.ts';
import model from './model.json' with { type: 'json' };

/** `auto`: the fitted decision; `engine` / `density`: that candidate, whatever the model says (fitting measures both). */
export type OpinionMode = 'auto' | OpinionChoice;

export interface SecondOpinion {
  /** Share of the two candidates' text they hold in common (0–1); 1 when they are the same element. */
  agreement: number;
  /** The candidate whose roots were read. */
  chosen: OpinionChoice;
  /** The model's probability that the density candidate is the better read (computed only on disagreement). */
  densityScore?: number;
  /** The features the decision read (fitting only: a forced mode). */
  features?: number[];
}

export interface OpinionContext {
  pageType: PageType;
  title?: string;
  mode?: OpinionMode;
}

/** The page types as the model's one-hot columns. */
const TYPE_COLUMNS: readonly PageType[] = ['article', 'forum', 'product', 'listing', 'documentation', 'service'];

/** Names of the model's feature columns, in order (model.json `features` must equal them). */
export const FEATURE_NAMES: readonly string[] = [
  'log_length_ratio',
  'engine_link_density',
  'density_link_density',
  'engine_paragraphs',
  'density_paragraphs',
  'engine_commas_per_100',
  'density_commas_per_100',
  'engine_title_heading',
  'density_title_heading',
  'density_contains_engine',
  'engine_contains_density',
  'agreement',
  'engine_log_text',
  'density_log_text',
  'engine_linked_headings',
  'density_linked_headings',
  'engine_in_comments',
  'density_in_comments',
  ...TYPE_COLUMNS.map((t) => `type_${t}`),
];

/** The decision boundary: the density candidate is read when the model finds it the better read more likely than not. */
export const DENSITY_WINS_ABOVE = 0.5;

/** The fitted decision as stored in model.json (scripts/fit.ts writes it). */
export interface OpinionModel {
  features: string[];
  /** Standardization of each feature before its weight applies. */
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /** Which rows it was fitted on, and how many decided it. */
  fittedOn: string;
  rows: number;
}

const MODEL = model as OpinionModel;
if (MODEL.features.join() !== FEATURE_NAMES.join()) throw new Error('src/extract/model.json does not match second-opinion.ts FEATURE_NAMES: run `npm run fit`');

const textOfRoots = (roots: Element[], stats: TextStats): number => roots.reduce((a, r) => a + stats.text(r), 0);

/** Characters the two root sets share: a root inside (or equal to) a root of the other set counts whole. */
export function sharedText(a: Element[], b: Element[], stats: TextStats): number {
  let shared = 0;
  for (const x of a)
    for (const y of b) {
      if (x === y || contains(y, x)) shared += stats.text(x);
      else if (contains(x, y)) shared += stats.text(y);
    }
  return shared;
}

/** Agreement of two root sets: their shared text over the union of their text (Jaccard on characters). */
export function agreementOf(a: Element[], b: Element[], stats: TextStats): number {
  const ta = textOfRoots(a, stats);
  const tb = textOfRoots(b, stats);
  if (ta + tb === 0) return 1;
  const shared = Math.min(sharedText(a, b, stats), ta, tb);
  return shared / (ta + tb - shared);
}

function paragraphs(roots: Element[], stats: TextStats): number {
  let n = 0;
  for (const r of roots)
    walk(r, (e) => {
      if (e.name === 'p' || e.name === 'pre' || e.name === 'blockquote') {
        const s = stats.get(e);
        if (s.text - s.link >= PARAGRAPH_MIN_CHARS.value) n++;
        return false;
      }
      return true;
    });
  return n;
}

function titleHeading(roots: Element[], title: string | undefined): number {
  const wanted = title ? wordKey(title) : '';
  if (wanted.length < 3) return 0;
  let hit = 0;
  for (const r of roots)
    walk(r, (e) => {
      if (hit) return false;
      if (e.name === 'h1' || e.name === 'h2') {
        const k = wordKey(headingText(e));
        if (k.length >= 3 && (k === wanted || wanted.includes(k) || k.includes(wanted))) hit = 1;
        return false;
      }
      return true;
    });
  return hit;
}

/** Share of the h2–h4 headings that are links: a card run, a rail or a mega-menu is made of linked headings. */
function linkedHeadingShare(roots: Element[]): number {
  let headings = 0;
  let linked = 0;
  for (const r of roots)
    walk(r, (e) => {
      if (e.name === 'h2' || e.name === 'h3' || e.name === 'h4') {
        headings++;
        if (e.parent instanceof Element && e.parent.name === 'a') linked++;
        else if (findFirst(e, (x) => x.name === 'a' && !!x.attribs.href && !x.attribs.href.startsWith('#'))) linked++;
        return false;
      }
      return true;
    });
  return headings > 0 ? linked / headings : 0;
}

/** Whether the roots sit in (or are) a comment section, by its markup (a lexicon hit as a feature, not a verdict). */
function inComments(roots: Element[]): number {
  return roots.some((r) => withinSection(r, isCommentSection) || !!findFirst(r, (e) => e !== r && isCommentSection(e) && r.children.includes(e))) ? 1 : 0;
}

function headingText(el: Element): string {
  let s = '';
  walk(el, (e) => {
    for (const c of e.children) if (c.type === 'text') s += (c as unknown as { data: string }).data;
    return true;
  });
  return s;
}

const linkDensity = (roots: Element[], stats: TextStats): number => {
  const t = textOfRoots(roots, stats);
  return t > 0 ? roots.reduce((a, r) => a + stats.get(r).link, 0) / t : 0;
};
const commasPer100 = (roots: Element[], stats: TextStats): number => {
  const t = textOfRoots(roots, stats);
  return t > 0 ? (100 * roots.reduce((a, r) => a + stats.get(r).commas, 0)) / t : 0;
};

/** The model's feature row for a disagreement between the engine's roots and the density roots. */
export function opinionFeatures(engine: Element[], density: Element[], agreement: number, stats: TextStats, ctx: OpinionContext): number[] {
  const te = textOfRoots(engine, stats);
  const td = textOfRoots(density, stats);
  const within = (inner: Element[], outer: Element[]): number => (inner.every((i) => outer.some((o) => o === i || contains(o, i))) ? 1 : 0);
  return [
    Math.log((td + 1) / (te + 1)),
    linkDensity(engine, stats),
    linkDensity(density, stats),
    Math.log1p(paragraphs(engine, stats)),
    Math.log1p(paragraphs(density, stats)),
    commasPer100(engine, stats),
    commasPer100(density, stats),
    titleHeading(engine, ctx.title),
    titleHeading(density, ctx.title),
    within(engine, density),
    within(density, engine),
    agreement,
    Math.log1p(te),
    Math.log1p(td),
    linkedHeadingShare(engine),
    linkedHeadingShare(density),
    inComments(engine),
    inComments(density),
    ...TYPE_COLUMNS.map((t) => (ctx.pageType === t ? 1 : 0)),
  ];
}

/** The fitted probability that the density candidate is the better read (the shipped model, or another fitted one). */
export function densityProbability(features: readonly number[], fitted: OpinionModel = MODEL): number {
  let z = fitted.bias;
  for (let i = 0; i < features.length; i++) z += fitted.weights[i] * ((features[i] - fitted.mean[i]) / fitted.scale[i]);
  return 1 / (1 + Math.exp(-z));
}

/**
 * Compare the engine's roots with the density candidate and pick: the engine's when they agree (or there is no
 * density candidate), else what the fitted decision says (or the forced mode).
 */
export function secondOpinion(engine: Element[], density: Element[], stats: TextStats, ctx: OpinionContext): { roots: Element[]; opinion: SecondOpinion } {
  const mode = ctx.mode ?? 'auto';
  if (density.length === 0 || engine.length === 0) return { roots: engine, opinion: { agreement: 1, chosen: 'engine' } };
  const agreement = agreementOf(engine, density, stats);
  if (agreement >= AGREEMENT_FLOOR.value) return { roots: engine, opinion: { agreement, chosen: 'engine' } };
  const features = opinionFeatures(engine, density, agreement, stats, ctx);
  const densityScore = densityProbability(features);
  const chosen: OpinionChoice = mode === 'auto' ? (densityScore > DENSITY_WINS_ABOVE ? 'density' : 'engine') : mode;
  return {
    roots: chosen === 'density' ? density : engine,
    opinion: { agreement, chosen, densityScore, ...(mode === 'auto' ? {} : { features }) },
  };
}
