// One rule for tests that need something outside the repository (Chromium, util-linux `script`, PostgreSQL
// binaries) or a part the contract promises (a verb, a tool): when it is missing, a developer's machine skips
// the test and says why; CI (the `CI` variable set, as .ci/run does) fails it with the install hint, so a
// green CI run can never hide a missing part behind a skip.
import assert from 'node:assert/strict';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { TestContext } from 'node:test';
import { installHint as browserInstallHint, locateBrowser } from '../../src/fetch/browser/discover.ts';
import type { Platform } from '../../src/runtime/context.ts';

const PLATFORM = process.platform as Platform;

/** CI is set the way CI services set it (`CI=true`, `CI=1`); `CI=false` / `CI=0` / empty mean a developer run. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/** The sentence a CI failure carries (exported so the rule itself is tested). */
export function missingInCiMessage(what: string, installHint: string): string {
  return `${what} is missing, and CI is set, so this test fails instead of skipping. Install it: ${installHint}`;
}

/**
 * True when `available`; otherwise skips the test on a developer machine (printing why) and returns false, or
 * fails it when CI is set. Call it first in the test body: `if (!requireOrSkip(t, …)) return;`.
 */
export function requireOrSkip(t: TestContext, what: string, available: boolean, installHint: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (available) return true;
  if (inCi(env)) assert.fail(missingInCiMessage(what, installHint));
  const why = `${what} is missing on this machine: skipped here, a failure in CI. Install it: ${installHint}`;
  process.stderr.write(`[tests] skip: ${t.name}: ${why}\n`);
  t.skip(why);
  return false;
}

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The Chromium the reader itself would drive (OCCAM_BROWSER_EXECUTABLE_PATH, then the system locations). */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  return locateBrowser({ platform: PLATFORM, env }).path;
}

export const CHROMIUM_HINT = `${browserInstallHint({ platform: PLATFORM }).command}, or point OCCAM_BROWSER_EXECUTABLE_PATH at a Chromium`;

/** Chromium present, or skip (developer) / fail (CI). */
export function requireChromium(t: TestContext): boolean {
  const found = chromiumPath();
  const configured = process.env.OCCAM_BROWSER_EXECUTABLE_PATH;
  const what = configured && !found ? `Chromium (OCCAM_BROWSER_EXECUTABLE_PATH=${configured} is not executable)` : 'Chromium';
  return requireOrSkip(t, what, found !== null, CHROMIUM_HINT);
}

/** A command on PATH (absolute paths are checked as they are). */
export function commandPath(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (name.includes('/')) return executable(name) ? name : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** A command present, or skip (developer) / fail (CI). */
export function requireCommand(t: TestContext, name: string, installHint: string): boolean {
  return requireOrSkip(t, `the \`${name}\` command`, commandPath(name) !== null, installHint);
}
