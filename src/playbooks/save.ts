// occam_playbook_save (playbooks.md §8): validate a drafted playbook, dry-run a read with it as a strict overlay,
// gate the result on quality, then write it signed (v2) to the local tier. First failure wins; nothing is written
// unless every step passed. Save never publishes anywhere.
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { RuntimeContext } from '../runtime/context.ts';
import { topFailure, type FailureCode } from '../contract/failures.ts';
import type { Services } from '../runtime/services.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE, replaceFileExclusive } from '../runtime/files.ts';
import { signingKeyService } from '../trust/keys.ts';
import { structuralGate } from './lint.ts';
import { strictOverlayOf } from './overlay.ts';
import { assessExtraction, MIN_SCORE } from './quality.ts';
import { hostMatches, hostScopeProblem, hostsOf, loadablePlaybook, MAX_LESSONS, preferredBackendOf } from './schema.ts';
import { playbookStateService } from './service.ts';
import { signPlaybook, type VerifySnapshot } from './signature.ts';
import { tierRoots } from './store.ts';

export const MIN_VERIFY_MARKDOWN = 100;
export const MAX_LESSON_NOTE = 500;
const ID_PATTERN = /^[a-z0-9][a-z0-9.-]*$/;

export interface SaveArgs {
  url: string;
  playbook_json: string;
  verify?: boolean | null;
  verify_url?: string | null;
  lesson_note?: string | null;
  failure_reason?: string | null;
  host_id?: string | null;
}

export interface SaveDeps {
  runtime: RuntimeContext;
  services: Services;
  signal?: AbortSignal;
}

const absoluteHttp = (text: string): URL | null => {
  try {
    const u = new URL(text.trim());
    return /^https?:$/.test(u.protocol) ? u : null;
  } catch {
    return null;
  }
};

const isInside = (root: string, path: string) => {
  const rel = relative(resolve(root), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel);
};

