// H3, measured (ADR-0016): across graded sessions, how the two cheap baselines — the static model-name map and the
// client's self-report (exam.md §10) — compare with the behavioural tier the exam assigns. Per arm: agreement,
// a confusion table (arm tier × behavioural tier), and the share of sessions the arm would have over-trusted
// (given a wider surface than the behaviour earned) or under-trusted. Where a transcript holds live tool calls, the
// CompetenceTracker replays them from the behavioural baseline and its oscillation count is reported.
// Pure: graded sessions in, one summary out; rendering lives in h3-render.ts.
import { subjectOf, type ExamSubject } from './record.ts';
import { CompetenceTracker, type Observation } from './tracker.ts';
import { TIERS, type Tier } from './tiers.ts';
import type { ExamReport } from './report.ts';

export const H3_PROTOCOL = 'occam-exam-h3-v1';
export type Arm = 'staticMap' | 'selfReport';
export const ARMS: readonly Arm[] = ['staticMap', 'selfReport'];

const RANK: Readonly<Record<Tier, number>> = { weak: 0, medium: 1, strong: 2 };

export interface H3Input {
  source: string;
  kind: string;
  report: ExamReport;
  observations: readonly Observation[] | null;
}

export interface H3Row {
  source: string;
  kind: string;
  subject: ExamSubject;
  score: number;
  behavioural: Tier;
  staticMap: Tier;
  /** null when the session carried no self-report. */
  selfReport: Tier | null;
  /** Tracker replay of the session's live calls; null when there were none (a hand-built record). */
  tracker: { observations: number; oscillations: number; finalTier: Tier; score: number | null } | null;
}

/** confusion[armTier][behaviouralTier] = sessions. */
export type Confusion = Record<Tier, Record<Tier, number>>;

export interface ArmSummary {
  /** Sessions the arm had an opinion on (every session for the static map; those with a self-report otherwise). */
  compared: number;
  absent: number;
  agree: number;
  agreementShare: number;
  /** The arm's tier is wider than the behavioural one. */
  overTrusted: number;
  overTrustShare: number;
  underTrusted: number;
  underTrustShare: number;
  confusion: Confusion;
}

export interface H3Summary {
  protocol: typeof H3_PROTOCOL;
  sessions: number;
  behaviouralTiers: Record<Tier, number>;
  arms: Record<Arm, ArmSummary>;
  /** How often the two baselines agree with each other (sessions with both). */
  armsAgree: { compared: number; agree: number };
  tracker: { sessionsWithObservations: number; observations: number; oscillations: number; sessionsThatOscillated: number };
  rows: H3Row[];
}

const emptyConfusion = (): Confusion =>
  Object.fromEntries(TIERS.map((a) => [a, Object.fromEntries(TIERS.map((b) => [b, 0]))])) as Confusion;

const share = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10_000) / 10_000);

function replay(observations: readonly Observation[], baseline: Tier, subject: ExamSubject): H3Row['tracker'] {
  if (observations.length === 0) return null;
  const tracker = new CompetenceTracker();
  let last = tracker.assess(subject, baseline);
  for (const o of observations) last = tracker.record(subject, o, baseline);
  return { observations: observations.length, oscillations: last.oscillations, finalTier: last.tier, score: last.score };
}

export function summariseH3(inputs: readonly H3Input[]): H3Summary {
  const rows: H3Row[] = inputs.map((i) => {
    const g = i.report.graded;
    const subject = subjectOf(i.report.subject);
    return {
      source: i.source,
      kind: i.kind,
      subject,
      score: g.score,
      behavioural: g.tier,
      staticMap: i.report.staticMapTier,
      selfReport: i.report.selfReportTier,
      tracker: i.observations ? replay(i.observations, g.tier, subject) : null,
    };
  });
  const behaviouralTiers = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number>;
  for (const r of rows) behaviouralTiers[r.behavioural] += 1;

  const arm = (pick: (r: H3Row) => Tier | null): ArmSummary => {
    const confusion = emptyConfusion();
    let compared = 0;
    let agree = 0;
    let over = 0;
    let under = 0;
    for (const r of rows) {
      const t = pick(r);
      if (t === null) continue;
      compared += 1;
      confusion[t][r.behavioural] += 1;
      if (t === r.behavioural) agree += 1;
      else if (RANK[t] > RANK[r.behavioural]) over += 1;
      else under += 1;
    }
    return {
      compared,
      absent: rows.length - compared,
      agree,
      agreementShare: share(agree, compared),
      overTrusted: over,
      overTrustShare: share(over, compared),
      underTrusted: under,
      underTrustShare: share(under, compared),
      confusion,
    };
  };

  const both = rows.filter((r) => r.selfReport !== null);
  const tracked = rows.filter((r) => r.tracker !== null);
  return {
    protocol: H3_PROTOCOL,
    sessions: rows.length,
    behaviouralTiers,
    arms: { staticMap: arm((r) => r.staticMap), selfReport: arm((r) => r.selfReport) },
    armsAgree: { compared: both.length, agree: both.filter((r) => r.selfReport === r.staticMap).length },
    tracker: {
      sessionsWithObservations: tracked.length,
      observations: tracked.reduce((n, r) => n + r.tracker!.observations, 0),
      oscillations: tracked.reduce((n, r) => n + r.tracker!.oscillations, 0),
      sessionsThatOscillated: tracked.filter((r) => r.tracker!.oscillations > 0).length,
    },
    rows,
  };
}
