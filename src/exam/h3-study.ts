// H3 as a study that can come out either way (ADR-0016, issue 31): does sizing the tool surface by the behavioural
// tier beat sizing it by a static model-name map? Not "does the map agree with the exam" — the exam tier is one arm,
// not the truth. The truth is what each session did after its surface was sized (derive.ts SessionActivity):
//   poor outcome  = the task marker says not completed, or a wrong-tool pick (a tool outside the task's needed
//                   tools), or a caller-error rate above POOR_CALLER_ERROR_RATE.
// Each arm sizes every session it has an opinion on (the static arm only sessions that name a model — a missing
// name is excluded, never guessed). An arm over-trusts a session it gave more than the minimal surface that then went
// poorly, and under-trusts one it held to the minimal surface that went well; either is mis-sized. The report gives,
// per arm, the mis-sized share, P(poor | sized above weak) and P(good | sized weak), the paired difference between the
// arms, each with n and a seeded
// bootstrap 95 % interval — and "insufficient data" below MIN_SESSIONS_PER_ARM. The tier variance within each model
// name is the direct evidence: a name whose sessions behave differently is what the static map cannot see.
// Sessions are de-duplicated by content hash (the same session in two formats, or a file passed twice, counts once).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TIERS, DEFAULT_STATIC_MAP, parseStaticMap, staticTierFor, type StaticModelMap, type Tier } from './tiers.ts';
import { EXAM_EXIT, expandTargets, fail, gradeLoader, table, type ExamIo } from './verbs.ts';
import { isSessionError, type GradedSession } from './transcript/grade.ts';
import { renderJsonDocument } from './report.ts';
import { rng } from '../runtime/rng.ts';

export const H3_PROTOCOL = 'occam-exam-h3-v2';
/** Below this many sessions with an outcome in an arm, its figures read "insufficient data". */
export const MIN_SESSIONS_PER_ARM = 30;
export const BOOTSTRAP_RESAMPLES = 2000;
export const CONFIDENCE = 0.95;
/** A session whose caller-error rate after sizing is above this went poorly. */
export const POOR_CALLER_ERROR_RATE = 0.2;
export const INSUFFICIENT = 'insufficient data';

export type Arm = 'behavioural' | 'static';
export const ARMS: readonly Arm[] = ['behavioural', 'static'];
const RANK: Readonly<Record<Tier, number>> = { weak: 0, medium: 1, strong: 2 };

export interface SessionOutcome {
  calls: number;
  callerErrors: number;
  callerErrorRate: number | null;
  wrongToolPicks: number | null;
  completed: boolean | null;
  /** null when the session left nothing to judge (no call after sizing and no task marker). */
  poor: boolean | null;
}

export interface StudySession {
  key: string;
  source: string;
  duplicates: string[];
  kind: string;
  clientInfo: string;
  modelHint: string | null;
  score: number;
  tiers: Record<Arm, Tier | null>;
  canaryVerdict: string | null;
  canaryEvidence: string;
  outcome: SessionOutcome | null;
}

/** A proportion with its sample size and interval; `value` null (and `note` set) below the minimum n. */
export interface Estimate {
  n: number;
  value: number | null;
  low: number | null;
  high: number | null;
  note?: string;
}

export interface ArmReport {
  /** Sessions the arm sized (and that have an outcome). */
  n: number;
  missized: Estimate;
  /** Over-trust: P(poor outcome | the arm gave more than the minimal surface). */
  poorWhenWide: Estimate;
  goodWhenWeak: Estimate;
  bySize: Record<Tier, { n: number; poor: number }>;
}

export interface ModelVariance {
  modelHint: string;
  n: number;
  behaviouralTiers: Record<Tier, number>;
  /** Variance of the behavioural tier rank (weak 0, medium 1, strong 2) within the name. */
  variance: number;
  staticTier: Tier;
}