export async function savePlaybook(args: SaveArgs, deps: SaveDeps): Promise<{ ok: boolean } & Record<string, unknown>> {
  const url = typeof args.url === 'string' ? args.url.trim() : '';
  const fail = (code: FailureCode, message: string, extra: Record<string, unknown> = {}) => topFailure(code, message, { url, ...extra });
  const note = args.lesson_note?.trim() ?? '';
  // 1–2
  if (note.length > MAX_LESSON_NOTE) return fail('playbook_schema_invalid', `lesson_note is ${note.length} characters; at most ${MAX_LESSON_NOTE}.`);
  if (!absoluteHttp(url)) return fail('invalid_url', 'url must be an absolute http(s) URL (the host key).');
  if (typeof args.playbook_json !== 'string' || args.playbook_json.trim() === '') return fail('playbook_schema_invalid', 'playbook_json is blank.');
  // 3. structural gate = lint hard errors
  const gate = structuralGate(args.playbook_json);
  if (!gate.ok) {
    const summary = gate.issues.map((i) => `${i.field}/${i.code}`).join(', ');
    if (gate.forbidden) return fail('playbook_save_rejected', `The playbook carries secret-bearing keys (${summary}); secrets never go into playbooks.`);
    return fail('playbook_schema_invalid', `The playbook fails the structural gate: ${summary}. Run occam_playbook_lint.`, { agentHints: { suggestedNext: 'occam_playbook_lint' } });
  }
  const submitted = gate.value;
  const doc = loadablePlaybook(submitted);
  if (!doc) return fail('playbook_schema_invalid', 'The playbook needs schema_version 1.x, an id and hosts.');
  // 3b. scope (issue 30): every hosts entry a registrable domain, a subdomain of one or an IP literal, and the
  // hosts cover the url the playbook is saved from — so one save can never re-route a whole TLD or address space.
  for (const entry of hostsOf(doc)) {
    const problem = hostScopeProblem(entry);
    if (problem) return fail('playbook_scope_invalid', `hosts entry ${JSON.stringify(entry)} ${problem}; name the site (example.com) or its subdomains.`);
  }
  const saveUrl = absoluteHttp(url)!;
  if (!hostsOf(doc).some((h) => hostMatches(saveUrl.hostname.replace(/^\[|\]$/g, ''), h))) {
    return fail('playbook_scope_invalid', `url host ${saveUrl.hostname} is not covered by hosts ${JSON.stringify(hostsOf(doc))}.`);
  }
  // 4. target inside the local root, never the seeds
  const localRoot = tierRoots(deps.runtime).local;
  const id = doc.id.trim();
  if (!ID_PATTERN.test(id)) return fail('playbook_save_rejected', `id ${JSON.stringify(id)} must match ${ID_PATTERN} (it becomes the file name).`);
  const target = resolve(localRoot, `${id}.playbook.json`);
  if (!isInside(localRoot, target) || /[\\/]profiles[\\/]playbooks[\\/]seeds[\\/]/.test(target)) {
    return fail('playbook_save_rejected', 'The playbook would be written outside the local tier.');
  }
  // 5. dry-run verify with the draft as a strict overlay (never persisted)
  const wantVerify = args.verify !== false;
  let snapshot: VerifySnapshot = { passesGate: false };
  let verifyWire: Record<string, unknown> | undefined;
  if (wantVerify) {
    const verifyUrl = args.verify_url?.trim() || url;
    const vu = absoluteHttp(verifyUrl);
    if (!vu) return fail('invalid_url', 'verify_url must be an absolute http(s) URL.');
    if (!hostsOf(doc).some((h) => hostMatches(vu.hostname.replace(/^\[|\]$/g, ''), h))) {
      return fail('playbook_schema_invalid', `verify_url host ${vu.hostname} is not covered by hosts ${JSON.stringify(hostsOf(doc))}.`);
    }
    const backend = preferredBackendOf(doc) ?? 'http_then_browser';
    const { transcode } = await import('../read/transcode.ts');
    const read = await transcode(
      { url: verifyUrl, backend_policy: backend, fit_markdown: false },
      { runtime: deps.runtime, services: deps.services, signal: deps.signal, resolveMaxTokens: () => null, playbook: strictOverlayOf(doc) },
    );
    if (!read.ok) {
      const code = (read.failure as { code?: string } | undefined)?.code ?? 'extraction_failed';
      return fail('playbook_verify_failed', `The dry-run read with this draft failed: ${code}.`, {
        verify: { passesGate: false },
        agentHints: { suggestedNext: 'occam_playbook_heal', maxVerifyRetries: 3 },
      });
    }
    const markdown = String(read.markdown ?? '');
    if (markdown.length < MIN_VERIFY_MARKDOWN) {
      return fail('playbook_verify_failed', `The dry-run read returned only ${markdown.length} characters of Markdown.`, { verify: { passesGate: false } });
    }
    const q = assessExtraction(markdown);
    verifyWire = { passesGate: q.passes, score: q.score, noiseLeakage: q.noise };
    if (!q.passes) {
      const code: FailureCode = q.score < MIN_SCORE ? 'playbook_verify_low_score' : 'playbook_verify_high_noise';
      return fail(code, `The dry-run extract failed the quality gate (score ${q.score}, noise ${q.noise}; ${q.warnings.join(', ') || 'no warnings'}).`, {
        verify: verifyWire,
        agentHints: { suggestedNext: 'occam_playbook_heal', maxVerifyRetries: 3 },
      });
    }
    snapshot = { score: q.score, passesGate: true, noiseLeakage: q.noise };
  }
  // 6. lesson on the submitted document (older files are replaced, not merged)
  const out: Record<string, unknown> = { ...submitted };
  delete out.provenance;
  let lessonAppended = false;
  if (note) {
    const lessons = Array.isArray(out.lessons) ? [...out.lessons] : [];
    const lesson: Record<string, unknown> = { at: new Date(deps.runtime.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'), note };
    if (args.failure_reason?.trim()) lesson.failure_reason = args.failure_reason.trim();
    if (snapshot.score !== undefined) lesson.verify_score = snapshot.score;
    if (args.host_id?.trim()) lesson.host = args.host_id.trim().slice(0, 64);
    lessons.push(lesson);
    out.lessons = lessons.slice(-MAX_LESSONS);
    lessonAppended = true;
  }
  // 7. sign (v2) — always, independent of OCCAM_RECEIPTS
  const keys = await deps.services.use(signingKeyService);
  out.provenance = signPlaybook(out, keys.signer, deps.runtime.now(), snapshot);
  // 8. write pretty JSON atomically, invalidate the resolver caches
  ensurePrivateDir(dirname(target), 'local playbook directory', 'set OCCAM_PLAYBOOKS_LOCAL_ROOT to a directory of your own');
  replaceFileExclusive(target, `${JSON.stringify(out, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  (await deps.services.use(playbookStateService)).invalidate();
  return {
    ok: true,
    playbookId: id,
    writtenPath: target,
    ...(verifyWire ? { verify: verifyWire } : {}),
    lessonAppended,
    signedKeyId: keys.signer.keyId,
  };
}
