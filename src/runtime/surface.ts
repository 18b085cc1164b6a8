// The live, per-connection tool surface (tools.md §4.4, exam.md §8): the active profile, whether the operator
// locked it, and a generation counter bumped on every change. tools/list and tools/call consult it.
import { profileRank, type ProfileId } from '../contract/profiles.ts';

export type SurfaceChangeSource = 'boot' | 'client_capabilities' | 'exam';

export interface SurfaceChange {
  changed: boolean;
  locked: boolean;
  from: ProfileId;
  to: ProfileId;
}

export class SessionToolSurface {
  private profile: ProfileId;
  readonly locked: boolean;
  readonly bootProfile: ProfileId;
  private gen = 0;
  private lastSource: SurfaceChangeSource = 'boot';

  constructor(bootProfile: ProfileId, locked: boolean) {
    this.profile = bootProfile;
    this.bootProfile = bootProfile;
    this.locked = locked;
  }

  get activeProfile(): ProfileId {
    return this.profile;
  }

  get generation(): number {
    return this.gen;
  }

  get source(): SurfaceChangeSource {
    return this.lastSource;
  }

  /** Sets the profile unless locked; reports whether anything changed. */
  apply(target: ProfileId, source: SurfaceChangeSource): SurfaceChange {
    const from = this.profile;
    if (this.locked) return { changed: false, locked: true, from, to: from };
    if (target === from) return { changed: false, locked: false, from, to: from };
    this.profile = target;
    this.gen += 1;
    this.lastSource = source;
    return { changed: true, locked: false, from, to: target };
  }

  /** Widening only (nested surfaces: a promotion never removes a tool). */
  isWiderThanActive(target: ProfileId): boolean {
    return profileRank(target) > profileRank(this.profile);
  }
}
