// One overall deadline for one unit of work (a tool call over MCP, an `occam read` / `occam digest` from a shell):
// an AbortSignal that aborts with a typed `timeout` when it passes, and the point in time the reading stages split
// what is left of (src/read/transcode.ts). Both callers get the same behaviour from the same code, so a page
// that never answers fails at the same moment from a shell and over MCP.
import { OccamError } from '../contract/failures.ts';

export interface Deadline {
  /** Aborts with a `timeout` OccamError when the deadline passes. */
  signal: AbortSignal;
  /** On the performance.now() clock, with the length it was started with. */
  at: number;
  ms: number;
  /** Stops the timer (the work ended first). */
  clear: () => void;
}

/** Starts a deadline of `ms` for `what` (named in the timeout message). */
export function startDeadline(ms: number, what: string): Deadline {
  const controller = new AbortController();
  const at = performance.now() + ms;
  const timer = setTimeout(() => controller.abort(new OccamError('timeout', `${what} reached its ${ms} ms deadline.`, { deadlineMs: ms })), ms);
  return { signal: controller.signal, at, ms, clear: () => clearTimeout(timer) };
}
