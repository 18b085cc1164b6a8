// operator.md §8 path table under emulated linux / darwin / win32 contexts (#12) and Claude Desktop's
// Windows ambiguity (#11), with a file-system probe so Windows paths can be emulated on Linux.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testContext } from '../../../src/runtime/context.ts';
import { configPathsOf, type FsProbe } from '../../../src/operator/hosts/paths.ts';
import { HOST_ADAPTERS, adapterById, detectHost } from '../../../src/operator/hosts/registry.ts';

const linux = testContext({ platform: 'linux', homeDir: '/home/u', env: { HOME: '/home/u' } });
const darwin = testContext({ platform: 'darwin', homeDir: '/Users/u', env: { HOME: '/Users/u' } });
const win = testContext({
  platform: 'win32', homeDir: 'C:\\Users\\u',
  env: { USERPROFILE: 'C:\\Users\\u', APPDATA: 'C:\\Users\\u\\AppData\\Roaming', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' },
});

const EXPECTED: Record<string, [string, string, string]> = {
  hermes: ['/home/u/.hermes/config.yaml', '/Users/u/.hermes/config.yaml', 'C:\\Users\\u\\AppData\\Local\\hermes\\config.yaml'],
  openclaw: ['/home/u/.openclaw/openclaw.json', '/Users/u/.openclaw/openclaw.json', 'C:\\Users\\u\\.openclaw\\openclaw.json'],
  'claude-code': ['/home/u/.claude.json', '/Users/u/.claude.json', 'C:\\Users\\u\\.claude.json'],
  codex: ['/home/u/.codex/config.toml', '/Users/u/.codex/config.toml', 'C:\\Users\\u\\.codex\\config.toml'],
  gemini: ['/home/u/.gemini/settings.json', '/Users/u/.gemini/settings.json', 'C:\\Users\\u\\.gemini\\settings.json'],
  cursor: ['/home/u/.cursor/mcp.json', '/Users/u/.cursor/mcp.json', 'C:\\Users\\u\\.cursor\\mcp.json'],
  'claude-desktop': [
    '/home/u/.config/Claude/claude_desktop_config.json',
    '/Users/u/Library/Application Support/Claude/claude_desktop_config.json',
    'C:\\Users\\u\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
  ],
  vscode: ['/home/u/.config/Code/User/mcp.json', '/Users/u/Library/Application Support/Code/User/mcp.json', 'C:\\Users\\u\\AppData\\Roaming\\Code\\User\\mcp.json'],
  cline: [
    '/home/u/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    '/Users/u/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json',
    'C:\\Users\\u\\AppData\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\settings\\cline_mcp_settings.json',
  ],
  roo: [
    '/home/u/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json',
    '/Users/u/Library/Application Support/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json',
    'C:\\Users\\u\\AppData\\Roaming\\Code\\User\\globalStorage\\rooveterinaryinc.roo-cline\\settings\\mcp_settings.json',
  ],
  windsurf: ['/home/u/.codeium/windsurf/mcp_config.json', '/Users/u/.codeium/windsurf/mcp_config.json', 'C:\\Users\\u\\.codeium\\windsurf\\mcp_config.json'],
  zed: ['/home/u/.config/zed/settings.json', '/Users/u/.config/zed/settings.json', 'C:\\Users\\u\\AppData\\Roaming\\Zed\\settings.json'],
  opencode: ['/home/u/.config/opencode/opencode.json', '/Users/u/.config/opencode/opencode.json', 'C:\\Users\\u\\.config\\opencode\\opencode.json'],
  goose: ['/home/u/.config/goose/config.yaml', '/Users/u/.config/goose/config.yaml', 'C:\\Users\\u\\AppData\\Roaming\\Block\\goose\\config\\config.yaml'],
};

const emptyProbe: FsProbe = { exists: () => false, list: () => [] };

test('operator.md #12: every adapter resolves exactly the §8 paths on linux, darwin and win32', () => {
  for (const a of HOST_ADAPTERS) {
    if (a.id === 'junie') {
      assert.deepEqual(configPathsOf(linux, a.id, emptyProbe), [], 'junie has no confirmed path');
      continue;
    }
    const [l, d, w] = EXPECTED[a.id];
    assert.deepEqual(configPathsOf(linux, a.id, emptyProbe), [l], `${a.id} linux`);
    assert.deepEqual(configPathsOf(darwin, a.id, emptyProbe), [d], `${a.id} darwin`);
    assert.deepEqual(configPathsOf(win, a.id, emptyProbe), [w], `${a.id} win32`);
  }
});

test('operator.md #12: XDG_CONFIG_HOME and HERMES_HOME overrides apply where §2/§8 say', () => {
  const xdg = testContext({ platform: 'linux', homeDir: '/home/u', env: { HOME: '/home/u', XDG_CONFIG_HOME: '/xdg', HERMES_HOME: '/srv/hermes' } });
  assert.deepEqual(configPathsOf(xdg, 'zed', emptyProbe), ['/xdg/zed/settings.json']);
  assert.deepEqual(configPathsOf(xdg, 'opencode', emptyProbe), ['/xdg/opencode/opencode.json']);
  assert.deepEqual(configPathsOf(xdg, 'goose', emptyProbe), ['/xdg/goose/config.yaml']);
  assert.deepEqual(configPathsOf(xdg, 'vscode', emptyProbe), ['/xdg/Code/User/mcp.json']);
  assert.deepEqual(configPathsOf(xdg, 'claude-desktop', emptyProbe), ['/xdg/Claude/claude_desktop_config.json']);
  assert.deepEqual(configPathsOf(xdg, 'hermes', emptyProbe), ['/srv/hermes/config.yaml']);
  // CODEX_HOME, as Codex itself reads it (issue 16); an empty value falls back to ~/.codex.
  const codex = (env: Record<string, string>, platform: 'linux' | 'win32' = 'linux') =>
    configPathsOf(testContext({ platform, homeDir: platform === 'win32' ? 'C:\\Users\\v' : '/home/u', env: { HOME: '/home/u', USERPROFILE: 'C:\\Users\\v', ...env } }), 'codex', emptyProbe);
  assert.deepEqual(codex({ CODEX_HOME: '/srv/codex' }), ['/srv/codex/config.toml']);
  assert.deepEqual(codex({ CODEX_HOME: ' ' }), ['/home/u/.codex/config.toml']);
  assert.deepEqual(codex({ CODEX_HOME: 'D:\\codex' }, 'win32'), ['D:\\codex\\config.toml']);
  const macXdg = testContext({ platform: 'darwin', homeDir: '/Users/u', env: { HOME: '/Users/u', XDG_CONFIG_HOME: '/xdg' } });
  assert.deepEqual(configPathsOf(macXdg, 'zed', emptyProbe), ['/xdg/zed/settings.json']);
  assert.deepEqual(configPathsOf(macXdg, 'vscode', emptyProbe), ['/Users/u/Library/Application Support/Code/User/mcp.json'], 'appData ignores XDG on macOS');
  const winNoVars = testContext({ platform: 'win32', homeDir: 'C:\\Users\\v', env: { USERPROFILE: 'C:\\Users\\v' } });
  assert.deepEqual(configPathsOf(winNoVars, 'zed', emptyProbe), ['C:\\Users\\v\\AppData\\Roaming\\Zed\\settings.json']);
  assert.deepEqual(configPathsOf(winNoVars, 'hermes', emptyProbe), ['C:\\Users\\v\\AppData\\Local\\hermes\\config.yaml']);
});

test('operator.md #12: VS Code Insiders is used only when the Code dir is absent', () => {
  const probe = (dirs: string[]): FsProbe => ({ exists: (p) => dirs.includes(p), list: () => [] });
  assert.deepEqual(configPathsOf(linux, 'vscode', probe(['/home/u/.config/Code - Insiders'])), ['/home/u/.config/Code - Insiders/User/mcp.json']);
  assert.deepEqual(configPathsOf(linux, 'vscode', probe(['/home/u/.config/Code', '/home/u/.config/Code - Insiders'])), ['/home/u/.config/Code/User/mcp.json']);
});

test('operator.md #11: Claude Desktop on emulated Windows with classic and MSIX files → ambiguous; macOS path; no cwd', () => {
  const classic = 'C:\\Users\\u\\AppData\\Roaming\\Claude\\claude_desktop_config.json';
  const packages = 'C:\\Users\\u\\AppData\\Local\\Packages';
  const msix = `${packages}\\Claude_pzs8sxrjxfjjc\\LocalCache\\Roaming\\Claude\\claude_desktop_config.json`;
  const files = new Set([classic, msix]);
  const probe: FsProbe = { exists: (p) => files.has(p), list: (p) => (p === packages ? ['Claude_pzs8sxrjxfjjc', 'Other_1'] : []) };
  const a = adapterById('claude-desktop')!;
  const det = detectHost(win, a, probe);
  assert.equal(det.ambiguous, true);
  assert.deepEqual(det.candidates, [classic, msix]);
  // Only the classic file → not ambiguous.
  files.delete(msix);
  assert.equal(detectHost(win, a, probe).ambiguous, false);
  assert.deepEqual(configPathsOf(darwin, 'claude-desktop', emptyProbe), ['/Users/u/Library/Application Support/Claude/claude_desktop_config.json']);
  assert.equal(a.cwd, false);
});

test('operator.md §8: a Windows MSIX Claude package dir alone detects Claude Desktop; the claude binary does not', () => {
  const packages = 'C:\\Users\\u\\AppData\\Local\\Packages';
  const probe: FsProbe = { exists: (p) => p === `${packages}\\Claude_abc`, list: (p) => (p === packages ? ['Claude_abc'] : []) };
  const det = detectHost(win, adapterById('claude-desktop')!, probe);
  assert.equal(det.detected, true);
  assert.equal(det.confidence, 'medium');
  assert.equal(adapterById('claude-desktop')!.executables.length, 0, 'the claude binary is Claude Code, never Claude Desktop');
});
