// occam_playbook_lint (playbooks.md §6): pure, offline, deterministic. The rule table is data — docs and tests
// read it — and its hard errors are exactly save's structural gate (§8 step 3), so lint-clean means
// save-acceptable before verify.
import { BACKENDS, forbiddenKeysIn, isRecord, nonBlank } from './schema.ts';

export type Severity = 'error' | 'warning' | 'info';

export interface LintRule {
  n: number;
  severity: Severity;
  field: string;
  code: string;
  condition: string;
  /** Part of save's structural gate (§8 step 3). */
  gate: boolean;
}

/** §6, one row per rule, in table order. */
export const LINT_RULES: readonly LintRule[] = [
  { n: 1, severity: 'error', field: '(root)', code: 'empty_input', condition: 'input blank', gate: true },
  { n: 2, severity: 'error', field: '(root)', code: 'json_invalid', condition: 'not JSON', gate: true },
  { n: 3, severity: 'error', field: '(root)', code: 'not_object', condition: 'top level not an object', gate: true },
  { n: 4, severity: 'error', field: '(root)', code: 'forbidden_secret_key', condition: 'a forbidden (secret) key anywhere', gate: true },
  { n: 5, severity: 'error', field: 'schema_version', code: 'missing', condition: 'absent or blank', gate: true },
  { n: 6, severity: 'error', field: 'schema_version', code: 'unsupported', condition: 'does not start with 1.', gate: true },
  { n: 7, severity: 'error', field: 'id', code: 'missing', condition: 'absent or blank', gate: true },
  { n: 8, severity: 'error', field: 'hosts', code: 'missing', condition: 'absent or not an array', gate: true },
  { n: 9, severity: 'error', field: 'hosts', code: 'empty', condition: 'no non-blank string host', gate: true },
  { n: 10, severity: 'warning', field: 'hosts', code: 'host_not_bare', condition: 'a host contains ://, /, whitespace or uppercase', gate: false },
  { n: 11, severity: 'error', field: 'extract.contentSelectors', code: 'missing', condition: 'extract not an object, or no contentSelectors/content_selectors array', gate: true },
  { n: 12, severity: 'warning', field: 'extract.contentSelectors', code: 'selector_blank', condition: 'an entry is blank or not a string', gate: false },
  { n: 13, severity: 'error', field: 'extract.contentSelectors', code: 'empty', condition: 'no usable selector', gate: true },
  { n: 14, severity: 'warning', field: 'routing.preferred_backend', code: 'invalid_backend', condition: 'not http/browser/http_then_browser', gate: false },
  { n: 15, severity: 'warning', field: 'knowledge_schema.<class>', code: 'unrouted_class', condition: 'class is not default and not in genome.page_classes', gate: false },
  { n: 16, severity: 'warning', field: 'meta.title', code: 'missing', condition: 'no non-blank meta.title', gate: false },
  { n: 17, severity: 'info', field: 'agent_notes', code: 'missing', condition: 'no non-blank agent_notes', gate: false },
];

export interface LintIssue {
  severity: Severity;
  field: string;
  code: string;
  message: string;
}

export interface LintReport {
  ok: true;
  grade: 'ready' | 'usable' | 'broken';
  agentReady: boolean;
  errors: number;
  warnings: number;
  infos: number;
  issues: LintIssue[];
}

function rule(n: number): LintRule {
  return LINT_RULES[n - 1];
}

export interface LintOutcome {
  report: LintReport;
  /** The parsed object when the text parsed to one. */
  value: Record<string, unknown> | null;
}

/** Lints playbook JSON text. Never throws; bad input is reported as issues. */
export function lintPlaybookText(text: string): LintOutcome {
  const issues: LintIssue[] = [];
  const add = (n: number, message: string, field?: string) => {
    const r = rule(n);
    issues.push({ severity: r.severity, field: field ?? r.field, code: r.code, message });
  };
  let value: Record<string, unknown> | null = null;
  if (typeof text !== 'string' || text.trim() === '') add(1, 'The input is blank.');
  else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      add(2, `Not valid JSON: ${(err as Error).message.slice(0, 120)}`);
    }
    if (issues.length === 0) {
      if (!isRecord(parsed)) add(3, 'The top level must be a JSON object.');
      else {
        value = parsed;
        lintObject(parsed, add);
      }
    }
  }
  return { report: reportOf(issues), value };
}

