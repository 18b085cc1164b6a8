// Where each host keeps its MCP configuration (operator.md §8 table), per emulated OS. Pure: every path is
// derived from the RuntimeContext, so Linux tests can ask for the macOS and Windows answers.
import { existsSync, readdirSync } from 'node:fs';
import type { Ctx } from '../proc.ts';
import { appDataDir, homeOf, localAppDataDir, pathApi, xdgConfigDir } from '../../config/paths.ts';

const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v : undefined);

/** File-system probe used by detection; tests emulating Windows paths on Linux pass their own. */
export interface FsProbe {
  exists: (path: string) => boolean;
  /** Entries of a directory ([] when absent). */
  list: (path: string) => string[];
}

export const realProbe: FsProbe = {
  exists: (path) => existsSync(path),
  list: (path) => {
    try {
      return readdirSync(path);
    } catch {
      return [];
    }
  },
};

export function isNonEmptyDir(path: string, probe: FsProbe = realProbe): boolean {
  return probe.list(path).length > 0;
}

/** `<appData>/Code/User`, or the Insiders dir only when the `Code` dir is absent. */
export function vscodeUserDir(ctx: Ctx, probe: FsProbe = realProbe): string {
  const p = pathApi(ctx);
  const code = p.join(appDataDir(ctx), 'Code');
  const insiders = p.join(appDataDir(ctx), 'Code - Insiders');
  if (!probe.exists(code) && probe.exists(insiders)) return p.join(insiders, 'User');
  return p.join(code, 'User');
}

export function hermesHome(ctx: Ctx): string {
  const p = pathApi(ctx);
  const override = nonEmpty(ctx.env.HERMES_HOME);
  if (override) return override;
  if (ctx.platform === 'win32') return p.join(localAppDataDir(ctx), 'hermes');
  return p.join(homeOf(ctx), '.hermes');
}

/** Codex's home: `$CODEX_HOME` when set (as Codex itself and the peer installers read it), else `<home>/.codex`. */
export function codexHome(ctx: Ctx): string {
  return nonEmpty(ctx.env.CODEX_HOME) ?? pathApi(ctx).join(homeOf(ctx), '.codex');
}

/** Every candidate config file of Claude Desktop; on Windows the classic and each MSIX package location. */
export function claudeDesktopCandidates(ctx: Ctx, probe: FsProbe = realProbe): string[] {
  const p = pathApi(ctx);
  const file = 'claude_desktop_config.json';
  if (ctx.platform === 'darwin') return [p.join(homeOf(ctx), 'Library', 'Application Support', 'Claude', file)];
  if (ctx.platform !== 'win32') return [p.join(appDataDir(ctx), 'Claude', file)];
  const classic = p.join(appDataDir(ctx), 'Claude', file);
  const packages = p.join(localAppDataDir(ctx), 'Packages');
  const msix = probe
    .list(packages)
    .filter((name) => name.startsWith('Claude_'))
    .map((name) => p.join(packages, name, 'LocalCache', 'Roaming', 'Claude', file));
  return [classic, ...msix];
}

/** The primary config/store path of each adapter (first candidate). */
export function configPathsOf(ctx: Ctx, id: string, probe: FsProbe = realProbe): string[] {
  const p = pathApi(ctx);
  const home = homeOf(ctx);
  const appData = appDataDir(ctx);
  const xdg = xdgConfigDir(ctx);
  switch (id) {
    case 'hermes':
      return [p.join(hermesHome(ctx), 'config.yaml')];
    case 'openclaw':
      return [p.join(home, '.openclaw', 'openclaw.json')];
    case 'claude-code':
      return [p.join(home, '.claude.json')];
    case 'codex':
      return [p.join(codexHome(ctx), 'config.toml')];
    case 'gemini':
      return [p.join(home, '.gemini', 'settings.json')];
    case 'cursor':
      return [p.join(home, '.cursor', 'mcp.json')];
    case 'claude-desktop':
      return claudeDesktopCandidates(ctx, probe);
    case 'vscode':
      return [p.join(vscodeUserDir(ctx, probe), 'mcp.json')];
    case 'cline':
      return [p.join(appData, 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'settings', 'cline_mcp_settings.json')];
    case 'roo':
      return [p.join(appData, 'Code', 'User', 'globalStorage', 'rooveterinaryinc.roo-cline', 'settings', 'mcp_settings.json')];
    case 'windsurf':
      return [p.join(home, '.codeium', 'windsurf', 'mcp_config.json')];
    case 'zed':
      return [ctx.platform === 'win32' ? p.join(appData, 'Zed', 'settings.json') : p.join(xdg, 'zed', 'settings.json')];
    case 'opencode':
      return [ctx.platform === 'win32' ? p.join(home, '.config', 'opencode', 'opencode.json') : p.join(xdg, 'opencode', 'opencode.json')];
    case 'goose':
      return [ctx.platform === 'win32' ? p.join(appData, 'Block', 'goose', 'config', 'config.yaml') : p.join(xdg, 'goose', 'config.yaml')];
    default:
      return [];
  }
}
