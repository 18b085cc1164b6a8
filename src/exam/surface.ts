// The exam's view of the per-connection tool surface (exam.md §8.2, §8.4), built on mcp/surface.ts. The
// surface itself stays the one SessionToolSurface that `occam_client_capabilities(profile=…)` also moves.
import { CORE_TOOLS, catalogEntry } from '../contract/catalog.ts';
import { profileRank, type ProfileId } from '../contract/profiles.ts';
import type { SessionToolSurface, SurfaceChange } from '../runtime/surface.ts';
import type { ExamResultCache } from '../store/exam-cache.ts';
import { subjectOf } from './record.ts';
import { profileForTier, type Tier } from './tiers.ts';

export const EXAM_SUBMIT_TOOL = 'occam_exam_submit';

/** Whether a core profile exposes a core tool (profiles are nested, so this is a rank comparison). */
export function profileExposes(profile: ProfileId, toolName: string): boolean {
  const entry = catalogEntry(toolName);
  if (!entry || entry.kind !== 'core') return false;
  return profileRank(entry.since as ProfileId) <= profileRank(profile);
}

/**
 * `occam_exam_submit` is always exposed (a weak agent must be able to re-submit); other opt-in tools ignore
 * profiles (seed); a core tool is exposed iff the active profile includes it. Unknown names are not exposed.
 */
export function isExposed(surface: SessionToolSurface, toolName: string): boolean {
  const entry = catalogEntry(toolName);
  if (!entry) return false;
  if (entry.kind === 'opt-in') return true;
  return profileExposes(surface.activeProfile, toolName);
}

/** Core tools currently exposed, in catalogue order (never includes the submit tool). */
export function exposedCoreToolNames(surface: SessionToolSurface): string[] {
  return CORE_TOOLS.filter((t) => profileExposes(surface.activeProfile, t.name)).map((t) => t.name);
}

/** Applies a graded tier's profile; the caller sends notifications/tools/list_changed iff `changed`. */
export function applyExamTier(surface: SessionToolSurface, tier: Tier): SurfaceChange {
  return surface.apply(profileForTier(tier), 'exam');
}

/**
 * §8.4: on initialize, an unlocked session whose `clientInfo` matches a live cached grade (submitted with blank
 * modelHint/sessionId) takes that grade's surface. A miss changes nothing — the never-sat default is never applied.
 */
export function bootstrapSurfaceFromCache(
  surface: SessionToolSurface,
  cache: ExamResultCache,
  clientInfo: string | null,
): SurfaceChange | null {
  if (surface.locked) return null;
  const hit = cache.get(subjectOf({ clientInfo, modelHint: null, sessionId: null }));
  if (!hit || hit.source !== 'exam') return null;
  return applyExamTier(surface, hit.tier);
}
