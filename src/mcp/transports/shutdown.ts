// The bound on every shutdown: a stop signal (SIGTERM, SIGINT) ends `occam mcp` within a second in every state.
// Graceful work (closing connections, the browser, stores) runs first; what has not finished by then is cut off
// by exiting — Chromium is killed with its parent by Playwright, and the stores are crash-safe by design.

/** Graceful shutdown may take this long before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 400;

let armed = false;

/** Exits with `code` after `ms` unless the process has already ended by itself (the timer never holds it up). */
export function exitWithin(code: number, ms: number = SHUTDOWN_GRACE_MS): void {
  if (armed) return;
  armed = true;
  setTimeout(() => process.exit(code), ms).unref();
}
