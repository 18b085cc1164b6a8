// A hermetic playbook world for unit tests: temp HOME with OCCAM_HOME/profiles/playbooks/{seeds,community},
// a local tier and a user tier, and a Services bag over a test RuntimeContext.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testContext, type RuntimeContext } from '../../../src/runtime/context.ts';
import { Services } from '../../../src/runtime/services.ts';

export interface PlaybookWorld {
  root: string;
  home: string;
  seeds: string;
  community: string;
  local: string;
  user: string;
  runtime: RuntimeContext;
  services: Services;
  warnings: string[];
  write: (dir: string, name: string, doc: unknown) => string;
}

export function playbookWorld(env: Record<string, string> = {}): PlaybookWorld {
  const root = mkdtempSync(join(tmpdir(), 'occam-pb-'));
  const home = join(root, 'install');
  const seeds = join(home, 'profiles', 'playbooks', 'seeds');
  const community = join(home, 'profiles', 'playbooks', 'community');
  const local = join(root, 'local');
  const user = join(root, 'user');
  for (const d of [seeds, community, local, user]) mkdirSync(d, { recursive: true });
  const warnings: string[] = [];
  const runtime = testContext({
    homeDir: root,
    tmpDir: root,
    env: { HOME: root, OCCAM_HOME: home, OCCAM_PLAYBOOKS_LOCAL_ROOT: local, WT_PLAYBOOKS_PATH: user, ...env },
    now: () => Date.UTC(2026, 10, 30, 12, 0, 0),
    warnings,
  });
  return {
    root, home, seeds, community, local, user, runtime, warnings,
    services: new Services(runtime),
    write: (dir, name, doc) => {
      const path = join(dir, name);
      writeFileSync(path, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
      return path;
    },
  };
}
