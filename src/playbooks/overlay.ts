// Playbooks inside a read (playbooks.md §2.2, §4.1; reading.md §10 steps 2 and 4). The resolved winner becomes
// an overlay: its content selectors are tried in order and the first that matches a non-empty region is handed
// to the extractor, its strip selectors are removed first, and its preferred backend replaces the request's only
// when the request left the choice open (http_then_browser).
//   soft   (playbook_policy=auto): a miss keeps the generic extractor and adds a warning;
//   strict (save's dry run of a draft): selector-only, a miss fails content_selectors_miss.
import { OccamError } from '../contract/failures.ts';
import { parseHtml, querySelectorAll, removeNode, textOf } from '../extract/dom.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import { playbookBrowserPlan, type BrowserAction } from '../fetch/browser/actions.ts';
import type { Services } from '../runtime/services.ts';
import { contentSelectorsOf, isRecord, preferredBackendOf, stripSelectorsOf, agentNotesOf, type PlaybookDoc, type PreferredBackend } from './schema.ts';

export interface PlaybookOverlay {
  id: string;
  /** Receipt stamp version: `meta.version` when the playbook has one, else "" (trust.md §3.1). */
  version: string;
  provenance: string;
  contentSelectors: string[];
  stripSelectors: string[];
  preferredBackend?: PreferredBackend;
  agentNotes?: string;
  /** The playbook's declarative browser plan (wait_for, interaction_steps), run by the browser backend. */
  browserPlan?: BrowserAction[];
  strict: boolean;
}

/** The pool's viewport height (fetch/browser/pool.ts VIEWPORT) sets the playbook scroll step. */
const VIEWPORT_HEIGHT = 720;
const planOf = (raw: Record<string, unknown>) => {
  const plan = playbookBrowserPlan(raw.browser, VIEWPORT_HEIGHT);
  return plan.length ? { browserPlan: plan } : {};
};

const versionOf = (raw: Record<string, unknown>) => (isRecord(raw.meta) && typeof raw.meta.version === 'string' ? raw.meta.version : '');

/** A draft (not persisted) as a strict overlay — save's verify. */
export function strictOverlayOf(doc: PlaybookDoc): PlaybookOverlay {
  const backend = preferredBackendOf(doc);
  const notes = agentNotesOf(doc);
  return {
    id: doc.id,
    version: versionOf(doc),
    provenance: 'draft',
    contentSelectors: contentSelectorsOf(doc),
    stripSelectors: stripSelectorsOf(doc),
    ...(backend ? { preferredBackend: backend } : {}),
    ...(notes ? { agentNotes: notes } : {}),
    ...planOf(doc),
    strict: true,
  };
}

/** The soft overlay for a URL (playbook_policy=auto), or null when nothing resolves. Never throws. */
export async function softOverlayFor(url: string, deps: { runtime: RuntimeContext; services: Services; signal?: AbortSignal }): Promise<PlaybookOverlay | null> {
  try {
    const { resolvePlaybook } = await import('./resolve.ts');
    const out = await resolvePlaybook({ url }, { ...deps, skipSignature: true });
    if (!out.ok) return null;
    const r = out.resolved;
    if (!r.contentSelectors.length && !r.stripSelectors.length && !r.preferredBackend && !r.agentNotes) return null;
    return {
      id: r.playbookId,
      version: r.winner ? versionOf(r.winner.raw) : '',
      provenance: r.provenance,
      contentSelectors: r.contentSelectors,
      stripSelectors: r.stripSelectors,
      ...(r.preferredBackend ? { preferredBackend: r.preferredBackend } : {}),
      ...(r.agentNotes ? { agentNotes: r.agentNotes } : {}),
      ...(r.winner ? planOf(r.winner.raw) : {}),
      strict: false,
    };
  } catch {
    return null; // an overlay is a hint: a broken tier never fails a read
  }
}

export interface OverlayExtract {
  contentSelectors?: string[];
  stripSelectors?: string[];
  /** The content selector that matched (the overlay shaped the extract), else null. */
  matched: string | null;
}

/** Picks the first content selector matching a non-empty region of `html`. Strict + miss → content_selectors_miss. */
export function overlayExtractOptions(overlay: PlaybookOverlay | null, html: string): OverlayExtract {
  if (!overlay) return { matched: null };
  const strip = overlay.stripSelectors.length ? { stripSelectors: overlay.stripSelectors } : {};
  let matched: string | null = null;
  if (overlay.contentSelectors.length) {
    const doc = parseHtml(html);
    for (const sel of overlay.stripSelectors) for (const el of querySelectorAll(doc, sel)) removeNode(el);
    matched = overlay.contentSelectors.find((sel) => querySelectorAll(doc, sel).some((el) => textOf(el).trim() !== '')) ?? null;
  }
  if (!matched && overlay.strict) {
    throw new OccamError('content_selectors_miss', `No content selector of playbook ${overlay.id} matched a non-empty region (${overlay.contentSelectors.join(', ') || 'none given'}).`);
  }
  return { ...strip, ...(matched ? { contentSelectors: [matched] } : {}), matched };
}
