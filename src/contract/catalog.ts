// The tool catalog as data (tools.md §2, §4.1, W7, §7.1): every core and opt-in tool, in wire order, with the
// narrowest profile that exposes it, its env gate, annotations and failure shape. Profiles, instructions,
// docs and tests read this table; nothing else keeps a list of tool names.
import { PROFILES, profileRank, type ProfileId } from './profiles.ts';
import type { FailureShape } from './failures.ts';

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: true;
}

export interface CatalogEntry {
  name: string;
  kind: 'core' | 'opt-in';
  /** Core tools: the narrowest profile that exposes it (profiles are nested). */
  since: ProfileId | null;
  /** Opt-in tools: the env gate that registers it. */
  gate: string | null;
  annotations: ToolAnnotations;
  failureShape: FailureShape;
}

const RO: ToolAnnotations = { readOnlyHint: true, openWorldHint: true };
const WRITE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
const OPEN: ToolAnnotations = { openWorldHint: true };

const core = (name: string, since: ProfileId, annotations: ToolAnnotations, failureShape: FailureShape): CatalogEntry => ({
  name, kind: 'core', since, gate: null, annotations, failureShape,
});
const optIn = (name: string, gate: string, annotations: ToolAnnotations, failureShape: FailureShape): CatalogEntry => ({
  name, kind: 'opt-in', since: null, gate, annotations, failureShape,
});

/** Wire order: the frozen core order of §2.1, then opt-ins in the order of §2.2. */
export const CATALOG: readonly CatalogEntry[] = [
  core('occam_client_capabilities', 'reader', RO, 'top'),
  core('occam', 'minimal', OPEN, 'nested'),
  core('occam_transcode', 'reader', RO, 'nested'),
  core('occam_probe', 'reader', RO, 'top'),
  core('occam_digest', 'basic', RO, 'top'),
  core('occam_playbook_resolve', 'full', RO, 'top'),
  core('occam_map', 'reader', RO, 'top'),
  core('occam_playbook_heal', 'full', WRITE, 'top'),
  core('occam_playbook_save', 'full', WRITE, 'top'),
  core('occam_extract_knowledge', 'reader', RO, 'top'),
  core('occam_search', 'basic', RO, 'nested'),
  core('occam_verify', 'reader', RO, 'top'),
  core('occam_claim_check', 'researcher', RO, 'nested'),
  core('occam_attest', 'auditor', RO, 'nested'),
  core('occam_playbook_lint', 'auditor', RO, 'top'),
  core('occam_dataset_export', 'auditor', RO, 'nested'),
  core('occam_canary_issue', 'reader', OPEN, 'nested'),
  core('occam_canary_verify', 'reader', OPEN, 'nested'),
  optIn('occam_batch_submit', 'OCCAM_BATCH_MCP', { readOnlyHint: false, openWorldHint: true }, 'batch'),
  optIn('occam_batch_status', 'OCCAM_BATCH_MCP', RO, 'batch'),
  optIn('occam_batch_results', 'OCCAM_BATCH_MCP', RO, 'batch'),
  optIn('occam_watch', 'OCCAM_WATCH_MCP', RO, 'nested'),
  optIn('occam_crosscheck', 'OCCAM_CONSENSUS_MCP', RO, 'top'),
  optIn('occam_failure_atlas', 'OCCAM_ATLAS_MCP', RO, 'top'),
  optIn('occam_browser_interact', 'OCCAM_BROWSER_ACTIONS_MCP', WRITE, 'top'),
  optIn('occam_exam_submit', 'OCCAM_EXAM_MCP', OPEN, 'nested'),
];

export const CORE_TOOLS = CATALOG.filter((t) => t.kind === 'core');
export const OPT_IN_TOOLS = CATALOG.filter((t) => t.kind === 'opt-in');
export const ALL_TOOL_NAMES: readonly string[] = CATALOG.map((t) => t.name);
export const OPT_IN_GATES: readonly string[] = [...new Set(OPT_IN_TOOLS.map((t) => t.gate as string))];

export function catalogEntry(name: string): CatalogEntry | undefined {
  return CATALOG.find((t) => t.name === name);
}

/** Core tools a profile exposes (contract membership, regardless of what is implemented). */
export function coreToolsOf(profile: ProfileId): CatalogEntry[] {
  return CORE_TOOLS.filter((t) => profileRank(t.since as ProfileId) <= profileRank(profile));
}

/** Contract sizes per profile, derived from the table (1/3/11/12/15/18). */
export function profileSizes(): Record<ProfileId, number> {
  return Object.fromEntries(PROFILES.map((p) => [p, coreToolsOf(p).length])) as Record<ProfileId, number>;
}

/** The tools that read pages for an agent: each takes `detail` and declares a host result cap (issue 29). */
export const READING_TOOLS: readonly string[] = ['occam', 'occam_transcode', 'occam_digest', 'occam_map', 'occam_probe'];
