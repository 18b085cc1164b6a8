// The whole-response ceiling (issue 14, tools.md §3.1.3 "whole-response budget"): what a capped read returns —
// markdown, sidecars, receipt, AND the metadata that names the cuts (omitted manifest, section index) and the
// fixed envelope (url, hashes, timings) — must fit `max_tokens` as the client receives it: the compact JSON text
// of the tool result. The planner (plan.ts) fits the payload; this module shrinks the metadata around it in
// fixed steps, each keeping what was cut named (listed, or summarised with counts, ordinal ranges and the first
// and last headings), and measures the serialised whole.
import type { OmittedSection } from './plan.ts';
import type { TokenCost } from './tokens.ts';

/** Levels of envelope compaction, tried in order until the response fits. */
export const ENVELOPE_LEVELS = 6;

/** Tokens the measured total may still move by once written into itself (budget.total digits). */
export const SELF_REFERENCE_SLACK = 6;

/** Compact ranges of sorted integers: [1,2,3,7,9,10] → "1-3,7,9-10". */
export function ordinalRanges(values: readonly number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(',');
}

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export interface ManifestSummary {
  /** Sections with cut blocks (fully or partly). */
  sections: number;
  blocks: number;
  tokens: number;
  /** Section ordinals as ranges, e.g. "3-120,140". Present while short; else only first/last. */
  ordinals?: string;
  first: { ordinal: number; heading: string };
  last: { ordinal: number; heading: string };
  /** How to get more: read one section by heading. */
  hint: string;
}

/** The omitted manifest in constant size: counts, ordinal ranges, first and last headings, a `section=` hint. */
export function summariseManifest(manifest: readonly OmittedSection[]): ManifestSummary | null {
  if (!manifest.length) return null;
  const first = manifest[0];
  const last = manifest[manifest.length - 1];
  const ranges = ordinalRanges(manifest.map((m) => m.ordinal));
  const whole = manifest.find((m) => !m.partial) ?? first;
  return {
    sections: manifest.length,
    blocks: manifest.reduce((n, m) => n + m.blocks.length, 0),
    tokens: manifest.reduce((n, m) => n + m.tokens, 0),
    ...(ranges.length <= 48 ? { ordinals: ranges } : {}),
    first: { ordinal: first.ordinal, heading: clip(first.heading) },
    last: { ordinal: last.ordinal, heading: clip(last.heading) },
    hint: `occam_transcode section=${JSON.stringify(clip(whole.heading, 60))}`,
  };
}

export interface SectionIndexEntry {
  ordinal: number;
  level: number;
  heading: string;
  anchor: string;
  status: 'included' | 'partial' | 'omitted';
}

export interface SectionIndexSummary {
  headings: number;
  included: number;
  partial: number;
  omitted: number;
  /** Ordinals of the headings not (wholly) in the markdown, as ranges, while short. */
  cutOrdinals?: string;
  first: { ordinal: number; heading: string };
  last: { ordinal: number; heading: string };
}

export function summariseSectionIndex(index: readonly SectionIndexEntry[]): SectionIndexSummary | null {
  if (!index.length) return null;
  const cut = index.filter((s) => s.status !== 'included').map((s) => s.ordinal);
  const ranges = ordinalRanges(cut);
  const count = (status: SectionIndexEntry['status']) => index.filter((s) => s.status === status).length;
  return {
    headings: index.length,
    included: count('included'),
    partial: count('partial'),
    omitted: count('omitted'),
    ...(ranges && ranges.length <= 48 ? { cutOrdinals: ranges } : {}),
    first: { ordinal: index[0].ordinal, heading: clip(index[0].heading) },
    last: { ordinal: index[index.length - 1].ordinal, heading: clip(index[index.length - 1].heading) },
  };
}

/** Cost of the response as the MCP client receives it: compact JSON text (tools/call content[0].text). */
export function wholeCost(cost: TokenCost, response: unknown): number {
  return cost(JSON.stringify(response));
}

/**
 * Level ≥ 1: the manifest and the section index become their summaries; level ≥ 3 the summaries keep counts,
 * the first and last cut headings and the hint; level 4 keeps only `budget.total` and drops the index summary. Mutates `compile`; returns it for chaining.
 */
export function compactCompile(compile: Record<string, unknown>, level: number): Record<string, unknown> {
  if (level < 1) return compile;
  const omitted = compile.omitted as (Record<string, unknown> & { manifest?: OmittedSection[] }) | undefined;
  if (omitted?.manifest) {
    const summary = summariseManifest(omitted.manifest);
    delete omitted.manifest;
    if (summary) omitted.manifestSummary = summary;
  }
  const index = compile.sectionIndex as SectionIndexEntry[] | undefined;
  if (index) {
    delete compile.sectionIndex;
    const summary = summariseSectionIndex(index);
    if (summary) compile.sectionIndexSummary = summary;
  }
  if (level >= 2) delete compile.tokenEstimator;
  if (level >= 3) {
    const o = compile.omitted as Record<string, unknown> | undefined;
    const s = o?.manifestSummary as ManifestSummary | undefined;
    if (s) o!.manifestSummary = { sections: s.sections, blocks: s.blocks, tokens: s.tokens, first: s.first, last: s.last, hint: s.hint };
    const idx = compile.sectionIndexSummary as SectionIndexSummary | undefined;
    if (idx) compile.sectionIndexSummary = { headings: idx.headings, included: idx.included, partial: idx.partial, omitted: idx.omitted };
    delete compile.fit;
  }
  if (level >= 4) {
    const b = compile.budget as { total?: number } | undefined;
    if (b) compile.budget = { total: b.total };
    delete compile.sectionIndexSummary;
  }
  return compile;
}

/** Envelope fields a capped response sheds, by level (never ok/partial/url/markdown/backend/contentHash/compile.omitted). */
export const SHED_AT_LEVEL: Record<number, readonly string[]> = {
  2: ['timings', 'quality', 'recovery', 'meta', 'access', 'session'],
  3: ['materializationKey', 'confidence'],
  5: ['completeness', 'focus'],
};

/** Applies the envelope levels to a built response in place (the compile object via compactCompile). */
export function compactEnvelope(response: Record<string, unknown>, level: number): Record<string, unknown> {
  if (response.compile && typeof response.compile === 'object') compactCompile(response.compile as Record<string, unknown>, level);
  for (let l = 2; l <= level; l++) for (const k of SHED_AT_LEVEL[l] ?? []) delete response[k];
  const hints = response.agentHints as Record<string, unknown> | undefined;
  if (hints && level >= 2) {
    // Warnings are sentences; from level 2 only their codes stay (the text before the first colon).
    if (Array.isArray(hints.warnings)) hints.warnings = (hints.warnings as string[]).map((w) => w.split(':')[0]);
    delete hints.playbook;
    if (level >= 3) delete hints.decisions;
    if (level >= 4) delete response.agentHints;
  }
  const receipt = response.receipt as Record<string, unknown> | undefined;
  if (receipt && typeof receipt === 'object' && level >= 3) for (const k of ['tokenEstimator', 'elapsedMs', 'confidence']) delete receipt[k];
  return response;
}
