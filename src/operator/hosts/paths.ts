// Where each host keeps its MCP configuration (operator.md §8 table), per emulated OS. Pure: every path is
// derived from the RuntimeContext, so Linux tests can ask for the macOS and Windows answers.
import { existsSync, readdirSync } from 'node:fs';
import type { Ctx } from '../proc.ts';
import { appDataDir, homeOf, localAppDataDir, pathApi, xdgConfigDir } from '../../config/paths.ts';

const nonEmpty = (v: string | undefined) => (v && v.trim() !== '' ? v : undefined);

export function isNonEmptyDir(path: string): boolean {
  try {
    return readdirSync(path).length > 0;
  } catch {
    return false;
  }
}

/** `<appData>/Code/User`, or the Insiders dir only when the `Code` dir is absent. */
export function vscodeUserDir(ctx: Ctx): string {
  const p = pathApi(ctx);
  const code = p.join(appDataDir(ctx), 'Code');
  const insiders = p.join(appDataDir(ctx), 'Code - Insiders');
  if (!existsSync(code) && existsSync(insiders)) return p.join(insiders, 'User');
  return p.join(code, 'User');
}

export function hermesHome(ctx: Ctx): string {
  const p = pathApi(ctx);
  const override = nonEmpty(ctx.env.HERMES_HOME);
  if (override) return override;
  if (ctx.platform === 'win32') return p.join(localAppDataDir(ctx), 'hermes');
  return p.join(homeOf(ctx), '.hermes');
}

/** Every candidate config file of Claude Desktop; on Windows the classic and each MSIX package location. */
export function claudeDesktopCandidates(ctx: Ctx): string[] {
  const p = pathApi(ctx);
  const file = 'claude_desktop_config.json';
  if (ctx.platform === 'darwin') return [p.join(homeOf(ctx), 'Library', 'Application Support', 'Claude', file)];
  if (ctx.platform !== 'win32') return [p.join(appDataDir(ctx), 'Claude', file)];
  const classic = p.join(appDataDir(ctx), 'Claude', file);
  const packages = p.join(localAppDataDir(ctx), 'Packages');
  const msix: string[] = [];
  try {
    for (const name of readdirSync(packages)) {
      if (name.startsWith('Claude_')) msix.push(p.join(packages, name, 'LocalCache', 'Roaming', 'Claude', file));
    }
  } catch {
    // no Packages dir
  }
  return [classic, ...msix];
}

/** The primary config/store path of each adapter (first candidate). */
export function configPathsOf(ctx: Ctx, id: string): string[] {
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
      return [p.join(home, '.codex', 'config.toml')];
    case 'gemini':
      return [p.join(home, '.gemini', 'settings.json')];
    case 'cursor':
      return [p.join(home, '.cursor', 'mcp.json')];
    case 'claude-desktop':
      return claudeDesktopCandidates(ctx);
    case 'vscode':
      return [p.join(vscodeUserDir(ctx), 'mcp.json')];
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
