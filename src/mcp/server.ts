// The MCP server core shared by every transport: joins the catalog (contract data), the implemented tool
// modules and the per-connection surface. One Server instance per connection; process-wide services are shared.
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  McpError,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type InitializeResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';
import { CATALOG, READING_TOOLS, type CatalogEntry } from '../contract/catalog.ts';
import { inFaultScope } from '../runtime/fault-policy.ts';
import { failureIn, normaliseError, nowIso, OccamError, topFailure } from '../contract/failures.ts';
import { instructionsFor } from '../contract/instructions.ts';
import { profileRank, type ProfileId } from '../contract/profiles.ts';
import { VERSION } from '../version.ts';
import { ClientCapabilityStore, outputBudgetFor } from './capabilities.ts';
import { Services } from '../runtime/services.ts';
import { SessionToolSurface } from '../runtime/surface.ts';
import type { SessionState, ToolContext, ToolModule, ToolResultObject } from './tool.ts';
import { IMPLEMENTED_TOOLS } from './tools/index.ts';
import { applyCachedExamGrade } from './tools/exam-submit.ts';
import { recordConnections } from './recording.ts';
import { observeToolCall } from '../runtime/metrics.ts';
import { LOCAL_TENANT } from '../runtime/tenant.ts';

/** The first protocol revision on which this server advertises tools.listChanged (seed 003, tools.md §6.7). */
export const LIST_CHANGED_MIN_REVISION = '2026-07-28';
/** Revisions this server negotiates: the SDK's plus the ones the Occam contract is written against. */
export const NEGOTIABLE_REVISIONS: readonly string[] = [LIST_CHANGED_MIN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS];

const OUTPUT_SCHEMA = {
  type: 'object' as const,
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
  additionalProperties: true,
};

/** The process-level configuration every connection starts from, read once from the env catalog. */
export interface HostConfig {
  bootProfile: ProfileId;
  locked: boolean;
  /** Opt-in gates that are on (env var names). */
  gatesOn: ReadonlySet<string>;
  /** The operator's ambient read budget (OCCAM_CLIENT_CONTEXT_TOKENS), sizing the host result caps; null: none. */
  resultBudgetTokens?: number | null;
}

/** Claude Code's own ceiling for a declared `anthropic/maxResultSizeChars` (a larger value is not honoured). */
export const HOST_RESULT_CHARS_MAX = 500_000;
/** Characters per budget token at most: the budget unit charges ASCII at 4 characters per token. */
const CHARS_PER_BUDGET_TOKEN = 4;
/** occam_digest returns up to this many pages, each with its own budget. */
const DIGEST_PAGES = 8;

/**
 * `_meta["anthropic/maxResultSizeChars"]` of a reading tool (issue 29): a host that spills results above its
 * default (Claude Code: about 25k tokens, to a file with a 2 KB preview) keeps a read inline up to this size.
 * Sized from the ambient budget when the operator set one (a read never exceeds it), else the host's ceiling.
 */
export function resultSizeCharsFor(tool: string, budgetTokens: number | null | undefined): number {
  if (!budgetTokens) return HOST_RESULT_CHARS_MAX;
  const pages = tool === 'occam_digest' ? DIGEST_PAGES : 1;
  return Math.min(HOST_RESULT_CHARS_MAX, budgetTokens * CHARS_PER_BUDGET_TOKEN * pages);
}

export function readHostConfig(runtime: RuntimeContext): HostConfig {
  const gatesOn = new Set<string>();
  for (const entry of CATALOG) {
    if (entry.gate && readEnv<boolean>(entry.gate, runtime.env)) gatesOn.add(entry.gate);
  }
  const contextTokens = readEnv<number | null>('OCCAM_CLIENT_CONTEXT_TOKENS', runtime.env);
  return {
    resultBudgetTokens: contextTokens ? outputBudgetFor(contextTokens) : null,
    bootProfile: readEnv<ProfileId>('OCCAM_PROFILE', runtime.env, runtime.warn),
    locked: readEnv<boolean>('OCCAM_PROFILE_LOCK', runtime.env),
    gatesOn,
  };
}

export function newSession(runtime: RuntimeContext, config: HostConfig, canNotify = true): SessionState {
  return {
    id: randomUUID(),
    surface: new SessionToolSurface(config.bootProfile, config.locked),
    capabilities: new ClientCapabilityStore(runtime.env, runtime.warn),
    clientInfo: null,
    protocolVersion: null,
    canNotify,
    extras: new Map(),
  };
}

interface Registered {
  entry: CatalogEntry;
  module: ToolModule;
  listing: Tool;
}

