// Renders the H3 summary (h3.ts) as plain-text tables and as one self-contained HTML page: the same tables plus
// one inline-SVG chart (per arm: agreed / over-trusted / under-trusted shares). No scripts, no external assets.
import { ARMS, type Arm, type ArmSummary, type H3Summary } from './h3.ts';
import { TIERS } from './tiers.ts';

const ARM_LABEL: Readonly<Record<Arm, string>> = { staticMap: 'static model-name map', selfReport: 'self-report' };
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function textTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => all.reduce((w, r) => Math.max(w, (r[c] ?? '').length), 0));
  return all.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ')).join('\n');
}

/** Rows of the per-arm agreement table, shared by both renderings. */
function armRows(s: H3Summary): string[][] {
  return ARMS.map((a) => {
    const x: ArmSummary = s.arms[a];
    return [ARM_LABEL[a], String(x.compared), String(x.absent), `${x.agree} (${pct(x.agreementShare)})`, `${x.overTrusted} (${pct(x.overTrustShare)})`, `${x.underTrusted} (${pct(x.underTrustShare)})`];
  });
}
const ARM_HEADER = ['arm', 'compared', 'absent', 'agree', 'over-trusted', 'under-trusted'];

function confusionRows(x: ArmSummary): string[][] {
  return TIERS.map((armTier) => [armTier, ...TIERS.map((b) => String(x.confusion[armTier][b]))]);
}
const CONFUSION_HEADER = ['arm \\ behaviour', ...TIERS];

function sessionRows(s: H3Summary): string[][] {
  return s.rows.map((r) => [
    r.source,
    `${r.score}/4`,
    r.behavioural,
    r.staticMap,
    r.selfReport ?? '-',
    r.tracker ? String(r.tracker.oscillations) : '-',
  ]);
}
const SESSION_HEADER = ['session', 'score', 'behavioural', 'static map', 'self-report', 'oscillations'];

export function renderH3Text(s: H3Summary): string {
  const parts = [
    `H3: ${s.sessions} session(s); behavioural tiers weak=${s.behaviouralTiers.weak} medium=${s.behaviouralTiers.medium} strong=${s.behaviouralTiers.strong}`,
    '',
    textTable(SESSION_HEADER, sessionRows(s)),
    '',
    'Agreement with the behavioural tier (over-trusted = the arm would expose a wider surface than the behaviour earned):',
    textTable(ARM_HEADER, armRows(s)),
    '',
    `Arms agree with each other on ${s.armsAgree.agree} of ${s.armsAgree.compared} session(s) with both.`,
  ];
  for (const a of ARMS) parts.push('', `Confusion, ${ARM_LABEL[a]} (rows) × behavioural tier (columns):`, textTable(CONFUSION_HEADER, confusionRows(s.arms[a])));
  parts.push(
    '',
    s.tracker.sessionsWithObservations > 0
      ? `Tracker replay: ${s.tracker.observations} live call(s) in ${s.tracker.sessionsWithObservations} session(s); ${s.tracker.oscillations} oscillation(s), ${s.tracker.sessionsThatOscillated} session(s) oscillated.`
      : 'Tracker replay: no live observations (records only).',
  );
  return `${parts.join('\n')}\n`;
}

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function htmlTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>, cls: string): string {
  return `<table class="${cls}"><thead><tr>${header.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

const SERIES = [
  { key: 'agreementShare', label: 'agree', color: '#2e7d32' },
  { key: 'overTrustShare', label: 'over-trusted', color: '#c62828' },
  { key: 'underTrustShare', label: 'under-trusted', color: '#f9a825' },
] as const;

/** One grouped bar chart: per arm, the three shares of the sessions it was compared on. */
export function h3ChartSvg(s: H3Summary): string {
  const W = 560;
  const H = 260;
  const left = 48;
  const bottom = 40;
  const top = 24;
  const plotH = H - bottom - top;
  const groupW = (W - left - 16) / ARMS.length;
  const barW = (groupW - 40) / SERIES.length;
  const bars: string[] = [];
  ARMS.forEach((a, g) => {
    SERIES.forEach((ser, i) => {
      const v = s.arms[a][ser.key];
      const h = Math.round(v * plotH);
      const x = left + g * groupW + 20 + i * barW;
      const y = top + plotH - h;
      bars.push(
        `<rect class="bar" data-arm="${a}" data-series="${ser.label}" data-value="${v}" x="${x.toFixed(1)}" y="${y}" width="${(barW - 4).toFixed(1)}" height="${h}" fill="${ser.color}"><title>${esc(ARM_LABEL[a])}: ${ser.label} ${pct(v)}</title></rect>`,
        `<text x="${(x + (barW - 4) / 2).toFixed(1)}" y="${y - 4}" font-size="11" text-anchor="middle">${pct(v)}</text>`,
      );
    });
    bars.push(`<text x="${(left + g * groupW + groupW / 2).toFixed(1)}" y="${H - bottom + 18}" font-size="13" text-anchor="middle">${esc(ARM_LABEL[a])} (n=${s.arms[a].compared})</text>`);
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((t) => {
      const y = top + plotH - t * plotH;
      return `<line x1="${left}" x2="${W - 8}" y1="${y}" y2="${y}" stroke="#ddd"/><text x="${left - 6}" y="${y + 4}" font-size="11" text-anchor="end">${t * 100}%</text>`;
    })
    .join('');
  const legend = SERIES.map((ser, i) => `<rect x="${left + i * 130}" y="4" width="12" height="12" fill="${ser.color}"/><text x="${left + i * 130 + 16}" y="14" font-size="12">${ser.label}</text>`).join('');
  return `<svg id="h3-chart" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Share of sessions each arm agreed with, over-trusted or under-trusted against the behavioural tier">${ticks}${legend}${bars.join('')}</svg>`;
}

