// Save's quality gate (playbooks.md §8, `QualityGate`): a deterministic score of the dry-run Markdown. Pass ⇔
// score ≥ 70 and noise ≤ 0.12. The constants are the contract; tests recompute them.
export const MIN_SCORE = 70;
export const MAX_NOISE = 0.12;
export const NOISE_TERMS = [
  'cookie', 'subscribe', 'sign in', 'accept all', 'advertisement', 'privacy policy', 'table of contents', 'related posts',
  'share this article', 'sign up for free',
] as const;
/** Retention by Markdown length: [minimum chars, retention]; below the last row 0.35. */
const RETENTION: ReadonlyArray<readonly [number, number]> = [[4000, 0.95], [1500, 0.85], [600, 0.75], [200, 0.65]];
const CONFIDENCE = 0.85;

export interface QualityAssessment {
  score: number;
  noise: number;
  structure: number;
  retention: number;
  passes: boolean;
  warnings: Array<'high_noise' | 'low_retention' | 'weak_structure'>;
}

/** Banker's rounding (round half to even), as the reference's Math.Round. */
export function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (Math.abs(diff - 0.5) < 1e-9) return floor % 2 === 0 ? floor : floor + 1;
  return Math.round(x);
}

export function assessExtraction(markdown: string): QualityAssessment {
  if (!markdown.trim()) return { score: 0, noise: 1, structure: 0, retention: 0, passes: false, warnings: ['high_noise', 'low_retention', 'weak_structure'] };
  const lower = markdown.toLowerCase();
  const hits = NOISE_TERMS.filter((t) => lower.includes(t)).length;
  const noise = Math.min(1, Math.max(0, hits - 1) / 6);
  const headingLines = markdown.split('\n').filter((l) => l.startsWith('#')).length;
  const structure = Math.min(1, headingLines / 3);
  const retention = RETENTION.find(([min]) => markdown.length >= min)?.[1] ?? 0.35;
  const completeness = retention;
  const raw = retention * 30 + (1 - noise) * 25 + structure * 20 + completeness * 15 + CONFIDENCE * 10;
  const score = Math.min(100, Math.max(0, roundHalfEven(raw)));
  const warnings: QualityAssessment['warnings'] = [];
  if (noise > MAX_NOISE) warnings.push('high_noise');
  if (retention < 0.66) warnings.push('low_retention');
  if (structure < 0.5) warnings.push('weak_structure');
  return { score, noise: Math.round(noise * 10_000) / 10_000, structure, retention, passes: score >= MIN_SCORE && noise <= MAX_NOISE, warnings };
}
