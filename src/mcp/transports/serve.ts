// Runs one transport plan until a stop signal: starts the server, prints its one listening line on stderr, and on
// SIGINT/SIGTERM/SIGHUP closes connections (aborting in-flight calls), services and the listener.
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { untilStopSignal } from './http.ts';
import { exitWithin } from './shutdown.ts';
import type { TransportPlan } from './options.ts';
import type { RunningServer } from './websocket.ts';

/** The stderr line each network mode prints once it listens (`streamable_http_mcp_listening` is tools.md §8). */
export const LISTENING_PREFIX = {
  ws: 'websocket_mcp_listening',
  http: 'streamable_http_mcp_listening',
  remote: 'remote_mcp_listening',
  batch: 'batch_server_listening',
} as const;

async function start(runtime: RuntimeContext, plan: TransportPlan): Promise<RunningServer> {
  const common = { port: plan.port, bind: plan.bind, maxMessageBytes: plan.maxMessageBytes };
  switch (plan.mode) {
    case 'ws':
      return (await import('./websocket.ts')).startLocalWebSocket(runtime, common);
    case 'http':
      return (await import('./streamable-http.ts')).startStreamableHttp(runtime, common);
    case 'remote':
      return (await import('./remote.ts')).startRemote(runtime, { ...common, auth: plan.remote! });
    case 'batch':
      return (await import('./batch-server.ts')).startBatchServer(runtime, common);
    default:
      throw new Error(`not a network mode: ${plan.mode}`);
  }
}

/** Resolves to the process exit code. */
export async function serveNetwork(runtime: RuntimeContext, plan: TransportPlan): Promise<number> {
  let running: RunningServer;
  try {
    running = await start(runtime, plan);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const why = e.code === 'EADDRINUSE' ? `port ${plan.port} is already in use` : (e.message ?? String(err));
    runtime.warn(`occam mcp: could not start (${why})`);
    return 1;
  }
  runtime.warn(`${LISTENING_PREFIX[plan.mode as keyof typeof LISTENING_PREFIX]}: ${running.url}`);
  if (plan.mode !== 'batch') {
    const { readHostConfig, surfaceNotice } = await import('../server.ts');
    const notice = surfaceNotice(readHostConfig({ ...runtime, warn: () => {} }));
    if (notice) runtime.warn(notice);
  }
  await untilStopSignal();
  // Drain first (health 503, no new work, in-flight work may finish within OCCAM_DRAIN_GRACE_MS); a second stop
  // signal cuts the drain short.
  const graceMs = readEnv<number>('OCCAM_DRAIN_GRACE_MS', runtime.env, runtime.warn);
  if (running.drain && graceMs > 0) {
    runtime.warn(`occam mcp: draining (up to ${graceMs} ms; signal again to stop now)`);
    await Promise.race([running.drain(graceMs), untilStopSignal()]);
  }
  // A connection or service that will not close never keeps the process past the grace period.
  exitWithin(0);
  await running.close();
  return 0;
}
