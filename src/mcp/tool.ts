// A tool is a small data object — name, description, zod input schema — plus one handler (the Playwright MCP
// shape). Its contract data (order, profile, gate, annotations, failure shape) lives in contract/catalog.ts.
// Handlers keep heavy imports inside the handler body (`await import(...)`) so tools/list stays cheap.
import type { z } from 'zod';
import { readEnv } from '../config/env.ts';
import { OccamError } from '../contract/failures.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import type { ClientCapabilityStore } from './capabilities.ts';
import type { Services } from '../runtime/services.ts';
import { startDeadline } from '../runtime/deadline.ts';
import type { SessionToolSurface } from '../runtime/surface.ts';

/** Per-connection state: each stdio process, WebSocket or remote connection owns one. */
export interface SessionState {
  id: string;
  surface: SessionToolSurface;
  capabilities: ClientCapabilityStore;
  /** `name/version` from initialize, once known. */
  clientInfo: { name: string; version: string } | null;
  /** Negotiated protocol revision, once known. */
  protocolVersion: string | null;
  /** Whether this connection can deliver notifications/tools/list_changed (false on stateless HTTP). */
  canNotify: boolean;
  /** Free slots for features that keep per-connection state (exam tracker, ...), keyed by feature id. */
  extras: Map<string, unknown>;
}

export interface ToolContext {
  runtime: RuntimeContext;
  session: SessionState;
  services: Services;
  /** Aborted when the client cancels the call or disconnects. */
  signal: AbortSignal;
  /**
   * Who owns what this call creates or reads back (batch jobs; src/runtime/tenant.ts): the authenticated principal
   * of a shared HTTP surface, else the one local tenant.
   */
  tenant?: string;
  /** Sends notifications/tools/list_changed; resolves true iff it was sent. Never throws. */
  notifyToolsChanged: () => Promise<boolean>;
  /** One diagnostic line on stderr. */
  log: (line: string) => void;
  /** notifications/progress for this call when the client sent a progressToken (else a no-op). Resolves once
   *  sent; never rejects. Await the last one before returning so the result cannot overtake it. */
  progress?: (progress: number, total?: number, message?: string) => Promise<void>;
  /** The call's overall deadline (OCCAM_TOOL_DEADLINE_MS or the call's own): `at` on the performance.now() clock.
   *  `signal` aborts with a `timeout` OccamError when it passes; stages split what is left. */
  deadline?: { at: number; ms: number };
}

/** Every tool returns one JSON object with an `ok` field (W1, W2). */
export type ToolResultObject = { ok: boolean } & Record<string, unknown>;

export interface ToolModule<Schema extends z.ZodObject<any> = z.ZodObject<any>> {
  name: string;
  description: string;
  inputSchema: Schema;
  /** Adjusts the published JSON Schema where zod cannot say it (e.g. a oneOf union). */
  publishSchema?: (jsonSchema: Record<string, unknown>) => Record<string, unknown>;
  /** A deadline the call itself asked for (e.g. `deadline_ms`); it may extend the default tool deadline. */
  callDeadlineMs?: (args: z.output<Schema>) => number | null | undefined;
  handler: (args: z.output<Schema>, ctx: ToolContext) => Promise<ToolResultObject>;
}

/** After the deadline a handler gets this long to return its own typed timeout before the backstop answers. */
export const DEADLINE_GRACE_MS = 2000;

/**
 * Every tool is built here, so every tool gets the same two rules (issue 14):
 *  - strict arguments: an unknown key is rejected with its name (the schema becomes a strict object);
 *  - one overall deadline (OCCAM_TOOL_DEADLINE_MS, default 45 s, below common 60 s client timeouts): the
 *    handler's signal aborts with `timeout` when it passes, and a handler that does not answer within
 *    DEADLINE_GRACE_MS after that is answered for, with a typed `timeout`. Client cancellation still aborts.
 */
export function defineTool<Schema extends z.ZodObject<any>>(tool: ToolModule<Schema>): ToolModule<Schema> {
  const inputSchema = tool.inputSchema.strict() as unknown as Schema;
  return {
    ...tool,
    inputSchema,
    publishSchema: (json) => portableSchema(tool.publishSchema ? tool.publishSchema(json) : json),
    handler: (args, ctx) => runWithDeadline(tool, args, ctx),
  };
}

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * The published JSON Schema in the portable subset clients handle (issue 14): an optional parameter is simply
 * not required — `null` stays accepted at run time but is not advertised (`anyOf [X, null]` and `type [t, "null"]`
 * become X / t); integers carry their documented ranges (a `.meta({minimum, maximum})` range of a clamped
 * parameter moves onto the integer) and never zod's ±2^53 defaults.
 */
export function portableSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    let out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = visit(v);
    const anyOf = out.anyOf as Array<Record<string, unknown>> | undefined;
    if (Array.isArray(anyOf)) {
      const rest = anyOf.filter((x) => x.type !== 'null');
      if (rest.length < anyOf.length) {
        const { anyOf: _drop, ...outer } = out;
        out = rest.length === 1 ? { ...rest[0], ...outer } : { ...outer, anyOf: rest };
      }
    }
    if (Array.isArray(out.type)) {
      const types = (out.type as string[]).filter((t) => t !== 'null');
      out.type = types.length === 1 ? types[0] : types;
    }
    if (out.type === 'integer' || out.type === 'number') {
      if (out.minimum === -SAFE) delete out.minimum;
      if (out.maximum === SAFE) delete out.maximum;
    }
    return out;
  };
  return visit(schema) as Record<string, unknown>;
}

async function runWithDeadline<Schema extends z.ZodObject<any>>(tool: ToolModule<Schema>, args: z.output<Schema>, ctx: ToolContext): Promise<ToolResultObject> {
  const base = readEnv<number>('OCCAM_TOOL_DEADLINE_MS', ctx.runtime.env, ctx.runtime.warn);
  const asked = tool.callDeadlineMs?.(args) ?? 0;
  const ms = base === 0 ? asked : Math.max(base, asked);
  if (!ms) return tool.handler(args, ctx);
  const started = performance.now();
  const deadline = startDeadline(ms, tool.name);
  let hard: NodeJS.Timeout | undefined;
  const backstop = new Promise<never>((_, reject) => {
    hard = setTimeout(
      () => reject(new OccamError('timeout', `${tool.name} did not finish within its ${ms} ms deadline.`, { deadlineMs: ms, elapsedMs: Math.round(performance.now() - started) })),
      ms + DEADLINE_GRACE_MS,
    );
  });
  try {
    const signal = AbortSignal.any([ctx.signal, deadline.signal]);
    return await Promise.race([tool.handler(args, { ...ctx, signal, deadline: { at: deadline.at, ms } }), backstop]);
  } finally {
    deadline.clear();
    clearTimeout(hard);
  }
}