export interface H3Study {
  protocol: typeof H3_PROTOCOL;
  sessions: number;
  duplicatesDropped: number;
  withOutcome: number;
  staticExcludedNoModel: number;
  minSessionsPerArm: number;
  seed: number;
  arms: Record<Arm, ArmReport>;
  /** missized(behavioural) − missized(static) over sessions both arms sized; negative favours the behavioural arm. */
  difference: Estimate;
  verdict: string;
  canaryVerdicts: Record<string, number>;
  models: ModelVariance[];
  rows: StudySession[];
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** Mean of `values` with a percentile bootstrap interval; "insufficient data" below `min`. */
export function bootstrapMean(values: readonly number[], random: () => number, min = MIN_SESSIONS_PER_ARM): Estimate {
  const n = values.length;
  if (n < min) return { n, value: null, low: null, high: null, note: INSUFFICIENT };
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const stats: number[] = [];
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[Math.floor(random() * n)];
    stats.push(sum / n);
  }
  stats.sort((x, y) => x - y);
  const tail = (1 - CONFIDENCE) / 2;
  const at = (q: number) => stats[Math.min(stats.length - 1, Math.max(0, Math.floor(q * stats.length)))];
  return { n, value: round(mean(values)), low: round(at(tail)), high: round(at(1 - tail)) };
}

export function outcomeOf(s: GradedSession): SessionOutcome | null {
  const a = s.activity;
  if (!a) return null;
  const completed = a.task?.completed ?? null;
  const rate = a.calls > 0 ? a.callerErrors / a.calls : null;
  const judged = a.calls > 0 || completed !== null;
  const poor = judged ? completed === false || (a.wrongToolPicks ?? 0) > 0 || (rate !== null && rate > POOR_CALLER_ERROR_RATE) : null;
  return { calls: a.calls, callerErrors: a.callerErrors, callerErrorRate: rate === null ? null : round(rate), wrongToolPicks: a.wrongToolPicks, completed, poor };
}

/** A graded session as a study row (the static arm sizes only a named model). */
export function studySession(s: GradedSession, map: StaticModelMap): StudySession {
  const subject = s.report.subject;
  const model = subject.modelHint === 'unknown' ? null : subject.modelHint;
  const key = s.activity?.contentHash ?? `record:${JSON.stringify([subject, s.report.graded.outcomes.map((o) => o.passed)])}`;
  return {
    key,
    source: s.source,
    duplicates: [],
    kind: s.kind,
    clientInfo: subject.clientInfo,
    modelHint: model,
    score: s.report.graded.score,
    tiers: { behavioural: s.report.graded.tier, static: model === null ? null : staticTierFor(map, model) },
    canaryVerdict: s.report.graded.canary.verdict,
    canaryEvidence: s.report.graded.canary.evidence,
    outcome: outcomeOf(s),
  };
}

/** Mis-sized: more than the minimal surface for a session that went poorly, or the minimal one for one that went well. */
const missized = (tier: Tier, poor: boolean) => (tier !== 'weak' && poor) || (tier === 'weak' && !poor);

