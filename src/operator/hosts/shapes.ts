// Entry shapes per host (operator.md §8): how the canonical stdio entry is encoded into and decoded from each
// host's file, plus inspection of what a host currently has under `ff-occam`.
import { stringify as toYaml } from 'yaml';
import { stringify as toToml } from 'smol-toml';
import type { Ctx } from '../proc.ts';
import type { HostAdapter } from './registry.ts';
import type { Detection } from './registry.ts';
import { decodeStandard, isManaged, SERVER_NAME, type StdioEntry } from '../entry.ts';
import { loadJsonConfig, objectAt, readToml, readYaml } from '../config-edit.ts';

/** The desired entry for one host: `cwd` only where the host's profile includes it. */
export function entryForHost(a: HostAdapter, desired: StdioEntry): StdioEntry {
  const e: StdioEntry = { command: desired.command, args: [...desired.args], env: { ...desired.env } };
  if (a.cwd && desired.cwd) e.cwd = desired.cwd;
  return e;
}

/** The JSON object written into the host's file. */
export function encodeEntry(a: HostAdapter, e: StdioEntry): Record<string, unknown> {
  if (a.shape === 'opencode') {
    // No `cwd`: opencode 1.0.x–1.3.x reject the whole config file for it (OpencodeMcpLocal is a strict object).
    return { type: 'local', command: [e.command, ...e.args], enabled: true, environment: { ...e.env } };
  }
  const out: Record<string, unknown> = a.shape === 'vscode' ? { type: 'stdio' } : {};
  out.command = e.command;
  out.args = [...e.args];
  out.env = { ...e.env };
  if (e.cwd) out.cwd = e.cwd;
  return out;
}

export function decodeEntry(a: HostAdapter, raw: unknown): StdioEntry | null {
  if (a.shape === 'opencode') {
    if (!raw || typeof raw !== 'object') return null;
    const o = raw as Record<string, unknown>;
    if (!Array.isArray(o.command) || o.command.length === 0) return decodeStandard(raw);
    const [command, ...args] = o.command.map(String);
    return decodeStandard({ command, args, env: o.environment ?? o.env, cwd: o.cwd });
  }
  return decodeStandard(raw);
}

export interface Inspection {
  /** `readonly`: the file is read-only — reported, never written. */
  state: 'absent' | 'present' | 'refuse' | 'readonly' | 'ambiguous' | 'undecodable' | 'unknown';
  configPath: string | null;
  entry: StdioEntry | null;
  raw: unknown;
  managed: boolean;
  /** Host marks the entry disabled (Hermes `enabled: false`, OpenCode `enabled: false`). */
  disabled: boolean;
  error: string | null;
}

/** Reads what the host has under `ff-occam` now (never writes). */
export function inspectHost(ctx: Ctx, a: HostAdapter, det: Detection, occamHome: string): Inspection {
  const configPath = det.configPath;
  const base: Inspection = { state: 'absent', configPath, entry: null, raw: null, managed: false, disabled: false, error: null };
  if (det.ambiguous) return { ...base, state: 'ambiguous', error: det.ambiguityReason };
  if (!configPath || a.format === null) return { ...base, state: 'unknown' };
  let raw: unknown;
  try {
    if (a.format === 'json') {
      const loaded = loadJsonConfig(configPath, a.rootKey);
      if (loaded.state === 'refuse') return { ...base, state: 'refuse', error: loaded.error };
      if (loaded.state === 'readonly') {
        // A read-only file can still be read to report health; it is never rewritten.
        raw = objectAt(loaded.data, a.rootKey)?.[SERVER_NAME];
        const entry = raw === undefined ? null : decodeEntry(a, raw);
        return { ...base, state: 'readonly', raw, entry, managed: entry ? isManaged(entry, ctx, occamHome) : false, error: loaded.error };
      }
      raw = objectAt(loaded.data, a.rootKey)?.[SERVER_NAME];
      for (const alt of a.altRootKeys ?? []) if (raw === undefined) raw = objectAt(loaded.data, alt)?.[SERVER_NAME];
    } else if (a.format === 'toml') {
      raw = objectAt(readToml(configPath), a.rootKey)?.[SERVER_NAME];
    } else {
      raw = objectAt(readYaml(configPath), a.rootKey)?.[SERVER_NAME];
      if (a.shape === 'goose-yaml' && raw && typeof raw === 'object') {
        const g = raw as Record<string, unknown>;
        raw = { command: g.cmd, args: g.args, env: g.envs, enabled: g.enabled };
      }
    }
  } catch (err) {
    return { ...base, state: 'refuse', error: (err as Error).message };
  }
  if (raw === undefined) return base;
  const entry = decodeEntry(a, raw);
  if (!entry) return { ...base, state: 'undecodable', raw, error: `${configPath}: "${SERVER_NAME}" is not a stdio entry` };
  const disabled = Boolean(raw && typeof raw === 'object' && (raw as Record<string, unknown>).enabled === false);
  return { ...base, state: 'present', raw, entry, managed: isManaged(entry, ctx, occamHome), disabled };
}

/** Paste-ready registration text for a host (assisted hosts, refusals, `occam snippet`). */
export function pasteGuidance(a: HostAdapter | null, e: StdioEntry): { format: 'json' | 'yaml' | 'toml'; text: string; instructions: string } {
  const plain = { command: e.command, args: e.args, env: e.env };
  if (a?.id === 'goose') {
    const doc = {
      extensions: {
        [SERVER_NAME]: { name: SERVER_NAME, type: 'stdio', cmd: e.command, args: e.args, envs: e.env, enabled: true, timeout: 300 },
      },
    };
    return {
      format: 'yaml',
      text: toYaml(doc),
      instructions: 'Add this under `extensions:` in the Goose config.yaml, or run `goose configure` → Add Extension → stdio.',
    };
  }
  if (a?.id === 'hermes') {
    return {
      format: 'yaml',
      text: toYaml({ mcp_servers: { [SERVER_NAME]: { ...plain, enabled: true } } }),
      instructions: 'Add this under `mcp_servers:` in the Hermes config.yaml, or run `occam connect --only hermes`.',
    };
  }
  if (a?.id === 'codex') {
    return {
      format: 'toml',
      text: toToml({ mcp_servers: { [SERVER_NAME]: plain } }),
      instructions: 'Append this to Codex\'s config.toml ($CODEX_HOME/config.toml, by default ~/.codex/config.toml), or run `occam connect --only codex`.',
    };
  }
  const body = a && a.shape !== 'none' && a.method !== 'assisted' ? encodeEntry(a, entryForHost(a, e)) : plain;
  const root = a && a.rootKey.length > 0 && a.method !== 'assisted' ? a.rootKey : ['mcpServers'];
  let doc: Record<string, unknown> = { [SERVER_NAME]: body };
  for (const key of [...root].reverse()) doc = { [key]: doc };
  const where =
    a?.id === 'junie'
      ? 'Paste it into the JetBrains MCP settings (Settings → Tools → AI Assistant → Model Context Protocol).'
      : a
        ? `Merge it into ${a.name}'s MCP configuration.`
        : 'Merge it into your MCP host configuration.';
  return { format: 'json', text: `${JSON.stringify(doc, null, 2)}\n`, instructions: where };
}
