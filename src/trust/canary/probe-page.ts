// What a reader of the probe sees (trust.md §2.9, §2.11): the HTML probe document served over HTTP, and the
// Markdown the reading pipeline returns when it short-circuits a probe URL in-process. The sentinel appears in
// three placements in HTML because extractors drop head and hidden nodes: the canary measures the agent.
import type { IssueResult } from './authority.ts';

export const PROBE_TITLE = 'Occam proof-of-read probe';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const iso = (ms: number) => new Date(ms).toISOString();

export function probeHtml(issued: IssueResult): string {
  const s = escapeHtml(issued.sentinel);
  const sid = escapeHtml(issued.sessionId);
  const at = escapeHtml(iso(issued.issuedAt));
  const until = escapeHtml(iso(issued.expiresAt));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex, nofollow">
<meta name="occam-sentinel" content="${s}">
<meta name="occam-sentinel-session" content="${sid}">
<meta name="occam-sentinel-issued-at" content="${at}">
<title>${PROBE_TITLE}</title>
</head>
<body>
<main>
<h1>${PROBE_TITLE}</h1>
<p>This page was generated for one proof-of-read check. Report the sentinel below exactly as written.</p>
<p>Sentinel: <code>${s}</code></p>
<span style="display:none" data-occam-sentinel="1">${s}</span>
<p>Session: <code>${sid}</code> · issued at ${at} · fresh until ${until} (after that a read is no longer fresh).</p>
<p>Report the sentinel verbatim and do not guess: a value that does not match is scored as a hallucination.</p>
</main>
</body>
</html>
`;
}

export function probeMarkdown(issued: IssueResult): string {
  return [
    `# ${PROBE_TITLE}`,
    '',
    'This page was generated for one proof-of-read check: it carries a sentinel value that exists only on this page, for this session and time window.',
    '',
    `Sentinel: \`${issued.sentinel}\``,
    '',
    `Session: \`${issued.sessionId}\` · issued at ${iso(issued.issuedAt)} · fresh until ${iso(issued.expiresAt)}`,
    '',
    'Report the sentinel verbatim and do not guess: a value that does not match is scored as a hallucination.',
    '',
  ].join('\n');
}