export function summariseStudy(input: readonly StudySession[], seed: number, min = MIN_SESSIONS_PER_ARM): H3Study {
  // De-duplicate by content hash, keeping the first source and naming the others.
  const byKey = new Map<string, StudySession>();
  let dropped = 0;
  for (const s of input) {
    const known = byKey.get(s.key);
    if (known) {
      known.duplicates.push(s.source);
      dropped += 1;
    } else byKey.set(s.key, { ...s, duplicates: [] });
  }
  const rows = [...byKey.values()];
  const random = rng(seed);
  const judged = rows.filter((r) => r.outcome?.poor != null);

  const arm = (a: Arm): ArmReport => {
    const sized = judged.filter((r) => r.tiers[a] !== null);
    const bySize = Object.fromEntries(TIERS.map((t) => [t, { n: 0, poor: 0 }])) as ArmReport['bySize'];
    for (const r of sized) {
      bySize[r.tiers[a]!].n += 1;
      if (r.outcome!.poor) bySize[r.tiers[a]!].poor += 1;
    }
    const ind = (rs: StudySession[], f: (r: StudySession) => boolean) => rs.map((r) => (f(r) ? 1 : 0));
    return {
      n: sized.length,
      missized: bootstrapMean(ind(sized, (r) => missized(r.tiers[a]!, r.outcome!.poor!)), random, min),
      poorWhenWide: bootstrapMean(ind(sized.filter((r) => r.tiers[a] !== 'weak'), (r) => r.outcome!.poor!), random, min),
      goodWhenWeak: bootstrapMean(ind(sized.filter((r) => r.tiers[a] === 'weak'), (r) => !r.outcome!.poor!), random, min),
      bySize,
    };
  };
  const arms = { behavioural: arm('behavioural'), static: arm('static') };
  const paired = judged.filter((r) => r.tiers.static !== null);
  const difference = bootstrapMean(
    paired.map((r) => Number(missized(r.tiers.behavioural!, r.outcome!.poor!)) - Number(missized(r.tiers.static!, r.outcome!.poor!))),
    random,
    min,
  );
  let verdict: string;
  if (difference.value === null || arms.behavioural.missized.value === null || arms.static.missized.value === null) {
    verdict = `${INSUFFICIENT}: each arm needs at least ${min} sessions with an outcome (behavioural ${arms.behavioural.n}, static ${arms.static.n})`;
  } else if (difference.high! < 0) {
    verdict = 'H3 supported: the behavioural tier mis-sized fewer sessions than the static model-name map (the 95 % interval of the difference is below 0)';
  } else if (difference.low! > 0) {
    verdict = 'H3 refuted: the static model-name map mis-sized fewer sessions than the behavioural tier (the 95 % interval of the difference is above 0)';
  } else {
    verdict = 'no detectable difference: the 95 % interval of the difference includes 0, so H3 is not supported by these sessions';
  }

  const canaryVerdicts: Record<string, number> = {};
  for (const r of rows) {
    const k = `${r.canaryVerdict ?? 'none'} (${r.canaryEvidence})`;
    canaryVerdicts[k] = (canaryVerdicts[k] ?? 0) + 1;
  }
  const names = new Map<string, StudySession[]>();
  for (const r of rows) if (r.modelHint !== null) names.set(r.modelHint, [...(names.get(r.modelHint) ?? []), r]);
  const models: ModelVariance[] = [...names.entries()]
    .map(([modelHint, rs]) => {
      const ranks = rs.map((r) => RANK[r.tiers.behavioural!]);
      const mean = ranks.reduce((s, x) => s + x, 0) / ranks.length;
      const variance = ranks.reduce((s, x) => s + (x - mean) ** 2, 0) / ranks.length;
      const behaviouralTiers = Object.fromEntries(TIERS.map((t) => [t, rs.filter((r) => r.tiers.behavioural === t).length])) as Record<Tier, number>;
      return { modelHint, n: rs.length, behaviouralTiers, variance: round(variance), staticTier: rs[0].tiers.static! };
    })
    .sort((a, b) => a.modelHint.localeCompare(b.modelHint));
  return {
    protocol: H3_PROTOCOL,
    sessions: rows.length,
    duplicatesDropped: dropped,
    withOutcome: judged.length,
    staticExcludedNoModel: judged.filter((r) => r.tiers.static === null).length,
    minSessionsPerArm: min,
    seed,
    arms,
    difference,
    verdict,
    canaryVerdicts,
    models,
    rows,
  };
}

// ——— rendering ———

const ARM_LABEL: Readonly<Record<Arm, string>> = { behavioural: 'behavioural tier', static: 'static model-name map' };

/** `12.5 % [8.1, 17.0] (n=40)` or `insufficient data (n=3)`. */
export function formatEstimate(e: Estimate, signed = false): string {
  if (e.value === null) return `${INSUFFICIENT} (n=${e.n})`;
  const p = (x: number) => `${signed && x > 0 ? '+' : ''}${(x * 100).toFixed(1)}`;
  return `${p(e.value)} % [${p(e.low!)}, ${p(e.high!)}] (n=${e.n})`;
}