function reportOf(issues: LintIssue[]): LintReport {
  const errors = issues.filter((i) => i.severity === 'error').length;
  const warnings = issues.filter((i) => i.severity === 'warning').length;
  const infos = issues.length - errors - warnings;
  return { ok: true, grade: errors > 0 ? 'broken' : warnings > 0 ? 'usable' : 'ready', agentReady: errors === 0, errors, warnings, infos, issues };
}

type Add = (n: number, message: string, field?: string) => void;

function lintObject(doc: Record<string, unknown>, add: Add): void {
  const secrets = forbiddenKeysIn(doc);
  if (secrets.length) add(4, `Secret-bearing key(s) are forbidden in playbooks: ${[...new Set(secrets)].join(', ')}.`);

  const version = doc.schema_version;
  if (!nonBlank(version)) add(5, 'schema_version is required (e.g. "1.0").');
  else if (!version.trim().startsWith('1.')) add(6, `schema_version ${JSON.stringify(version)} is not a 1.x version.`);

  if (!nonBlank(doc.id)) add(7, 'id is required (normally the primary bare host).');

  if (!Array.isArray(doc.hosts)) add(8, 'hosts must be an array of bare hostnames.');
  else {
    if (!doc.hosts.some(nonBlank)) add(9, 'hosts needs at least one non-blank hostname.');
    for (const h of doc.hosts) {
      if (typeof h === 'string' && h.trim() !== '' && (h.includes('://') || h.includes('/') || /\s/.test(h) || h !== h.toLowerCase())) {
        add(10, `Host ${JSON.stringify(h)} is not a bare lowercase hostname.`);
      }
    }
  }

  const extract = doc.extract;
  const selectors = isRecord(extract)
    ? Array.isArray(extract.contentSelectors)
      ? extract.contentSelectors
      : Array.isArray(extract.content_selectors)
        ? extract.content_selectors
        : null
    : null;
  if (selectors === null) add(11, 'extract.contentSelectors (CSS selectors of the main content) is required.');
  else {
    selectors.forEach((s, i) => {
      if (!nonBlank(s)) add(12, `Selector #${i} is blank or not a string.`);
    });
    if (!selectors.some(nonBlank)) add(13, 'extract.contentSelectors has no usable selector.');
  }

  const routing = doc.routing;
  if (isRecord(routing) && routing.preferred_backend !== undefined) {
    const b = routing.preferred_backend;
    if (typeof b !== 'string' || !(BACKENDS as readonly string[]).includes(b)) {
      add(14, `preferred_backend ${JSON.stringify(b)} is not one of ${BACKENDS.join(', ')}; http_then_browser is used.`);
    }
  }

  const schema = doc.knowledge_schema;
  if (isRecord(schema)) {
    const genome = doc.genome;
    const classes = isRecord(genome) && isRecord(genome.page_classes) ? genome.page_classes : {};
    for (const cls of Object.keys(schema)) {
      if (cls !== 'default' && !Object.hasOwn(classes, cls)) {
        add(15, `knowledge_schema class ${JSON.stringify(cls)} has no pattern in genome.page_classes; it can never match.`, `knowledge_schema.${cls}`);
      }
    }
  }

  const meta = doc.meta;
  if (!(isRecord(meta) && nonBlank(meta.title))) add(16, 'meta.title is recommended (a short human name).');
  if (!nonBlank(doc.agent_notes)) add(17, 'agent_notes helps the consuming model (hub-vs-leaf hints, focus tips).');
}

/** Save's structural gate (§8 step 3): the hard-error subset of lint. */
export function structuralGate(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; forbidden: boolean; issues: LintIssue[] } {
  const { report, value } = lintPlaybookText(text);
  const hard = report.issues.filter((i) => i.severity === 'error');
  if (hard.length === 0 && value) return { ok: true, value };
  return { ok: false, forbidden: hard.some((i) => i.code === 'forbidden_secret_key'), issues: hard };
}
