// The six profiles, narrowest first. Membership lives on each tool in catalog.ts (its narrowest profile);
// because profiles are nested, "tool T is on profile P" is a comparison of ranks.

export const PROFILES = ['minimal', 'basic', 'reader', 'researcher', 'auditor', 'full'] as const;
export type ProfileId = (typeof PROFILES)[number];
export const DEFAULT_PROFILE: ProfileId = 'reader';

export function profileRank(p: ProfileId): number {
  return PROFILES.indexOf(p);
}

/** Trim + case-fold; null when not one of the six. */
export function parseProfile(raw: string | null | undefined): ProfileId | null {
  if (raw == null) return null;
  const v = raw.trim().toLowerCase();
  return (PROFILES as readonly string[]).includes(v) ? (v as ProfileId) : null;
}
