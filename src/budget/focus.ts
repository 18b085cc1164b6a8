// Focus (reading.md §12.4–12.5): decompose a query into primary anchors and supporting terms, then rank the
// sections of a document so a budget keeps the part that answers the query first. Pure functions.
import type { MdDocument, MdSection } from './sections.ts';
import { slugify } from './sections.ts';

/** Generic verbs and concepts: they support a match but never anchor one (§12.5). */
const SUPPORTING = new Set(
  (
    'event events loop loops task tasks request requests fetch fetching sync async version versions history change ' +
    'changes changed how create creating use using used get set run running read reading write writing config ' +
    'configuration configure configuring guide guides tutorial tutorials overview reference references docs doc ' +
    'documentation api apis module modules library libraries page pages section sections what when where which who ' +
    'why with from into about the and for new old are was were this that these those you your can does not but ' +
    'all any has have had its their there then than also more most some such via per example examples intro ' +
    'introduction basics basic work works working make makes'
  ).split(/\s+/),
);

export interface FocusQuery {
  raw: string;
  /** Lower-cased letter/digit runs of ≥3 chars, in order, de-duplicated. */
  terms: string[];
  /** Quoted phrases, path/dotted tokens, identifiers, then non-lexicon terms (identifiers kept verbatim). */
  primary: string[];
  supporting: string[];
  phrases: string[];
}

export function termsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}

export function decomposeQuery(raw: string): FocusQuery {
  const query = raw.trim();
  const terms = [...new Set(termsOf(query))];
  const phrases = [...query.matchAll(/"([^"]{3,})"|'([^']{3,})'/g)].map((m) => (m[1] ?? m[2]).toLowerCase());
  const identifiers = [
    ...(query.match(/[\w.-]+\/[\w./-]+/g) ?? []), // a/b paths
    ...(query.match(/\b\w+(?:\.\w+)+\b/g) ?? []), // pkg.mod dotted
    ...(query.match(/\b[a-z0-9]+(?:_[a-z0-9]+)+\b/gi) ?? []), // snake_case
    ...(query.match(/\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z0-9]+[A-Z]\w*\b/g) ?? []), // camelCase / CamelCase
  ];
  const primary = [...new Set([...phrases, ...identifiers, ...terms.filter((t) => !SUPPORTING.has(t))])];
  const supporting = terms.filter((t) => SUPPORTING.has(t));
  return { raw: query, terms, primary, supporting, phrases };
}

/** Whether a document term matches a query term: exact, or a prefix when the shorter side has ≥4 chars. */
export function termMatches(docTerm: string, queryTerm: string): boolean {
  if (docTerm === queryTerm) return true;
  const [short, long] = docTerm.length < queryTerm.length ? [docTerm, queryTerm] : [queryTerm, docTerm];
  return short.length >= 4 && long.startsWith(short);
}

export const DEFINITIONAL = /\b(is|are) (a|an|the)\b|\brefers to\b|\bis defined as\b|\bmeans\b/i;

export type FocusStatus = 'hit' | 'weak' | 'miss' | 'not_requested';

export interface SectionScore {
  ordinal: number;
  score: number;
  /** How the best evidence was found: fragment/identity/heading beat body-only evidence. */
  evidence: 'fragment' | 'identity' | 'heading' | 'body' | 'none';
}

export interface FocusRanking {
  scores: SectionScore[];
  best: SectionScore | null;
  status: Exclude<FocusStatus, 'not_requested'>;
  confidence: number;
  matchedAnchor?: string;
}

function normaliseHeading(text: string): string {
  return termsOf(text).join(' ');
}

function bodyText(doc: MdDocument, s: MdSection): string {
  return doc.blocks
    .slice(s.firstBlock, s.endBlock)
    .filter((b) => b.kind !== 'heading')
    .map((b) => b.text)
    .join('\n');
}

/**
 * Ranks sections: URL-fragment anchor → exact anchor/heading identity → heading coverage of the query terms
 * (leaf bonus) → body evidence → definitional prose → document order. Index-like sections are penalised.
 * A fragment that matches nothing never invents a target; the query may still rank.
 */
export function rankSections(doc: MdDocument, query: FocusQuery | null, fragment: string | null): FocusRanking {
  const frag = fragment?.trim().toLowerCase() || null;
  const wanted = query ? (query.primary.length ? query.primary : query.terms) : [];
  const querySlug = query ? slugify(query.raw) : '';
  const queryNorm = query ? normaliseHeading(query.raw) : '';
  const scores: SectionScore[] = doc.sections.map((s) => {
    let score = 0;
    let evidence: SectionScore['evidence'] = 'none';
    if (frag && s.anchors.some((a) => a.toLowerCase() === frag)) {
      score += 1000;
      evidence = 'fragment';
    }
    if (query && s.level > 0) {
      if ((querySlug && s.anchors.some((a) => a.toLowerCase() === querySlug)) || (queryNorm && normaliseHeading(s.heading) === queryNorm)) {
        score += 500;
        if (evidence === 'none') evidence = 'identity';
      }
      const headingTerms = termsOf(s.heading);
      const headingText = s.heading.toLowerCase();
      const covered = wanted.filter((t) => (t.includes(' ') || /[./_]/.test(t) ? headingText.includes(t) : headingTerms.some((h) => termMatches(h, t))));
      if (covered.length) {
        score += 100 * (covered.length / wanted.length) + (s.level >= 3 ? 10 : 0);
        if (evidence === 'none') evidence = 'heading';
      }
      const supportingHits = query.supporting.filter((t) => headingTerms.some((h) => termMatches(h, t))).length;
      score += 5 * supportingHits;
    }
    if (query && wanted.length) {
      const body = bodyText(doc, s);
      const lower = body.toLowerCase();
      const bodyTerms = termsOf(body);
      let evidenceSum = 0;
      for (const t of wanted) {
        const n = t.includes(' ') || /[./_]/.test(t) ? lower.split(t).length - 1 : bodyTerms.filter((b) => termMatches(b, t)).length;
        evidenceSum += Math.min(3, n) / 3;
      }
      const bodyScore = (30 * evidenceSum) / wanted.length;
      if (bodyScore > 0) {
        score += bodyScore;
        if (evidence === 'none') evidence = 'body';
        if (DEFINITIONAL.test(body) && wanted.some((t) => lower.includes(t))) score += 10;
      }
    }
    if (s.indexLike) score *= 0.3;
    return { ordinal: s.ordinal, score, evidence };
  });
  // Highest score wins; document order breaks ties.
  const best = scores.reduce<SectionScore | null>((b, s) => (s.score > 0 && (!b || s.score > b.score) ? s : b), null);
  let status: FocusRanking['status'] = 'miss';
  let confidence = 0;
  if (best) {
    if (best.evidence === 'fragment' || best.evidence === 'identity') {
      status = 'hit';
      confidence = 0.95;
    } else if (best.evidence === 'heading' && best.score >= 50) {
      status = 'hit';
      confidence = Math.min(0.9, 0.5 + best.score / 300);
    } else {
      status = 'weak';
      confidence = Math.min(0.5, 0.2 + best.score / 200);
    }
  }
  const matchedAnchor = best && (best.evidence === 'fragment' || status === 'hit') ? doc.sections[best.ordinal].anchors.at(-1) : undefined;
  return { scores, best, status, confidence: Math.round(confidence * 100) / 100, ...(matchedAnchor ? { matchedAnchor } : {}) };
}
