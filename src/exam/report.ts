// What callers print about a graded record: the grade plus the two H3 comparison arms (exam.md §10), the CLI
// grade envelope (`occam-exam-grade-v1`, §11) and the task catalogue document (§3.5). Pure functions.
import type { ProfileId } from '../contract/profiles.ts';
import { applicableTier, gradeRecord, type GradeOptions, type GradedExam } from './grader.ts';
import { subjectOf, type ExamRecord, type ExamSubject } from './record.ts';
import { EXAM_TASKS } from './tasks.ts';
import { MAX_SCORE, TIERS, parseTier, profileForTier, staticMapTier, toolCountForTier, type Tier } from './tiers.ts';

export const GRADE_PROTOCOL = 'occam-exam-grade-v1';

export interface ExamReport {
  subject: ExamSubject;
  graded: GradedExam;
  profile: ProfileId;
  toolCount: number;
  /** null when the record carried no self-report. */
  selfReportTier: Tier | null;
  staticMapTier: Tier;
}

export function examineRecord(record: ExamRecord | null, opts: GradeOptions): ExamReport {
  const graded = gradeRecord(record, opts);
  return {
    subject: subjectOf(record ?? {}),
    graded,
    profile: profileForTier(graded.tier),
    toolCount: toolCountForTier(graded.tier),
    selfReportTier: record?.selfReportTier != null ? parseTier(record.selfReportTier) : null,
    staticMapTier: staticMapTier(record?.modelHint),
  };
}

/** The grade envelope, keys in contract order; `canaryAdjudication` is appended (this implementation's addition). */
export function gradeEnvelope(report: ExamReport): Record<string, unknown> {
  const g = report.graded;
  const env: Record<string, unknown> = {
    protocol: GRADE_PROTOCOL,
    subject: { ...report.subject },
    score: g.score,
    maxScore: MAX_SCORE,
    tier: g.tier,
    profile: report.profile,
    toolCount: report.toolCount,
    source: g.source,
    gradedAt: g.gradedAt,
    recommendedEnv: `OCCAM_PROFILE=${report.profile}`,
  };
  if (report.selfReportTier !== null) {
    env.selfReportTier = report.selfReportTier;
    env.selfReportMatchesExam = report.selfReportTier === g.tier;
  }
  env.staticMapTier = report.staticMapTier;
  env.staticMapMatchesExam = report.staticMapTier === g.tier;
  env.outcomes = g.outcomes.map((o) => ({ task: o.task, passed: o.passed, detail: o.detail }));
  env.canaryAdjudication = canaryAdjudicationOf(g);
  env.applicable = applicableTier(g);
  return env;
}

/** How the canary was adjudicated and which evidence the grade used (host-authority, host-attestation, claimed, absent). */
export function canaryAdjudicationOf(g: GradedExam): { path: string; evidence: string; verdict: string | null; note: string } {
  return { path: g.canary.path, evidence: g.canary.evidence, verdict: g.canary.verdict, note: g.canary.note };
}

/** 2-space JSON, LF only, exactly one trailing LF — on every platform. */
export function renderJsonDocument(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function taskCatalogueDocument(): Record<string, unknown> {
  return {
    maxScore: MAX_SCORE,
    tiers: Object.fromEntries(TIERS.map((t) => [t, { profile: profileForTier(t), toolCount: toolCountForTier(t) }])),
    tasks: EXAM_TASKS.map((t) => ({ id: t.id, prompt: t.prompt, passCondition: t.passCondition, measures: t.measures })),
  };
}

/** The one stderr summary line of `exam grade`. */
export function gradeSummaryLine(report: ExamReport): string {
  return `[exam.grade] score=${report.graded.score} tier=${report.graded.tier} profile=${report.profile} tools=${report.toolCount}`;
}
