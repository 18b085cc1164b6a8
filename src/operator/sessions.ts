// Session profile store for `occam session` (operator.md §13): init, list (names only — never values), import
// of a Netscape cookies.txt. Files are written owner-only (0600, dirs 0700). Loading for requests lives in
// src/fetch/session.ts; this module only manages the files.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync, readFileSync } from 'node:fs';
import { ensurePrivateDir, replaceFileExclusive } from '../runtime/files.ts';
import type { Ctx } from './proc.ts';
import { occamPaths, pathApi } from '../config/paths.ts';
import { loadSessionProfile, SESSION_ID_PATTERN } from '../fetch/session.ts';
import { atomicWrite } from './config-edit.ts';
import { OperatorError } from './errors.ts';
import { OccamError } from '../contract/failures.ts';
import { readBoundedText } from '../runtime/bounded-input.ts';

export const GITIGNORE = '*\n!README.md\n!.gitignore\n';
const README = `# Occam session profiles

Each \`<id>.json\` here is a bag of HTTP headers (usually one \`Cookie\`) sent with every request that names
\`session_profile: "<id>"\`. Treat these files like passwords: they are owner-only and git-ignored.

- \`occam session import --from cookies.txt --host example.com\` creates one from a browser cookie export.
- \`occam session list\` shows ids and header names (never values).
- \`states/\` holds Playwright storage states; \`_imports/\` keeps source files only with \`--keep-import\`.
`;
const RESERVED = new Set(['_occam', 'storageState']);
const IGNORED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'expect', 'upgrade']);

export class SessionError extends OperatorError {}

export function isValidSessionId(id: string): boolean {
  return SESSION_ID_PATTERN.test(id) && !id.includes('..') && !id.includes('/') && !id.includes('\\');
}

function ensureDir(path: string): void {
  ensurePrivateDir(path, 'sessions directory', 'set OCCAM_SESSIONS_ROOT to a directory of your own');
}

export function sessionInit(ctx: Ctx): { ok: true; sessionsRoot: string; message: string } {
  const root = occamPaths(ctx).sessionsDir;
  const p = pathApi(ctx);
  const created = !existsSync(root);
  ensureDir(root);
  ensureDir(p.join(root, '_imports'));
  ensureDir(p.join(root, 'states'));
  const readme = p.join(root, 'README.md');
  if (!existsSync(readme)) replaceFileExclusive(readme, README, { createParents: false });
  replaceFileExclusive(p.join(root, '.gitignore'), GITIGNORE, { createParents: false });
  return { ok: true, sessionsRoot: root, message: created ? 'sessions directory created' : 'sessions directory ready' };
}

function headerNames(doc: Record<string, unknown>): string[] {
  return Object.entries(doc)
    .filter(([k, v]) => !RESERVED.has(k) && typeof v === 'string' && v !== '' && !IGNORED_HEADERS.has(k.toLowerCase()))
    .map(([k]) => k)
    .sort();
}

export async function sessionList(ctx: Ctx) {
  const root = occamPaths(ctx).sessionsDir;
  const profiles: Array<{ id: string; headers: string[]; label: string | null; hosts: string[]; usable: boolean; problem?: string }> = [];
  const files = existsSync(root) ? readdirSync(root).filter((f) => f.endsWith('.json') && !f.startsWith('.')).sort() : [];
  for (const file of files) {
    const id = file.slice(0, -5);
    if (!isValidSessionId(id)) continue;
    let doc: Record<string, unknown>;
    try {
      doc = JSON.parse(readBoundedText(pathApi(ctx).join(root, file), 'config', { allowStdin: false })) as Record<string, unknown>;
      if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Error('not an object');
    } catch {
      profiles.push({ id, headers: [], label: null, hosts: [], usable: false, problem: 'session_profile_not_found' });
      continue;
    }
    const meta = (doc._occam && typeof doc._occam === 'object' ? doc._occam : {}) as Record<string, unknown>;
    let usable = true;
    let problem: string | undefined;
    try {
      await loadSessionProfile(id, ctx);
    } catch (err) {
      usable = false;
      problem = (err as { code?: string }).code ?? 'session_profile_not_found';
    }
    profiles.push({
      id,
      headers: headerNames(doc),
      label: typeof meta.label === 'string' ? meta.label : null,
      hosts: Array.isArray(meta.hosts) ? meta.hosts.map(String) : [],
      usable,
      ...(problem ? { problem } : {}),
    });
  }
  return { ok: true, sessionsRoot: root, count: profiles.length, profiles };
}