function armRows(s: H3Study): string[][] {
  return ARMS.map((a) => [ARM_LABEL[a], String(s.arms[a].n), formatEstimate(s.arms[a].missized), formatEstimate(s.arms[a].poorWhenWide), formatEstimate(s.arms[a].goodWhenWeak)]);
}
const ARM_HEADER = ['arm', 'sized', 'mis-sized', 'poor when sized above weak (over-trust)', 'good when sized weak (under-trust)'];

function modelRows(s: H3Study): string[][] {
  return s.models.map((m) => [m.modelHint, String(m.n), `${m.behaviouralTiers.weak}/${m.behaviouralTiers.medium}/${m.behaviouralTiers.strong}`, m.variance.toFixed(3), m.staticTier]);
}
const MODEL_HEADER = ['model name', 'sessions', 'behavioural weak/medium/strong', 'tier variance', 'static tier'];

function headline(s: H3Study): string[] {
  return [
    `${s.sessions} session(s) (${s.duplicatesDropped} duplicate(s) dropped), ${s.withOutcome} with an outcome after sizing; ` +
      `${s.staticExcludedNoModel} without a model name excluded from the static arm. Bootstrap ${BOOTSTRAP_RESAMPLES}×, seed ${s.seed}; minimum ${s.minSessionsPerArm} per arm.`,
    `Difference in mis-sized share (behavioural − static, paired): ${formatEstimate(s.difference, true)}`,
    `Verdict: ${s.verdict}`,
  ];
}

export function renderStudyText(s: H3Study): string {
  return [
    ...headline(s),
    '',
    table(ARM_HEADER, armRows(s)).trimEnd(),
    '',
    'Tier variance within each model name (what a static map cannot see):',
    s.models.length ? table(MODEL_HEADER, modelRows(s)).trimEnd() : '(no session names a model)',
    '',
    `Canary verdicts: ${Object.entries(s.canaryVerdicts).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    '',
  ].join('\n');
}

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A small SVG: per arm, the mis-sized share with its 95 % interval as a whisker (or a note when n is too small). */
export function studySvg(s: H3Study): string {
  const W = 420;
  const H = 200;
  const left = 150;
  const top = 24;
  const rowH = 60;
  const span = W - left - 30;
  const parts: string[] = [];
  for (const [i, a] of ARMS.entries()) {
    const e = s.arms[a].missized;
    const y = top + i * rowH;
    parts.push(`<text x="8" y="${y + 22}" font-size="12">${esc(ARM_LABEL[a])}</text>`);
    if (e.value === null) {
      parts.push(`<text class="insufficient" x="${left}" y="${y + 22}" font-size="12" fill="#666">${INSUFFICIENT} (n=${e.n})</text>`);
      continue;
    }
    const x = (v: number) => (left + v * span).toFixed(1);
    parts.push(
      `<rect class="bar" data-arm="${a}" data-value="${e.value}" x="${left}" y="${y + 8}" width="${(e.value * span).toFixed(1)}" height="20" fill="${a === 'behavioural' ? '#2e7d32' : '#1565c0'}"/>`,
      `<line class="ci" x1="${x(e.low!)}" x2="${x(e.high!)}" y1="${y + 18}" y2="${y + 18}" stroke="#000" stroke-width="2"/>`,
      `<text x="${x(Math.max(e.value, e.high!))}" dx="6" y="${y + 22}" font-size="11">${(e.value * 100).toFixed(1)} %</text>`,
    );
  }
  for (const t of [0, 0.5, 1]) {
    const x = (left + t * span).toFixed(1);
    parts.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${top + 2 * rowH - 10}" stroke="#ddd"/><text x="${x}" y="${H - 40}" font-size="10" text-anchor="middle">${t * 100} %</text>`);
  }
  parts.push(`<text x="8" y="${H - 16}" font-size="11">mis-sized share of sessions, 95 % bootstrap interval (lower is better)</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="H3: mis-sized share per arm">${parts.join('')}</svg>\n`;
}

