// The canary subsystem as process-wide services: the authority (secret, issue log, rate limiter) is created on
// first use; the probe HTTP host starts lazily when a probe is first issued over MCP. The reading pipeline asks
// `readCanaryProbe` whether a URL is this process's probe, and if so serves it in-process (trust.md §2.11) —
// the probe is the one private destination a read may reach, and it is reached without any network fetch.
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { defineService, type Services } from '../../runtime/services.ts';
import { CanaryAuthority, type CanaryLogEvent, type CanaryVerdict } from './authority.ts';
import { canaryOptionsFromEnv } from './options.ts';
import { probeMarkdown } from './probe-page.ts';
import { startProbeHost, type ProbeHost } from './probe-host.ts';

function logSink(runtime: RuntimeContext): (e: CanaryLogEvent) => void {
  if (!readEnv<boolean>('OCCAM_LOG', runtime.env)) return () => {};
  return ({ event, ...fields }) => runtime.warn(`[occam.canary] ${event} ${JSON.stringify(fields)}`);
}

/** Throws (CanaryOptionsError) when the configured options are invalid: the tools then answer canary_unavailable. */
export const canaryAuthorityService = defineService<CanaryAuthority>({
  id: 'trust.canary.authority',
  create: (runtime) => new CanaryAuthority({ options: canaryOptionsFromEnv(runtime), now: runtime.now, log: logSink(runtime) }),
  dispose: (authority) => authority.dispose(),
});

export interface RunningProbe {
  authority: CanaryAuthority;
  host: ProbeHost;
}

/** The probe host on 127.0.0.1:OCCAM_CANARY_MCP_PORT (0 = ephemeral); rejects when it cannot listen. */
export const canaryProbeService = defineService<RunningProbe>({
  id: 'trust.canary.probe-host',
  create: async (_runtime, services) => {
    const authority = await services.use(canaryAuthorityService);
    const host = await startProbeHost({ authority, port: authority.options.mcpPort, bind: '127.0.0.1', unref: true });
    return { authority, host };
  },
  dispose: ({ host }) => host.close(),
});

const PROBE_READ_PATH = /^\/probe\/canary\/([A-Za-z0-9._-]+)\/?$/;

async function runningProbe(services: Services): Promise<RunningProbe | null> {
  const pending = services.peek(canaryProbeService);
  if (!pending) return null;
  try {
    return await pending;
  } catch {
    return null;
  }
}

function probeSessionOf(probe: RunningProbe, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  const home = new URL(probe.host.listenUrl);
  if (u.protocol !== 'http:' || u.hostname !== home.hostname || u.port !== home.port) return null;
  const m = PROBE_READ_PATH.exec(u.pathname);
  if (!m || !probe.authority.isValidSessionId(m[1])) return null;
  return m[1];
}

/**
 * Whether `url` is the probe URL of this process's running canary host (http, same host and port, probe path,
 * valid session id). False when no probe host runs — then the URL is an ordinary private address.
 */
export async function isCanaryProbeUrl(services: Services, url: string): Promise<boolean> {
  const probe = await runningProbe(services);
  return probe !== null && probeSessionOf(probe, url) !== null;
}

/** What the pipeline returns for a probe URL read in-process. */
export interface CanaryProbeRead {
  url: string;
  finalUrl: string;
  statusCode: 200;
  backend: 'canary';
  markdown: string;
  /** `max(1, floor(len/4))`. */
  tokenEstimate: number;
  sessionId: string;
  bucket: number;
}

/**
 * For the reading pipeline (call before any fetch or guard): if `url` is this process's canary probe, issue again
 * (client id `mcp-transcode`) and return the probe as Markdown, with no network access; otherwise null and the
 * pipeline continues (its guard still blocks every other private URL).
 */
export async function readCanaryProbe(services: Services, url: string): Promise<CanaryProbeRead | null> {
  const probe = await runningProbe(services);
  if (!probe) return null;
  const sessionId = probeSessionOf(probe, url);
  if (sessionId === null) return null;
  const issued = probe.authority.issue(sessionId, 'mcp-transcode');
  const markdown = probeMarkdown(issued);
  return {
    url, finalUrl: url, statusCode: 200, backend: 'canary', markdown,
    tokenEstimate: Math.max(1, Math.floor(markdown.length / 4)), sessionId, bucket: issued.bucket,
  };
}

/** This process's sentinel verifier (for the capability exam); a fresh authority judges every sentinel unknown. */
export async function canaryVerifier(services: Services): Promise<(sessionId: string, sentinel: string) => CanaryVerdict> {
  const authority = await services.use(canaryAuthorityService);
  return (sessionId, sentinel) => authority.verify(sessionId, sentinel).verdict;
}