export interface Cookie {
  domain: string;
  name: string;
  value: string;
  expiry: number;
}

/** Netscape cookies.txt: 7 tab-separated columns; `#HttpOnly_` marks a real cookie, other `#` lines are comments. */
export function parseCookiesTxt(text: string): Cookie[] {
  const out: Cookie[] = [];
  for (let line of text.split(/\r?\n/)) {
    if (line.startsWith('#HttpOnly_')) line = line.slice('#HttpOnly_'.length);
    else if (line.startsWith('#') || line.trim() === '') continue;
    const cols = line.split('\t');
    if (cols.length < 7) continue;
    out.push({ domain: cols[0].trim(), expiry: Number(cols[4]) || 0, name: cols[5], value: cols.slice(6).join('\t') });
  }
  return out;
}

export function hostMatches(cookieDomain: string, host: string): boolean {
  const a = cookieDomain.replace(/^\./, '').toLowerCase();
  const b = host.replace(/^\./, '').toLowerCase();
  return a !== '' && b !== '' && (a.includes(b) || b.includes(a));
}

export interface ImportOptions {
  from?: string;
  host?: string;
  all?: boolean;
  id?: string;
  userAgent?: string;
  label?: string;
  force?: boolean;
  keepImport?: boolean;
}

export function sessionImport(ctx: Ctx, o: ImportOptions) {
  if (!o.from) throw new SessionError('missing --from <cookies.txt>');
  if (Boolean(o.host) === Boolean(o.all)) throw new SessionError('give exactly one of --host <domain> or --all');
  const p = pathApi(ctx);
  const source = p.resolve(ctx.cwd, o.from);
  if (!existsSync(source)) throw new SessionError(`cookie file not found: ${source}`);
  const id = o.id ?? (o.all ? 'browser.export' : `${o.host!.replace(/^\./, '').replace(/^www\./i, '')}.imported`);
  if (!isValidSessionId(id)) throw new SessionError(`invalid session id "${id}": use [a-zA-Z0-9._-], no "..", "/" or "\\"`);
  const nowSec = ctx.now() / 1000;
  let cookieText: string;
  try {
    cookieText = readBoundedText(source, 'config', { allowStdin: false });
  } catch (err) {
    throw new SessionError(err instanceof OccamError ? `${err.code}: ${err.message}` : `cookie file unreadable: ${(err as Error).message}`);
  }
  const cookies = parseCookiesTxt(cookieText);
  let skippedExpired = 0;
  const picked: Cookie[] = [];
  for (const c of cookies) {
    if (!o.all && !hostMatches(c.domain, o.host!)) continue;
    if (c.expiry > 0 && c.expiry < nowSec) {
      skippedExpired++;
      continue;
    }
    picked.push(c);
  }
  if (picked.length === 0) throw new SessionError(`no matching cookies in ${source}${skippedExpired ? ` (${skippedExpired} expired)` : ''}`);
  const init = sessionInit(ctx);
  const path = p.join(init.sessionsRoot, `${id}.json`);
  if (existsSync(path) && !o.force) throw new SessionError(`session profile "${id}" already exists (use --force to replace it)`);
  const cookieHeader = picked.map((c) => `${c.name}=${c.value}`).join('; ');
  const cookieBytes = Buffer.byteLength(cookieHeader);
  const hosts = [...new Set(picked.map((c) => c.domain.replace(/^\./, '').toLowerCase()))].sort();
  const hasCfClearance = picked.some((c) => c.name === 'cf_clearance');
  const warnings: string[] = [];
  if (cookieBytes > 8192) warnings.push(`Cookie header is ${cookieBytes} bytes (> 8192); some servers reject it`);
  if (o.all) warnings.push('--all: cookies of every site are sent to every site this profile is used with');
  if (hasCfClearance) warnings.push('cf_clearance is bound to the browser that earned it; it may not work from Occam');
  const doc: Record<string, unknown> = { Cookie: cookieHeader };
  if (o.userAgent) doc['User-Agent'] = o.userAgent;
  doc._occam = {
    label: o.label ?? id,
    hosts,
    updated: new Date(ctx.now()).toISOString().slice(0, 10),
    source: p.basename(source),
    cookieCount: picked.length,
    importMode: o.all ? 'all' : 'host',
  };
  atomicWrite(path, Buffer.from(`${JSON.stringify(doc, null, 2)}\n`), { mode: 0o600, platform: ctx.platform });
  if (o.keepImport) {
    const kept = p.join(init.sessionsRoot, '_imports', p.basename(source));
    replaceFileExclusive(kept, readFileSync(source), { createParents: false });
  }
  return {
    ok: true,
    id,
    path,
    importMode: o.all ? 'all' : 'host',
    cookiesImported: picked.length,
    hosts,
    skippedExpired,
    cookieBytes,
    hasCfClearance,
    session_profile: id,
    ...(warnings.length ? { warnings } : {}),
  };
}

