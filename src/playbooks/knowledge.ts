// Typed extraction (playbooks.md §10, §2.4): the matched page class's knowledge_schema evaluated as CSS fields on
// the page HTML (parsed DOM, no script execution) into facts[] — one per field, in schema order. The resolver is
// the same one occam_playbook_resolve reports, so resolve predicts extract. `receipt` here is extraction
// telemetry (unsigned, no hash) and never a Receipt v1.
import { createHash } from 'node:crypto';
import type { RuntimeContext } from '../runtime/context.ts';
import { OccamError, normaliseError, topFailure, type FailureCode } from '../contract/failures.ts';
import { acquire, guardPolicyFor, parseFetchUrl } from '../fetch/acquire.ts';
import { checkUrlLiteral } from '../fetch/guard.ts';
import { browserSessionOf, loadSessionProfileFor, type BrowserSession } from '../fetch/session.ts';
import { collapse, isElement, isText, parseHtml, querySelectorAll, textOf, type AnyNode, type Element } from '../extract/dom.ts';
import type { Services } from '../runtime/services.ts';
import { resolvePlaybook } from './resolve.ts';
import { BACKENDS, isRecord, type PreferredBackend } from './schema.ts';

export const KO_ID_SALT = '|knowledge|0.8.6-pb4b-extract';
export const KNOWLEDGE_FETCH_TIMEOUT_MS = 45_000;
const BROWSER_SETTLE_MS = 1500;
/** http_then_browser retries in the browser after these HTTP outcomes. */
const BROWSER_RETRY = new Set(['http_401', 'http_403', 'http_429', 'timeout', 'extraction_failed']);

export interface FieldRule {
  name: string;
  selector: string;
  attr: string;
  multiple: boolean;
  divide?: number;
}

export interface Fact {
  name: string;
  value: string | number | boolean;
  selector: string;
}

