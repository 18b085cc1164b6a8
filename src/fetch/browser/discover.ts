// Finding a Chromium-family browser on this machine (reading.md §6.3, operator.md §11). Occam never downloads a
// browser during a read: it drives the system one (Debian `chromium`, Chrome, Edge) or the configured path.
import { accessSync, constants } from 'node:fs';
import type { RuntimeContext } from '../../runtime/context.ts';
import { inspectEnv } from '../../config/env.ts';
import { pathApi } from '../../config/paths.ts';

type Channel = 'chromium' | 'chrome' | 'msedge' | 'chrome-beta' | 'msedge-beta';

function candidatesFor(ctx: Pick<RuntimeContext, 'platform' | 'env'>, channel: Channel): string[] {
  const p = pathApi(ctx);
  const byChannel: Record<Channel, string[]> =
    ctx.platform === 'darwin'
      ? {
          chromium: ['/Applications/Chromium.app/Contents/MacOS/Chromium'],
          chrome: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
          'chrome-beta': ['/Applications/Google Chrome Beta.app/Contents/MacOS/Google Chrome Beta'],
          msedge: ['/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge'],
          'msedge-beta': ['/Applications/Microsoft Edge Beta.app/Contents/MacOS/Microsoft Edge Beta'],
        }
      : ctx.platform === 'win32'
        ? (() => {
            const roots = [ctx.env.PROGRAMFILES, ctx.env['PROGRAMFILES(X86)'], ctx.env.LOCALAPPDATA].filter(
              (r): r is string => Boolean(r),
            );
            const under = (...rel: string[]) => roots.map((r) => p.join(r, ...rel));
            return {
              chromium: under('Chromium', 'Application', 'chrome.exe'),
              chrome: under('Google', 'Chrome', 'Application', 'chrome.exe'),
              'chrome-beta': under('Google', 'Chrome Beta', 'Application', 'chrome.exe'),
              msedge: under('Microsoft', 'Edge', 'Application', 'msedge.exe'),
              'msedge-beta': under('Microsoft', 'Edge Beta', 'Application', 'msedge.exe'),
            };
          })()
        : {
            chromium: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/snap/bin/chromium'],
            chrome: ['/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome'],
            'chrome-beta': ['/usr/bin/google-chrome-beta'],
            msedge: ['/usr/bin/microsoft-edge', '/usr/bin/microsoft-edge-stable'],
            'msedge-beta': ['/usr/bin/microsoft-edge-beta'],
          };
  // The preferred channel first, then every other known browser.
  const order: Channel[] = [channel, 'chromium', 'chrome', 'msedge', 'chrome-beta', 'msedge-beta'];
  return [...new Set(order.flatMap((c) => byChannel[c]))];
}

export interface BrowserLocation {
  path: string | null;
  source: 'env' | 'discovered' | null;
  /** Paths that were looked at, for doctor and for the failure message. */
  searched: string[];
  /** The configured path when it does not exist or is not executable. */
  configuredButMissing: string | null;
}

const isExecutable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export function locateBrowser(ctx: Pick<RuntimeContext, 'platform' | 'env'>, exists = isExecutable): BrowserLocation {
  const configured = inspectEnv<string | null>('OCCAM_BROWSER_EXECUTABLE_PATH', ctx.env).value;
  if (configured) {
    return exists(configured)
      ? { path: configured, source: 'env', searched: [configured], configuredButMissing: null }
      : { path: null, source: null, searched: [configured], configuredButMissing: configured };
  }
  const channel = inspectEnv<Channel>('OCCAM_BROWSER_CHANNEL', ctx.env).value;
  const searched = candidatesFor(ctx, channel);
  const found = searched.find((c) => exists(c)) ?? null;
  return { path: found, source: found ? 'discovered' : null, searched, configuredButMissing: null };
}

/** The one-line remedy shown when no browser is usable. */
export function installHint(ctx: Pick<RuntimeContext, 'platform'>): { kind: string; command: string; rootRequired: boolean } {
  if (ctx.platform === 'darwin') return { kind: 'install_browser', command: 'brew install --cask chromium', rootRequired: false };
  if (ctx.platform === 'win32') return { kind: 'install_browser', command: 'winget install Google.Chrome', rootRequired: false };
  return { kind: 'install_browser', command: 'apt-get install -y chromium', rootRequired: true };
}
