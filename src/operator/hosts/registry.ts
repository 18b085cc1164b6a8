// The host adapter registry (operator.md §8) as data: one row per AI host with its method, validation tier,
// reachable verification level, config location, root key, entry shape and detection signals. Connect,
// disconnect, doctor, snippet, help text and the tests all read this table.
import { existsSync } from 'node:fs';
import type { Ctx } from '../proc.ts';
import { which } from '../proc.ts';
import { appDataDir, homeOf, localAppDataDir, pathApi, xdgConfigDir } from '../../config/paths.ts';
import { codexHome, configPathsOf, hermesHome, isNonEmptyDir, realProbe, vscodeUserDir, type FsProbe } from './paths.ts';

export type Method = 'cli' | 'config' | 'assisted';
export type Tier = 'A' | 'B' | 'C';
/** How the entry object looks in the host's file. */
export type Shape = 'standard' | 'vscode' | 'opencode' | 'codex-toml' | 'hermes-yaml' | 'goose-yaml' | 'none';

export interface HostAdapter {
  id: string;
  name: string;
  method: Method;
  tier: Tier;
  /** Highest verification level the adapter can observe (§7): 5 for CLIs that report status, 1 for files. */
  maxLevel: 5 | 1 | null;
  format: 'json' | 'toml' | 'yaml' | null;
  /** Path of the servers object inside the file. */
  rootKey: string[];
  /** Extra root keys accepted when inspecting (OpenClaw's top-level `mcpServers`). */
  altRootKeys?: string[][];
  shape: Shape;
  /** Whether the written entry carries `cwd`. */
  cwd: boolean;
  /** Executables whose presence on PATH detects the host. */
  executables: string[];
  /** Only the executable counts; a leftover dir is reported as residue (Hermes, OpenClaw). */
  executableOnly?: boolean;
  /** Extra detection signals beyond the config file: dirs that must be non-empty, or files/dirs that must exist. */
  signals?: (ctx: Ctx, probe: FsProbe) => Array<{ path: string; kind: 'non-empty-dir' | 'exists' }>;
  sessionHint?: string;
}

const dirs = (...paths: string[]) => paths.map((path) => ({ path, kind: 'non-empty-dir' as const }));

