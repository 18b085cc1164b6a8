// Rolling competence with hysteresis (exam.md §7, ADR-0016). Scores real calls per subject over a window and
// suggests a tier, but changes the applied tier only after a suggestion has held for `stability` consecutive
// observations. It counts its own tier changes (oscillations): a surface flipping under a running agent is an
// outcome to measure, not a knob to tune. Feeding live calls into it and re-surfacing a session is DEFERRED.
import { isFailureCode } from '../contract/failures.ts';
import { subjectKey, type ExamSubject } from './record.ts';
import type { Tier } from './tiers.ts';

export interface Observation {
  toolName: string;
  argumentsValid: boolean;
  callerError: boolean;
}

export interface Assessment {
  tier: Tier;
  /** competent / retained, or null below the minimum number of observations. */
  score: number | null;
  observations: number;
  suggestedTier: Tier;
  oscillations: number;
}

export interface TrackerOptions {
  window?: number;
  minObservations?: number;
  stability?: number;
  promoteAt?: number;
  demoteAt?: number;
  maxSubjects?: number;
}

export const TRACKER_DEFAULTS = {
  window: 20,
  minObservations: 5,
  stability: 3,
  promoteAt: 0.9,
  demoteAt: 0.5,
  maxSubjects: 1024,
} as const;

/**
 * Failure codes that are the caller's fault. Everything a page, a network or a site does (http_404 and every
 * other http_*, timeout, thin_extract, captcha_or_challenge, …) is not: scoring the web is not scoring the agent.
 * `invalid_url` (a relative or unparsable url the caller wrote) is the caller's, like the other binding failures.
 */
export const CALLER_FAULT_CODES: ReadonlySet<string> = new Set(['invalid_arguments', 'invalid_policy', 'invalid_url']);

/**
 * Builds an observation from a finished call. `argumentsBound` is false when the arguments failed to
 * bind/parse (which is itself a caller error).
 */
export function observationOf(toolName: string, argumentsBound: boolean, failureCode: string | null): Observation {
  const callerCode = failureCode !== null && isFailureCode(failureCode) && CALLER_FAULT_CODES.has(failureCode);
  return { toolName, argumentsValid: argumentsBound, callerError: !argumentsBound || callerCode };
}

/** ≥ promoteAt → strong; ≤ demoteAt → weak; otherwise medium. */
export function suggestTier(score: number, promoteAt: number = TRACKER_DEFAULTS.promoteAt, demoteAt: number = TRACKER_DEFAULTS.demoteAt): Tier {
  if (score >= promoteAt) return 'strong';
  if (score <= demoteAt) return 'weak';
  return 'medium';
}

interface SubjectState {
  /** Ring of competence flags, oldest first (at most `window`). */
  history: boolean[];
  competent: number;
  applied: Tier;
  pending: Tier;
  streak: number;
  oscillations: number;
}

export class CompetenceTracker {
  private readonly opts: Required<TrackerOptions>;
  private readonly subjects = new Map<string, SubjectState>();

  constructor(options: TrackerOptions = {}) {
    this.opts = { ...TRACKER_DEFAULTS, ...options };
    if (!Number.isInteger(this.opts.window) || this.opts.window < this.opts.minObservations) {
      throw new RangeError(`tracker window must be an integer ≥ ${this.opts.minObservations}, got ${this.opts.window}`);
    }
    if (!Number.isInteger(this.opts.maxSubjects) || this.opts.maxSubjects <= 0) {
      throw new RangeError(`tracker maxSubjects must be a positive integer, got ${this.opts.maxSubjects}`);
    }
  }

  get subjectCount(): number {
    return this.subjects.size;
  }

  /** Records one observation; `baseline` seeds a subject seen for the first time (its exam or default tier). */
  record(subject: ExamSubject, obs: Observation, baseline: Tier): Assessment {
    const key = subjectKey(subject);
    let state = this.subjects.get(key);
    if (!state) {
      if (this.subjects.size >= this.opts.maxSubjects) {
        // Losing one subject's history is safe: it falls back to its baseline.
        this.subjects.delete(this.subjects.keys().next().value as string);
      }
      state = { history: [], competent: 0, applied: baseline, pending: baseline, streak: 0, oscillations: 0 };
      this.subjects.set(key, state);
    }
    const competent = obs.argumentsValid && !obs.callerError;
    state.history.push(competent);
    if (competent) state.competent++;
    if (state.history.length > this.opts.window) {
      if (state.history.shift()) state.competent--;
    }
    const score = this.scoreOf(state);
    if (score !== null) {
      const suggestion = suggestTier(score, this.opts.promoteAt, this.opts.demoteAt);
      if (suggestion === state.pending) {
        state.streak++;
      } else {
        state.pending = suggestion;
        state.streak = 1;
      }
      if (suggestion !== state.applied && state.streak >= this.opts.stability) {
        state.applied = suggestion;
        state.oscillations++;
        state.streak = 0;
      }
    }
    return this.assessmentOf(state);
  }

  assess(subject: ExamSubject, baseline: Tier): Assessment {
    const state = this.subjects.get(subjectKey(subject));
    if (!state) return { tier: baseline, score: null, observations: 0, suggestedTier: baseline, oscillations: 0 };
    return this.assessmentOf(state);
  }

  /** Drops a subject's history; true if there was any. */
  forget(subject: ExamSubject): boolean {
    return this.subjects.delete(subjectKey(subject));
  }

  private scoreOf(state: SubjectState): number | null {
    return state.history.length >= this.opts.minObservations ? state.competent / state.history.length : null;
  }

  private assessmentOf(state: SubjectState): Assessment {
    const score = this.scoreOf(state);
    return {
      tier: state.applied,
      score,
      observations: state.history.length,
      suggestedTier: score === null ? state.applied : suggestTier(score, this.opts.promoteAt, this.opts.demoteAt),
      oscillations: state.oscillations,
    };
  }
}