export interface ExportStateOptions {
  url: string;
  id?: string;
  stateFile?: string;
  userAgent?: string;
  writeProfile: boolean;
  force?: boolean;
  timeoutMs: number;
  executablePath: string;
}

/**
 * Opens a headed browser at `url`, lets the operator log in, and saves the Playwright storage state under
 * `states/` (plus, unless disabled, a profile pointing at it). `waitForOperator` resolves when Enter is pressed.
 */
export async function sessionExportState(ctx: Ctx, o: ExportStateOptions, waitForOperator: () => Promise<void>) {
  let host: string;
  try {
    host = new URL(o.url).hostname;
  } catch {
    throw new SessionError(`not a URL: ${o.url}`, 2);
  }
  const id = o.id ?? `${host.replace(/^www\./i, '')}.state`;
  if (!isValidSessionId(id)) throw new SessionError(`invalid session id "${id}"`);
  const init = sessionInit(ctx);
  const p = pathApi(ctx);
  const stateRel = p.join('states', o.stateFile ?? `${id}.json`);
  const statePath = p.resolve(init.sessionsRoot, stateRel);
  if (!statePath.startsWith(init.sessionsRoot + p.sep)) throw new SessionError('--state-file must stay inside the sessions directory');
  const profilePath = p.join(init.sessionsRoot, `${id}.json`);
  if (o.writeProfile && existsSync(profilePath) && !o.force) throw new SessionError(`session profile "${id}" already exists (use --force)`);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: o.executablePath, headless: false, timeout: o.timeoutMs });
  try {
    const context = await browser.newContext(o.userAgent ? { userAgent: o.userAgent } : {});
    const page = await context.newPage();
    await page.goto(o.url, { timeout: o.timeoutMs });
    await waitForOperator();
    const state = await context.storageState();
    atomicWrite(statePath, Buffer.from(JSON.stringify(state)), { mode: 0o600, platform: ctx.platform });
    if (o.writeProfile) {
      const doc: Record<string, unknown> = { storageState: stateRel.split(p.sep).join('/') };
      if (o.userAgent) doc['User-Agent'] = o.userAgent;
      doc._occam = { label: id, hosts: [host], updated: new Date(ctx.now()).toISOString().slice(0, 10), source: 'export-state', storageState: stateRel };
      atomicWrite(profilePath, Buffer.from(`${JSON.stringify(doc, null, 2)}\n`), { mode: 0o600, platform: ctx.platform });
    }
    return { ok: true, id, statePath, profilePath: o.writeProfile ? profilePath : null, cookies: state.cookies.length, session_profile: o.writeProfile ? id : null };
  } finally {
    await browser.close();
  }
}
