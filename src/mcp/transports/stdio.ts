// stdio transport: one process, one connection, one session. stdout carries protocol frames only. The process
// is the server: when the session ends (stdin closed, a stop signal, a broken stdout) it exits, within
// SHUTDOWN_GRACE_MS whatever is still winding down — a host that sends SIGTERM never waits on a wedged service.
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { VERSION } from '../../version.ts';
import { createHost, createOccamServer, exposedToolNames, newSession, surfaceNotice } from '../server.ts';
import { startBackgroundServices } from './background.ts';
import { LineFramedStdioTransport } from './stdio-framing.ts';
import { exitWithin } from './shutdown.ts';

/** Serves one stdio session, then ends the process (0 when the session ended normally, 1 when stdio broke). */
/** The one stderr line `occam mcp` prints when started by hand on a terminal. */
export const TERMINAL_HINT =
  'occam mcp: waiting for an MCP client on stdin/stdout — AI apps start this themselves (`occam connect` registers it with them); Ctrl-C quits.';

export async function serveStdio(runtime: RuntimeContext): Promise<void> {
  const { config, services, tools } = createHost(runtime);
  const session = newSession(runtime, config);
  const server = createOccamServer({ runtime, services, config, session, tools });
  startBackgroundServices(config, services);

  if (readEnv<boolean>('OCCAM_BANNER', runtime.env)) {
    const count = exposedToolNames(tools, config.bootProfile).length;
    runtime.warn(
      `occam ${VERSION} mcp (stdio) profile=${config.bootProfile}${config.locked ? ' (locked)' : ''} tools=${count}` +
        (config.gatesOn.size ? ` opt-in=${[...config.gatesOn].join(',')}` : ''),
    );
  }
  const notice = surfaceNotice(config);
  if (notice) runtime.warn(notice);
  // A person at a terminal, not an AI app: say what this is waiting for (AI apps read stdout, never this line).
  if (runtime.stdinIsTTY) runtime.warn(TERMINAL_HINT);

  let closing = false;
  const shutdown = async (code: number) => {
    if (closing) return;
    closing = true;
    process.exitCode = code;
    // Whatever does not close in time (a wedged browser, a slow store) does not keep the process alive.
    exitWithin(code);
    await services.disposeAll().catch(() => {});
    await server.close().catch(() => {});
    // Done: nothing else is served by this process (stdin and timers would otherwise keep it up). stdout is a
    // synchronous pipe on POSIX, so every frame already written has left.
    process.exit(code);
  };
  await new Promise<void>((resolve) => {
    const done = (code: number) => void shutdown(code).then(resolve);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => done(0));
    process.stdin.once('end', () => done(0));
    process.stdin.once('close', () => done(0));
    // A host that stopped reading (EPIPE) cannot be served any more.
    process.stdout.once('error', () => done(1));
    server.onclose = () => done(0);
    server.connect(new LineFramedStdioTransport({ warn: runtime.warn })).catch((err) => {
      runtime.warn(`[occam.mcp] stdio transport failed: ${(err as Error).message}`);
      done(1);
    });
  });
}
