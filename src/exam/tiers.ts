// Score → tier → profile (exam.md §1, §4) and the two H3 comparison arms (§10). All data, all pure.
import { coreToolsOf } from '../contract/catalog.ts';
import type { ProfileId } from '../contract/profiles.ts';
import { DEFAULT_TIER, TIERS, type Tier } from '../store/exam-records.ts';

export const MAX_SCORE = 4;

// The tiers are the vocabulary of saved grades: the store owns them (src/store/exam-records.ts).
export { DEFAULT_TIER, TIERS, type Tier };

/** Nested surfaces, narrowest first: minimal ⊂ basic ⊂ full. */
export const TIER_PROFILE: Readonly<Record<Tier, ProfileId>> = { weak: 'minimal', medium: 'basic', strong: 'full' };

/** Score clamped to [0, 4] first: ≤ 1 weak, ≤ 3 medium, 4 strong. Non-numbers count as 0. */
export function tierForScore(score: number): Tier {
  const s = Number.isNaN(score) ? 0 : Math.min(MAX_SCORE, Math.max(0, score));
  if (s <= 1) return 'weak';
  if (s <= 3) return 'medium';
  return 'strong';
}

export function profileForTier(tier: Tier): ProfileId {
  return TIER_PROFILE[tier];
}

/** Core tools the tier's profile exposes (the submit tool itself is not counted). */
export function toolCountForTier(tier: Tier): number {
  return coreToolsOf(TIER_PROFILE[tier]).length;
}

/** Wire parsing: trimmed, case-insensitive; null, blank or unknown spellings → medium. */
export function parseTier(raw: unknown): Tier {
  if (typeof raw !== 'string') return DEFAULT_TIER;
  const v = raw.trim().toLowerCase();
  return (TIERS as readonly string[]).includes(v) ? (v as Tier) : DEFAULT_TIER;
}

export function isTier(raw: unknown): raw is Tier {
  return typeof raw === 'string' && (TIERS as readonly string[]).includes(raw);
}

/**
 * The static model-name arm (§10): a deliberately cheap baseline that H3 must beat, quirks included —
 * the weak markers are tested first, so `gpt-4o-mini` and every `gemini-…` (contains `mini`) are weak.
 */
export interface StaticMapRule {
  tier: Tier;
  /** Lower-case substrings of the model name; the first rule with a hit decides. */
  markers: readonly string[];
}

/** A static model-name map as data (editable: `occam exam report --model-map FILE` reads one as JSON). */
export interface StaticModelMap {
  rules: readonly StaticMapRule[];
  /** The tier of a model name no rule matches. */
  otherwise: Tier;
}

export const DEFAULT_STATIC_MAP: StaticModelMap = {
  rules: [
    { tier: 'weak', markers: ['7b', '8b', 'mini', 'tiny', 'mock-weak'] },
    { tier: 'strong', markers: ['opus', 'gpt-5', 'gpt-4', 'sonnet', 'mock-strong'] },
  ],
  otherwise: DEFAULT_TIER,
};

/** The tier a map gives a model name (lower-cased substring rules, first hit wins); blank → `medium` (§10). */
export function staticTierFor(map: StaticModelMap, modelHint: string | null | undefined): Tier {
  if (modelHint == null || modelHint.trim() === '') return DEFAULT_TIER;
  const hint = modelHint.toLowerCase();
  for (const rule of map.rules) {
    if (rule.markers.some((m) => hint.includes(m.toLowerCase()))) return rule.tier;
  }
  return map.otherwise;
}

/** Validates a map read from JSON; a reason string when it is not one. */
export function parseStaticMap(value: unknown): StaticModelMap | string {
  const v = value as { rules?: unknown; otherwise?: unknown } | null;
  if (!v || typeof v !== 'object' || !Array.isArray(v.rules)) return 'a model map is {"rules":[{"tier","markers":[…]}…], "otherwise"?}';
  const rules: StaticMapRule[] = [];
  for (const r of v.rules as Array<{ tier?: unknown; markers?: unknown }>) {
    if (!isTier(r?.tier) || !Array.isArray(r.markers) || !r.markers.every((m) => typeof m === 'string' && m !== '')) {
      return `bad rule ${JSON.stringify(r)}: tier must be weak|medium|strong and markers non-empty strings`;
    }
    rules.push({ tier: r.tier, markers: r.markers as string[] });
  }
  const otherwise = v.otherwise === undefined ? DEFAULT_TIER : v.otherwise;
  if (!isTier(otherwise)) return `otherwise must be weak|medium|strong`;
  return { rules, otherwise };
}

export function staticMapTier(modelHint: string | null | undefined): Tier {
  return staticTierFor(DEFAULT_STATIC_MAP, modelHint);
}