/** §2.4: field specs → rules. A field without a selector is invalid_arguments; attr "nuxt" is refused. */
export function parseFieldSpecs(fields: Record<string, unknown>): FieldRule[] {
  const rules: FieldRule[] = [];
  for (const [name, spec] of Object.entries(fields)) {
    if (!isRecord(spec) || typeof spec.selector !== 'string' || spec.selector.trim() === '') {
      throw new OccamError('invalid_arguments', `knowledge field ${JSON.stringify(name)} has no selector.`);
    }
    const attr = typeof spec.attr === 'string' && spec.attr.trim() ? spec.attr.trim() : 'text';
    if (attr.toLowerCase() === 'nuxt') {
      throw new OccamError('nuxt_attr_disabled', `knowledge field ${JSON.stringify(name)} uses attr "nuxt"; page state is never evaluated.`);
    }
    rules.push({
      name,
      selector: spec.selector,
      attr,
      multiple: spec.multiple === true,
      ...(typeof spec.divide === 'number' && Number.isInteger(spec.divide) ? { divide: spec.divide } : {}),
    });
  }
  return rules;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const escapeText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (t: string) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function outerHtml(node: AnyNode): string {
  if (isText(node)) return escapeText(node.data);
  if (!isElement(node)) return '';
  const attrs = Object.entries(node.attribs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
  if (VOID.has(node.name)) return `<${node.name}${attrs}>`;
  return `<${node.name}${attrs}>${innerHtml(node)}</${node.name}>`;
}
const innerHtml = (el: Element) => el.children.map((c) => outerHtml(c as AnyNode)).join('');

/** Number formatting for `divide`: ≤2 decimals, trailing zeros trimmed. */
function divided(raw: string, by: number): string {
  const n = Number(raw.replace(/\s/g, '').replace(',', '.'));
  if (!Number.isFinite(n)) return raw;
  return String(Number((n / by).toFixed(2)));
}

/** One field's value: a string, an array (multiple) or null. */
export function evaluateField(rule: FieldRule, html: string, doc: ReturnType<typeof parseHtml>, finalUrl: string): string | string[] | null {
  const pick = (values: Array<string | null | undefined>) => {
    const kept = values.filter((v): v is string => typeof v === 'string' && v !== '');
    return rule.multiple ? kept : (kept[0] ?? null);
  };
  const attr = rule.attr.toLowerCase();
  if (attr === 'const') return pick([rule.selector]);
  if (attr === 'regex') {
    const id = /\/item\/(\d+)/.exec(finalUrl)?.[1] ?? '';
    let re: RegExp;
    try {
      re = new RegExp(rule.selector.replaceAll('{id}', id), 'gs');
    } catch {
      throw new OccamError('invalid_arguments', `knowledge field ${JSON.stringify(rule.name)} has an invalid regular expression.`);
    }
    const values = [...html.matchAll(re)].map((m) => (m[1] ?? '').trim()).map((v) => (v && rule.divide && rule.divide > 1 ? divided(v, rule.divide) : v));
    return pick(values);
  }
  const elements = querySelectorAll(doc, rule.selector);
  return pick(
    elements.map((el) => {
      if (attr === 'text') return collapse(textOf(el)).trim();
      if (attr === 'html') return innerHtml(el).trim();
      return el.attribs[rule.attr] ?? el.attribs[attr];
    }),
  );
}

const factValue = (v: string | string[] | null): string => (v === null ? '' : Array.isArray(v) ? v.filter((x) => x.trim() !== '').join('; ') : v);

/** §10: first 16 hex of SHA-256(normUrl + salt). */
export function koIdOf(input: string): string {
  let norm: string;
  try {
    const u = new URL(input.trim());
    u.search = '';
    u.hash = '';
    norm = u.href.replace(/\/+$/, '').toLowerCase();
  } catch {
    norm = input.trim().toLowerCase();
  }
  return createHash('sha256').update(norm + KO_ID_SALT, 'utf8').digest('hex').slice(0, 16);
}

export interface KnowledgeArgs {
  url: string;
  backend_policy?: string | null;
  session_profile?: string | null;
}

export interface KnowledgeDeps {
  runtime: RuntimeContext;
  services: Services;
  signal?: AbortSignal;
}

function policyOf(raw: string | null | undefined): PreferredBackend | null {
  const p = (raw ?? '').trim().toLowerCase().replace(/-/g, '_') || 'http_then_browser';
  return (BACKENDS as readonly string[]).includes(p) ? (p as PreferredBackend) : null;
}

async function fetchHtml(url: string, backend: 'http' | 'browser', browserSession: BrowserSession | undefined, sessionId: string | null, deps: KnowledgeDeps) {
  if (backend === 'http') {
    const doc = await acquire(url, { timeoutMs: KNOWLEDGE_FETCH_TIMEOUT_MS, signal: deps.signal, sessionProfile: sessionId }, { runtime: deps.runtime });
    if (doc.kind !== 'html' && doc.kind !== 'text') throw new OccamError('unsupported_content_type', 'Typed extraction needs an HTML page.');
    return { html: doc.text, finalUrl: doc.finalUrl };
  }
  const { locateBrowser } = await import('../fetch/browser/discover.ts');
  if (!locateBrowser(deps.runtime).path) throw new OccamError('workers_unavailable', 'No browser is available for backend_policy=browser.');
  const { browserPoolService } = await import('../fetch/browser/pool.ts');
  const pool = await deps.services.use(browserPoolService);
  const page = await pool.render(url, {
    policy: guardPolicyFor(deps.runtime),
    timeoutMs: KNOWLEDGE_FETCH_TIMEOUT_MS,
    settleMs: BROWSER_SETTLE_MS,
    signal: deps.signal,
    ...browserSession,
  });
  return { html: page.html, finalUrl: page.finalUrl };
}

/** occam_extract_knowledge. Never throws. */
export async function extractKnowledge(args: KnowledgeArgs, deps: KnowledgeDeps): Promise<{ ok: boolean } & Record<string, unknown>> {
  const started = performance.now();
  const url = typeof args.url === 'string' ? args.url.trim() : '';
  const elapsed = () => Math.round(performance.now() - started);
  let context: Record<string, unknown> = {};
  const fail = (code: FailureCode, message: string) => topFailure(code, message, { url, ...context, latencyMs: elapsed() });
  try {
    const policy = policyOf(args.backend_policy);
    if (!url) return fail('invalid_arguments', 'url is required.');
    if (!policy) return fail('invalid_arguments', 'backend_policy must be http, browser or http_then_browser.');
    // Preflight: URL, private-address block, session profile.
    const target = parseFetchUrl(url);
    if (!/^https?:$/.test(target.protocol)) return fail('invalid_url', 'URL must be an absolute http(s) URL.');
    checkUrlLiteral(target, guardPolicyFor(deps.runtime));
    const sessionId = args.session_profile?.trim() || null;
    const session = sessionId ? await loadSessionProfileFor(sessionId, target, deps.runtime) : null;

    const resolved = await resolvePlaybook({ url }, { ...deps, skipSignature: true });
    if (!resolved.ok) return fail('playbook_not_found', String(resolved.wire.message ?? 'No playbook for the host.'));
    const r = resolved.resolved;
    context = { playbookId: r.playbookId };
    const schema = r.knowledgeSchemaAll;
    if (!schema || Object.keys(schema).length === 0) return fail('knowledge_schema_missing', `Playbook ${r.playbookId} has no knowledge_schema.`);
    if (!r.pageClass) return fail('page_class_unmatched', `No page class of ${r.playbookId} matches ${target.pathname} and there is no default class.`);
    context = { ...context, pageClass: r.pageClass };
    const fields = schema[r.pageClass];
    if (!isRecord(fields) || Object.keys(fields).length === 0) return fail('knowledge_schema_empty', `Page class ${r.pageClass} has no fields.`);
    const rules = parseFieldSpecs(fields);

    const effective = policy === 'http_then_browser' && r.preferredBackend ? r.preferredBackend : policy;
    const browserSession = session ? browserSessionOf(session) : undefined;
    let page: { html: string; finalUrl: string };
    let backend: 'css_extract_http' | 'css_extract_browser';
    if (effective === 'browser') {
      page = await fetchHtml(target.href, 'browser', browserSession, sessionId, deps);
      backend = 'css_extract_browser';
    } else {
      try {
        page = await fetchHtml(target.href, 'http', browserSession, sessionId, deps);
        backend = 'css_extract_http';
      } catch (err) {
        const code = normaliseError(err).code;
        if (effective !== 'http_then_browser' || !BROWSER_RETRY.has(code)) throw err;
        page = await fetchHtml(target.href, 'browser', browserSession, sessionId, deps);
        backend = 'css_extract_browser';
      }
    }

    const doc = parseHtml(page.html);
    const facts: Fact[] = rules.map((rule) => ({ name: rule.name, value: factValue(evaluateField(rule, page.html, doc, page.finalUrl)), selector: rule.selector }));
    const filled = facts.filter((f) => f.value !== '').length;
    const confidence = facts.length ? Math.round((filled / facts.length) * 100) / 100 : 0;
    return {
      ok: true,
      url,
      playbookId: r.playbookId,
      pageClass: r.pageClass,
      facts,
      meta: { koId: koIdOf(url) },
      latencyMs: elapsed(),
      backend,
      ...(confidence > 0 ? { confidence } : {}),
      receipt: { ...(confidence > 0 ? { confidence } : {}), elapsedMs: elapsed() },
    };
  } catch (err) {
    const { code, message } = normaliseError(err);
    return fail(code === 'content_extraction_failed' ? 'extraction_failed' : code, message);
  }
}