export function renderH3Html(s: H3Summary, generatedAt: string): string {
  const confusion = ARMS.map((a) => `<h3>${esc(ARM_LABEL[a])} × behavioural tier</h3>${htmlTable(CONFUSION_HEADER, confusionRows(s.arms[a]), 'confusion')}`).join('');
  const tracker =
    s.tracker.sessionsWithObservations > 0
      ? `${s.tracker.observations} live call(s) in ${s.tracker.sessionsWithObservations} session(s) replayed through the CompetenceTracker from the behavioural tier: ${s.tracker.oscillations} oscillation(s); ${s.tracker.sessionsThatOscillated} session(s) oscillated.`
      : 'No live observations: every input was a behaviour record.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Occam exam — H3 report</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#222;max-width:1000px}
table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left}
th{background:#f3f3f3}td:not(:first-child){font-variant-numeric:tabular-nums}.sessions{font-size:12px}
</style></head><body>
<h1>H3: behavioural tiering vs the two baselines</h1>
<p>${s.sessions} session(s) graded ${esc(generatedAt)}. Behavioural tiers: weak ${s.behaviouralTiers.weak}, medium ${s.behaviouralTiers.medium}, strong ${s.behaviouralTiers.strong}.
Over-trusted means the arm would have exposed a wider tool surface than the behaviour earned; under-trusted, a narrower one.</p>
<h2>Agreement with the behavioural tier</h2>
${h3ChartSvg(s)}
${htmlTable(ARM_HEADER, armRows(s), 'arms')}
<p>The two baselines agree with each other on ${s.armsAgree.agree} of ${s.armsAgree.compared} session(s) that have both.</p>
<h2>Confusion tables</h2>${confusion}
<h2>Tracker</h2><p>${esc(tracker)}</p>
<h2>Sessions</h2>
${htmlTable(SESSION_HEADER, sessionRows(s), 'sessions')}
</body></html>
`;
}
