// The record types of saved exam state (exam.md §5, §6): what a grade store keeps — a result (score, tier, the four
// task outcomes, when and how it was earned) under a subject ({clientInfo, modelHint, sessionId}). The store owns
// them (the ground floor imports nothing above it); the exam layer (src/exam/) grades into these shapes and
// re-exports them for its callers.

/** The tiers a grade lands in, weakest first (exam.md §1). */
export const TIERS = ['weak', 'medium', 'strong'] as const;
export type Tier = (typeof TIERS)[number];

/** The tier every unknown client is presumed to have (exam.md §5) — never applied to a live surface. */
export const DEFAULT_TIER: Tier = 'medium';

/** The four exam tasks in grading order (exam.md §1, §3.5). */
export const EXAM_TASK_IDS = ['canary', 'basic_call', 'focus_budget', 'chain'] as const;
export type ExamTaskId = (typeof EXAM_TASK_IDS)[number];

export type ResultSource = 'exam' | 'default' | 'rolling' | 'operator';

export interface ExamOutcome {
  task: ExamTaskId;
  passed: boolean;
  detail: string;
}

export interface ExamResult {
  score: number;
  tier: Tier;
  outcomes: ExamOutcome[];
  /** ISO-8601 UTC; null on the default result. */
  gradedAt: string | null;
  source: ResultSource;
}

/** The result for a client that never sat the exam: presumed competent, but never applied to a live surface. */
export function defaultResult(): ExamResult {
  return { score: 0, tier: DEFAULT_TIER, outcomes: [], gradedAt: null, source: 'default' };
}

/** Whose result it is: the cache / tracker key, each component normalised (never blank). */
export interface ExamSubject {
  clientInfo: string;
  modelHint: string;
  sessionId: string;
}

/** Ordinal, case-sensitive key over all three components. */
export function subjectKey(s: ExamSubject): string {
  return `${s.clientInfo}\u0000${s.modelHint}\u0000${s.sessionId}`;
}
