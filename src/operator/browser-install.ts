// `occam install-browser` (operator.md §15). This release drives a system Chromium-family browser (the reader's
// browser pool never uses a downloaded Playwright build), so the verb reports what is there and, when nothing is,
// the one command that installs it — it downloads nothing itself (`worker_missing`).
import type { Ctx } from './proc.ts';
import { findBrowser } from './doctor/checks.ts';

export interface BrowserInstallResult {
  ok: boolean;
  action: 'install_browser';
  status: 'installed' | 'already_present' | 'worker_missing' | 'failed';
  exitCode: number;
  browserExtractDir?: string;
  message?: string;
}

export function installBrowser(ctx: Ctx): BrowserInstallResult {
  const found = findBrowser(ctx);
  if (found.path) return { ok: true, action: 'install_browser', status: 'already_present', exitCode: 0, message: `${found.path} (${found.reason})` };
  if (found.configured) return { ok: false, action: 'install_browser', status: 'failed', exitCode: 1, message: found.reason };
  // Exit 1 (ran, could not provide a browser), not 2: the invocation was fine (operator.md §0 exit codes).
  return { ok: false, action: 'install_browser', status: 'worker_missing', exitCode: 1, message: `no browser download is built into this release; install a system Chromium: ${found.hint}` };
}
