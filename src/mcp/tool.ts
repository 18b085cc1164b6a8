// A tool is a small data object — name, description, zod input schema — plus one handler (the Playwright MCP
// shape). Its contract data (order, profile, gate, annotations, failure shape) lives in contract/catalog.ts.
// Handlers keep heavy imports inside the handler body (`await import(...)`) so tools/list stays cheap.
import type { z } from 'zod';
import type { RuntimeContext } from '../runtime/context.ts';
import type { ClientCapabilityStore } from './capabilities.ts';
import type { Services } from '../runtime/services.ts';
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
  /** Sends notifications/tools/list_changed; resolves true iff it was sent. Never throws. */
  notifyToolsChanged: () => Promise<boolean>;
  /** One diagnostic line on stderr. */
  log: (line: string) => void;
  /** notifications/progress for this call when the client sent a progressToken (else a no-op). Resolves once
   *  sent; never rejects. Await the last one before returning so the result cannot overtake it. */
  progress?: (progress: number, total?: number, message?: string) => Promise<void>;
}

/** Every tool returns one JSON object with an `ok` field (W1, W2). */
export type ToolResultObject = { ok: boolean } & Record<string, unknown>;

export interface ToolModule<Schema extends z.ZodObject<any> = z.ZodObject<any>> {
  name: string;
  description: string;
  inputSchema: Schema;
  /** Adjusts the published JSON Schema where zod cannot say it (e.g. a oneOf union). */
  publishSchema?: (jsonSchema: Record<string, unknown>) => Record<string, unknown>;
  handler: (args: z.output<Schema>, ctx: ToolContext) => Promise<ToolResultObject>;
}

export function defineTool<Schema extends z.ZodObject<any>>(tool: ToolModule<Schema>): ToolModule<Schema> {
  return tool;
}
