// The process-level fault policy (docs/security.md, "A page cannot end the process"): what happens when an error
// escapes every handler — an unhandled promise rejection or an uncaught exception. Node's default ends the process,
// so one bad page (or one bug reached by it) would drop every other client of a server. Instead:
//
//  - every fault is logged on stderr with the scope it happened in: the tool call, batch item or browser pool whose
//    asynchronous work raised it (an AsyncLocalStorage scope, entered where that work starts);
//  - an unhandled rejection never ends the process: a rejected promise leaves no half-run synchronous code behind,
//    and the call that should have awaited it still ends at its own deadline;
//  - an uncaught exception inside a scope is survived too: the scope's work is per call, and every scope has a
//    deadline that answers for it (tool calls OCCAM_TOOL_DEADLINE_MS, renders OCCAM_BROWSER_TIMEOUT_MS);
//  - an uncaught exception outside any scope (the transport, the process's own start-up or shutdown) leaves state
//    nobody can vouch for: the process exits with UNKNOWN_FAULT_EXIT_CODE after the log line.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Where a fault happened, as it is logged: `kind` is a fixed word, `label` names the call or component. */
export interface FaultScope {
  kind: 'tool' | 'batch-item' | 'browser-pool';
  label: string;
}

/** EX_SOFTWARE (sysexits.h): an internal error, distinct from 1 (the command failed) and 2 (usage). */
export const UNKNOWN_FAULT_EXIT_CODE = 70;

/** How many stack frames a fault line keeps (where it happened, without flooding the log). */
const STACK_FRAMES_LOGGED = 3;

const scopes = new AsyncLocalStorage<FaultScope>();

/** Runs `work` (and everything asynchronous it starts) inside `scope`. */
export function inFaultScope<T>(scope: FaultScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The scope of the code running now, if any. */
export function currentFaultScope(): FaultScope | undefined {
  return scopes.getStore();
}

export type FaultKind = 'unhandled_rejection' | 'uncaught_exception';

export interface FaultDecision {
  keepServing: boolean;
  /** The one stderr line (the stack's first frames on continuation lines). */
  line: string;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return `non-error value ${String(error).slice(0, 200)}`;
  const head = `${error.name}: ${error.message.split('\n')[0].slice(0, 300)}`;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, STACK_FRAMES_LOGGED);
  return [head, ...frames].join('\n');
}

/** The policy itself, without side effects. */
export function decideFault(kind: FaultKind, error: unknown, scope: FaultScope | undefined): FaultDecision {
  const keepServing = kind === 'unhandled_rejection' || scope !== undefined;
  const where = scope ? `in ${scope.kind} ${scope.label}` : 'outside any call';
  const outcome = keepServing ? 'the process keeps serving' : `the process exits ${UNKNOWN_FAULT_EXIT_CODE}`;
  return { keepServing, line: `[occam.fault] ${kind} ${where} (${outcome}): ${describe(error)}` };
}

export interface FaultPolicyDeps {
  warn: (line: string) => void;
  exit: (code: number) => void;
}

let installed: (() => void) | null = null;

/**
 * Installs the policy for this process (once; entry points call it before serving). Returns the uninstaller.
 * The handlers run in the async context of the fault, so the scope they log is the one that raised it.
 */
export function installFaultPolicy(deps: FaultPolicyDeps = { warn: (line) => process.stderr.write(`${line}\n`), exit: (code) => process.exit(code) }): () => void {
  if (installed) return installed;
  const handle = (kind: FaultKind) => (error: unknown) => {
    const decision = decideFault(kind, error, currentFaultScope());
    try {
      deps.warn(decision.line);
    } catch {
      // stderr gone: the decision still stands
    }
    if (!decision.keepServing) deps.exit(UNKNOWN_FAULT_EXIT_CODE);
  };
  const onRejection = handle('unhandled_rejection');
  const onException = handle('uncaught_exception');
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  installed = () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    installed = null;
  };
  return installed;
}
