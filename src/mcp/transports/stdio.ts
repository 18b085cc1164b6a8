// stdio transport: one process, one connection, one session. stdout carries protocol frames only.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { VERSION } from '../../version.ts';
import { createHost, createOccamServer, exposedToolNames, newSession, surfaceNotice } from '../server.ts';
import { startBackgroundServices } from './background.ts';

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

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await services.disposeAll();
    await server.close().catch(() => {});
  };
  await new Promise<void>((resolve) => {
    const done = () => void shutdown().then(resolve);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, done);
    process.stdin.once('end', done);
    process.stdin.once('close', done);
    server.onclose = done;
    server.connect(new StdioServerTransport()).catch((err) => {
      runtime.warn(`[occam.mcp] stdio transport failed: ${(err as Error).message}`);
      done();
    });
  });
}