function publishTool(entry: CatalogEntry, module: ToolModule, config: HostConfig): Registered {
  const json = z.toJSONSchema(module.inputSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  const inputSchema = (module.publishSchema ? module.publishSchema(json) : json) as Tool['inputSchema'];
  return {
    entry,
    module,
    listing: {
      name: entry.name,
      description: module.description,
      inputSchema,
      outputSchema: OUTPUT_SCHEMA,
      annotations: { ...entry.annotations },
      ...(READING_TOOLS.includes(entry.name) ? { _meta: { 'anthropic/maxResultSizeChars': resultSizeCharsFor(entry.name, config.resultBudgetTokens) } } : {}),
    },
  };
}

/** Registered tools in catalog order: implemented, and (for opt-ins) gated on. Built once per process. */
export function registeredTools(config: HostConfig): Registered[] {
  const out: Registered[] = [];
  for (const entry of CATALOG) {
    const module = IMPLEMENTED_TOOLS.find((t) => t.name === entry.name);
    if (!module) continue;
    if (entry.kind === 'opt-in' && !config.gatesOn.has(entry.gate as string)) continue;
    out.push(publishTool(entry, module, config));
  }
  return out;
}

function onSurface(entry: CatalogEntry, profile: ProfileId): boolean {
  // Opt-in tools ignore profiles entirely when their gate is on (they are only registered then).
  return entry.kind === 'opt-in' || profileRank(entry.since as ProfileId) <= profileRank(profile);
}

/** Tool names a session exposes right now (what tools/list returns). */
export function exposedToolNames(tools: readonly Registered[], profile: ProfileId): string[] {
  return tools.filter((t) => onSurface(t.entry, profile)).map((t) => t.entry.name);
}

function revisionAtLeast(revision: string | null, min: string): boolean {
  return revision != null && revision >= min; // ISO dates compare lexically
}

/** tools.md §6.7: advertise listChanged only when the surface of this connection can really change. */
export function advertisesListChanged(config: HostConfig, tools: readonly Registered[], revision: string | null): boolean {
  if (!revisionAtLeast(revision, LIST_CHANGED_MIN_REVISION)) return false;
  if (config.gatesOn.has('OCCAM_EXAM_MCP') && tools.some((t) => t.entry.name === 'occam_exam_submit')) return true;
  if (config.locked) return false;
  return exposedToolNames(tools, config.bootProfile).includes('occam_client_capabilities');
}

function toCallResult(result: ToolResultObject): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: result,
    isError: result.ok === false,
  };
}