export const HOST_ADAPTERS: readonly HostAdapter[] = [
  {
    id: 'hermes', name: 'Hermes Agent', method: 'cli', tier: 'A', maxLevel: 5, format: 'yaml', rootKey: ['mcp_servers'],
    shape: 'hermes-yaml', cwd: false, executables: ['hermes'], executableOnly: true,
    signals: (ctx) => dirs(hermesHome(ctx)), sessionHint: 'start a new Hermes session',
  },
  {
    id: 'openclaw', name: 'OpenClaw', method: 'cli', tier: 'A', maxLevel: 5, format: 'json', rootKey: ['mcp', 'servers'],
    altRootKeys: [['mcpServers']], shape: 'standard', cwd: true, executables: ['openclaw'], executableOnly: true,
    signals: (ctx) => dirs(pathApi(ctx).join(homeOf(ctx), '.openclaw')),
    sessionHint: 'active agents pick it up on their next runtime build',
  },
  {
    id: 'claude-code', name: 'Claude Code', method: 'cli', tier: 'A', maxLevel: 5, format: 'json', rootKey: ['mcpServers'],
    shape: 'standard', cwd: false, executables: ['claude'], sessionHint: 'start a new Claude Code session',
  },
  {
    id: 'codex', name: 'Codex CLI', method: 'cli', tier: 'A', maxLevel: 5, format: 'toml', rootKey: ['mcp_servers'],
    shape: 'codex-toml', cwd: false, executables: ['codex'],
    signals: (ctx) => [{ path: codexHome(ctx), kind: 'exists' }],
    sessionHint: 'start a new Codex session',
  },
  {
    id: 'gemini', name: 'Gemini CLI', method: 'cli', tier: 'A', maxLevel: 5, format: 'json', rootKey: ['mcpServers'],
    shape: 'standard', cwd: false, executables: ['gemini'],
    signals: (ctx) => [{ path: pathApi(ctx).join(homeOf(ctx), '.gemini'), kind: 'exists' }],
    sessionHint: 'start a new Gemini CLI session',
  },
  {
    id: 'cursor', name: 'Cursor', method: 'config', tier: 'A', maxLevel: 1, format: 'json', rootKey: ['mcpServers'],
    shape: 'standard', cwd: true, executables: ['cursor'],
    signals: (ctx) => [{ path: pathApi(ctx).join(ctx.cwd, '.cursor', 'mcp.json'), kind: 'exists' }],
    sessionHint: 'reload MCP servers or restart Cursor',
  },
  {
    id: 'claude-desktop', name: 'Claude Desktop', method: 'config', tier: 'A', maxLevel: 1, format: 'json',
    rootKey: ['mcpServers'], shape: 'standard', cwd: false, executables: [],
    signals: (ctx, probe) => {
      const p = pathApi(ctx);
      if (ctx.platform === 'darwin') return [{ path: '/Applications/Claude.app', kind: 'exists' as const }, ...dirs(p.join(homeOf(ctx), 'Library', 'Application Support', 'Claude'))];
      if (ctx.platform === 'win32') {
        const packages = p.join(localAppDataDir(ctx), 'Packages');
        const msix = probe.list(packages).filter((n) => n.startsWith('Claude_')).map((n) => ({ path: p.join(packages, n), kind: 'exists' as const }));
        return [...msix, ...dirs(p.join(appDataDir(ctx), 'Claude'))];
      }
      return dirs(p.join(appDataDir(ctx), 'Claude'));
    },
    sessionHint: 'fully quit and relaunch Claude Desktop',
  },
  {
    id: 'vscode', name: 'VS Code / Copilot', method: 'config', tier: 'B', maxLevel: 1, format: 'json', rootKey: ['servers'],
    shape: 'vscode', cwd: true, executables: ['code', 'code-insiders'],
    signals: (ctx) => {
      const p = pathApi(ctx);
      const user = vscodeUserDir(ctx);
      return [
        ...dirs(p.join(homeOf(ctx), '.vscode', 'extensions'), p.join(homeOf(ctx), '.vscode-insiders', 'extensions'), p.join(user, 'globalStorage')),
        { path: p.join(user, 'settings.json'), kind: 'exists' as const },
      ];
    },
    sessionHint: 'Reload Window, then use Copilot Agent mode',
  },
  {
    id: 'cline', name: 'Cline', method: 'config', tier: 'B', maxLevel: 1, format: 'json', rootKey: ['mcpServers'],
    shape: 'standard', cwd: true, executables: [],
    signals: (ctx) => dirs(pathApi(ctx).join(appDataDir(ctx), 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev')),
    sessionHint: 'reopen the Cline panel',
  },
  {
    id: 'roo', name: 'Roo Code', method: 'config', tier: 'B', maxLevel: 1, format: 'json', rootKey: ['mcpServers'],
    shape: 'standard', cwd: true, executables: [],
    signals: (ctx) => dirs(pathApi(ctx).join(appDataDir(ctx), 'Code', 'User', 'globalStorage', 'rooveterinaryinc.roo-cline')),
    sessionHint: 'reopen the Roo Code panel',
  },
  {
    id: 'windsurf', name: 'Windsurf', method: 'config', tier: 'B', maxLevel: 1, format: 'json', rootKey: ['mcpServers'],
    shape: 'standard', cwd: true, executables: ['windsurf'],
    signals: (ctx) => dirs(pathApi(ctx).join(homeOf(ctx), '.codeium', 'windsurf'), pathApi(ctx).join(localAppDataDir(ctx), 'Programs', 'Windsurf')),
    sessionHint: 'refresh MCP servers in Windsurf settings',
  },
  {
    id: 'zed', name: 'Zed', method: 'config', tier: 'B', maxLevel: 1, format: 'json', rootKey: ['context_servers'],
    shape: 'standard', cwd: false, executables: ['zed'], sessionHint: 'restart Zed',
  },
  {
    id: 'opencode', name: 'OpenCode', method: 'config', tier: 'B', maxLevel: 1, format: 'json', rootKey: ['mcp'],
    shape: 'opencode', cwd: false, executables: ['opencode'],
    signals: (ctx) => dirs(pathApi(ctx).join(xdgConfigDir(ctx), 'opencode'), pathApi(ctx).join(homeOf(ctx), '.local', 'share', 'opencode')),
    sessionHint: 'start a new OpenCode session',
  },
  {
    id: 'goose', name: 'Goose', method: 'assisted', tier: 'B', maxLevel: null, format: 'yaml', rootKey: ['extensions'],
    shape: 'goose-yaml', cwd: false, executables: ['goose'],
  },
  {
    id: 'junie', name: 'JetBrains Junie', method: 'assisted', tier: 'C', maxLevel: null, format: null, rootKey: [],
    shape: 'none', cwd: false, executables: ['junie'],
    signals: (ctx) => {
      const p = pathApi(ctx);
      if (ctx.platform === 'win32') return dirs(p.join(localAppDataDir(ctx), 'JetBrains'));
      if (ctx.platform === 'darwin') return dirs(p.join(homeOf(ctx), 'Library', 'Application Support', 'JetBrains'));
      return dirs(p.join(homeOf(ctx), '.local', 'share', 'JetBrains'), p.join(homeOf(ctx), '.config', 'JetBrains'));
    },
  },
];

export const HOST_IDS: readonly string[] = HOST_ADAPTERS.map((a) => a.id);

export function adapterById(id: string): HostAdapter | undefined {
  return HOST_ADAPTERS.find((a) => a.id === id);
}

export interface Detection {
  detected: boolean;
  confidence: 'high' | 'medium' | 'low' | 'none';
  executable: string | null;
  configPath: string | null;
  candidates: string[];
  ambiguous: boolean;
  ambiguityReason: string | null;
  signals: string[];
  residue: boolean;
}

/** Detection of one adapter (§8 "Detection"). */
export function detectHost(ctx: Ctx, a: HostAdapter, probe: FsProbe = realProbe): Detection {
  const signals: string[] = [];
  let executable: string | null = null;
  for (const name of a.executables) {
    executable = which(ctx, name);
    if (executable) {
      signals.push(`executable:${executable}`);
      break;
    }
  }
  const candidates = configPathsOf(ctx, a.id, probe);
  const existing = candidates.filter((c) => probe.exists(c));
  let confidence: Detection['confidence'] = executable ? 'high' : 'none';
  for (const c of existing) signals.push(`config:${c}`);
  const extra = (a.signals?.(ctx, probe) ?? []).filter((s) => (s.kind === 'exists' ? probe.exists(s.path) : isNonEmptyDir(s.path, probe)));
  for (const s of extra) signals.push(`${s.kind === 'exists' ? 'path' : 'dir'}:${s.path}`);
  let residue = false;
  if (a.executableOnly) {
    residue = !executable && (existing.length > 0 || extra.length > 0);
  } else if (confidence === 'none') {
    if (existing.length > 0) confidence = 'high';
    else if (extra.length > 0) confidence = 'medium';
  }
  let ambiguous = false;
  let ambiguityReason: string | null = null;
  if (a.id === 'claude-desktop' && existing.length > 1) {
    ambiguous = true;
    ambiguityReason = 'both the classic and the Microsoft Store (MSIX) Claude Desktop config files exist';
  }
  if (a.id === 'vscode') {
    const profiles = vscodeProfileFiles(ctx, probe);
    if (profiles.length > 0) {
      ambiguous = true;
      ambiguityReason = 'VS Code profiles have their own mcp.json; open "MCP: Open User Configuration" in the profile you use';
      candidates.push(...profiles);
    }
  }
  const detected = confidence === 'high' || confidence === 'medium';
  return {
    detected,
    confidence,
    executable,
    configPath: a.method === 'assisted' && a.format === null ? null : (existing[0] ?? candidates[0] ?? null),
    candidates,
    ambiguous,
    ambiguityReason,
    signals,
    residue,
  };
}

function vscodeProfileFiles(ctx: Ctx, probe: FsProbe): string[] {
  const p = pathApi(ctx);
  const root = p.join(vscodeUserDir(ctx, probe), 'profiles');
  return probe.list(root).map((id) => p.join(root, id, 'mcp.json')).filter((f) => probe.exists(f));
}

/** Model runtimes: reported, never registered (§8). */
export const RUNTIMES: ReadonlyArray<{ id: string; name: string; executables: string[]; paths: (ctx: Ctx) => string[] }> = [
  { id: 'ollama', name: 'Ollama', executables: ['ollama'], paths: (ctx) => [pathApi(ctx).join(homeOf(ctx), '.ollama')] },
  { id: 'llama.cpp', name: 'llama.cpp', executables: ['llama-server', 'llama-cli', 'llama.cpp'], paths: () => [] },
  {
    id: 'lmstudio', name: 'LM Studio', executables: [],
    paths: (ctx) =>
      ctx.platform === 'win32'
        ? [pathApi(ctx).join(localAppDataDir(ctx), 'LM-Studio')]
        : ctx.platform === 'darwin'
          ? ['/Applications/LM Studio.app', pathApi(ctx).join(homeOf(ctx), '.lmstudio')]
          : [pathApi(ctx).join(homeOf(ctx), '.lmstudio')],
  },
  { id: 'mlx', name: 'MLX', executables: ['mlx_lm.server', 'mlx_lm.generate'], paths: () => [] },
];

export function detectRuntimes(ctx: Ctx): Array<{ id: string; name: string; signals: string[] }> {
  const out: Array<{ id: string; name: string; signals: string[] }> = [];
  for (const r of RUNTIMES) {
    if (r.id === 'mlx' && ctx.platform !== 'darwin') continue;
    const signals: string[] = [];
    for (const e of r.executables) {
      const found = which(ctx, e);
      if (found) signals.push(`executable:${found}`);
    }
    for (const path of r.paths(ctx)) if (existsSync(path)) signals.push(`path:${path}`);
    if (signals.length > 0) out.push({ id: r.id, name: r.name, signals });
  }
  return out;
}