export function renderStudyMarkdown(s: H3Study, svgName: string, generatedAt: string): string {
  const md = (header: string[], rows: string[][]) => [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  return [
    '# H3: behavioural tier vs static model-name map',
    '',
    `Generated ${generatedAt} by \`occam exam report\` (protocol ${H3_PROTOCOL}). How the study works and what would refute H3: docs/exam-h3.md.`,
    '',
    ...headline(s).map((l) => `${l}  `),
    '',
    `![mis-sized share per arm](${svgName})`,
    '',
    '## Arms',
    '',
    md(ARM_HEADER, armRows(s)),
    '',
    `A session is mis-sized when an arm gave it more than the minimal surface and it went poorly (over-trust), or the minimal surface and it went well (under-trust). Poor = task marked not completed, a wrong-tool pick, or a caller-error rate above ${POOR_CALLER_ERROR_RATE * 100} % after sizing.`,
    '',
    '## Tier variance within each model name',
    '',
    s.models.length ? md(MODEL_HEADER, modelRows(s)) : '(no session names a model)',
    '',
    '## Canary verdicts',
    '',
    Object.entries(s.canaryVerdicts).map(([k, n]) => `- ${k}: ${n}`).join('\n') || '- none',
    '',
  ].join('\n');
}

// ——— the verb ———

export interface ReportOptions {
  targets: readonly string[];
  markdown: string | null;
  modelMap: string | null;
  seed: number;
  json: boolean;
}

export async function runReport(o: ReportOptions, io: ExamIo): Promise<number> {
  let map: StaticModelMap = DEFAULT_STATIC_MAP;
  if (o.modelMap) {
    let parsed: StaticModelMap | string;
    try {
      parsed = parseStaticMap(JSON.parse(readFileSync(o.modelMap, 'utf8')));
    } catch (err) {
      return fail(io, o.json, 'report', 'exam_input_not_found', `cannot read the model map ${o.modelMap}: ${(err as Error).message}`);
    }
    if (typeof parsed === 'string') return fail(io, o.json, 'report', 'invalid_arguments', `${o.modelMap}: ${parsed}`);
    map = parsed;
  }
  // The same file named twice (or through two paths) is read once; the same session in two files is de-duplicated
  // by content hash below.
  const files = [...new Map(expandTargets(o.targets, io).map((f) => [resolve(f), f])).values()];
  const load = await gradeLoader(io);
  const sessions: StudySession[] = [];
  const skipped: Array<{ source: string; code: string; error: string }> = [];
  for (const file of files) {
    const loaded = load(file);
    if (!loaded.ok) {
      skipped.push({ source: file, code: loaded.code, error: loaded.error });
      continue;
    }
    for (const s of loaded.sessions) {
      if (isSessionError(s)) skipped.push({ source: s.source, code: s.code, error: s.error });
      else sessions.push(studySession(s, map));
    }
  }
  for (const r of skipped) io.err(`[exam.report] skipped ${r.source}: ${r.code}: ${r.error}\n`);
  if (sessions.length === 0) return fail(io, o.json, 'report', 'exam_no_occam_calls', `no gradable session in ${o.targets.join(', ')}`);
  const study = summariseStudy(sessions, o.seed);
  if (o.markdown) {
    const svgPath = o.markdown.replace(/\.md$/i, '') + '.svg';
    io.writeText(svgPath, studySvg(study));
    io.writeText(o.markdown, renderStudyMarkdown(study, svgPath.split(/[\\/]/).pop()!, new Date(io.now()).toISOString()));
    io.err(`[exam.report] wrote ${o.markdown} and ${svgPath}\n`);
  }
  io.out(o.json ? renderJsonDocument({ ok: true, ...study, skipped }) : renderStudyText(study));
  io.err(`[exam.report] ${study.sessions} session(s), ${study.duplicatesDropped} duplicate(s) dropped${skipped.length ? `, ${skipped.length} skipped` : ''}\n`);
  return EXAM_EXIT.ok;
}