/** Type/presence problems are binding failures (tools.md §6.5); ranges and values are the tool's own failure. */
function isBindingIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.code === 'invalid_union';
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 4)
    .map((i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`.slice(0, 240))
    .join('; ');
}

export interface OccamServerOptions {
  runtime: RuntimeContext;
  services: Services;
  config: HostConfig;
  session: SessionState;
  tools?: Registered[];
}

/** Builds one MCP Server for one connection. */
export function createOccamServer(options: OccamServerOptions): Server {
  const { runtime, services, config, session } = options;
  const tools = options.tools ?? registeredTools(config);
  const byName = new Map(tools.map((t) => [t.entry.name, t]));
  const bootExposed = new Set(exposedToolNames(tools, config.bootProfile));

  const server = new Server(
    { name: 'occam', version: VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: instructionsFor(config.bootProfile, bootExposed),
    },
  );

  // Negotiate the revision ourselves so capability advertisement can depend on it (tools.md §6.7).
  const sdkInitialize = (server as unknown as { _oninitialize(r: unknown): Promise<InitializeResult> })._oninitialize.bind(server);
  server.setRequestHandler(InitializeRequestSchema, async (request) => {
    const result = await sdkInitialize(request);
    const requested = request.params.protocolVersion;
    const revision = NEGOTIABLE_REVISIONS.includes(requested) ? requested : result.protocolVersion;
    session.protocolVersion = revision;
    session.clientInfo = { name: request.params.clientInfo.name, version: request.params.clientInfo.version };
    let instructions = result.instructions;
    if (config.gatesOn.has('OCCAM_EXAM_MCP') && (await applyCachedExamGrade(session, services))) {
      // exam.md §8.4: a stored grade sized this connection's first surface, so its instructions are that surface's
      // (the §4 invariant: no profile's instructions name a tool it does not expose).
      const profile = session.surface.activeProfile;
      instructions = instructionsFor(profile, new Set(exposedToolNames(tools, profile)));
    }
    // A connection that cannot deliver notifications (stateless Streamable HTTP) never advertises them.
    const capabilities = { ...result.capabilities, tools: { listChanged: session.canNotify && advertisesListChanged(config, tools, revision) } };
    delete (capabilities as Record<string, unknown>).logging; // §6.4: never advertised
    return { ...result, protocolVersion: revision, capabilities, ...(instructions !== undefined ? { instructions } : {}) };
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.filter((t) => onSurface(t.entry, session.surface.activeProfile)).map((t) => t.listing),
  }));

  const notifyToolsChanged = async (): Promise<boolean> => {
    if (!session.canNotify) return false;
    try {
      await server.sendToolListChanged();
      return true;
    } catch (err) {
      runtime.warn(`[occam.mcp] tools/list_changed not delivered: ${(err as Error).message}`);
      return false;
    }
  };

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const registered = byName.get(name);
    if (!registered) {
      throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`);
    }
    const { entry, module } = registered;
    const profile = session.surface.activeProfile;
    if (!onSurface(entry, profile)) {
      return toCallResult(
        topFailure(
          'tool_not_on_surface',
          `${name} is not on the active surface (profile=${profile}). Re-list tools (tools/list) and use only those it returns; ` +
            'a wider surface needs an exam re-submit (occam_exam_submit, when enabled), a profile switch, or an operator pin (OCCAM_PROFILE).',
          { timestamp: nowIso(runtime.now) },
        ),
      );
    }

    const parsed = module.inputSchema.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      const detail = describeIssues(parsed.error.issues);
      if (parsed.error.issues.some(isBindingIssue)) {
        runtime.warn(`[occam.mcp] argument binding rejected tool=${name}: ${detail}`);
        return toCallResult(
          topFailure('invalid_arguments', `${detail} (tool: ${name})`, { timestamp: nowIso(runtime.now) }),
        );
      }
      return toCallResult(
        failureIn(entry.failureShape, 'invalid_arguments', `${detail} (tool: ${name})`, { timestamp: nowIso(runtime.now) }),
      );
    }

    const ctx: ToolContext = {
      runtime,
      session,
      services,
      signal: extra.signal,
      // A shared HTTP surface with authentication puts the principal in the SDK's authInfo (http-auth.ts).
      tenant: extra.authInfo?.clientId ?? LOCAL_TENANT,
      notifyToolsChanged,
      log: (line) => runtime.warn(line),
      progress: async (progress, total, message) => {
        const progressToken = request.params._meta?.progressToken;
        if (progressToken === undefined) return;
        const params = { progressToken, progress, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) };
        await extra.sendNotification({ method: 'notifications/progress', params }).catch(() => {});
      },
    };
    const started = Date.now();
    try {
      // Whatever this call starts is in its fault scope: a fault that escapes it is logged with the call's name and
      // survived (the call's deadline answers for it), never the end of the connection.
      const scope = { kind: 'tool', label: `${name} (session ${session.id})` } as const;
      const result = await inFaultScope(scope, () => module.handler(parsed.data, ctx));
      observeToolCall(name, started, result);
      return toCallResult(result);
    } catch (err) {
      const { code, message } = normaliseError(err);
      if (!(err instanceof OccamError)) {
        runtime.warn(`[occam.mcp] tool ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
      const details = err instanceof OccamError ? err.details : {};
      return toCallResult(failureIn(entry.failureShape, code, message, { ...details, timestamp: nowIso(runtime.now) }));
    }
  });

  recordConnections(server, runtime, session); // `occam mcp --record` / OCCAM_RECORD: no-op when off
  return server;
}

/**
 * The start-up notice every transport prints on stderr (exam.md §8.1): the boot surface and whether it is pinned
 * or may change during a connection. Empty when there is nothing beyond the banner to say.
 */
export function surfaceNotice(config: HostConfig): string | null {
  if (config.gatesOn.has('OCCAM_EXAM_MCP')) {
    return config.locked
      ? '[occam.mcp] OCCAM_PROFILE_LOCK=1: the tool surface is pinned; exam grades are recorded but not applied'
      : `[occam.mcp] exam path on: the tool surface starts at ${config.bootProfile} and may change after occam_exam_submit`;
  }
  return config.locked ? '[occam.mcp] OCCAM_PROFILE_LOCK=1: the tool surface is pinned' : null;
}

/** Convenience for one-connection hosts (stdio): config, services and a session in one call. */
export function createHost(runtime: RuntimeContext) {
  const config = readHostConfig(runtime);
  const services = new Services(runtime);
  const tools = registeredTools(config);
  return { config, services, tools };
}

