// `occam smoke` core (operator.md §12): start `occam mcp`, handshake, tools/list against the effective profile's
// count, then (unless offline) one occam_probe call — of the bundled demo page on loopback, or of --url. The report is one JSON object.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { EnvMap } from '../runtime/context.ts';
import type { StdioEntry } from './entry.ts';
import { expectedToolCount } from './verify.ts';
import { startDemoServer } from '../read/demo.ts';

/** What the probe reads without `--url`: the bundled demo article, served on 127.0.0.1 — no network needed. */
export const DEMO_PROBE = 'the bundled demo page';

export interface SmokeReport {
  ok: boolean;
  profile: string;
  expected: number;
  steps: {
    initialize: { ok: boolean; server?: string };
    toolsList: { ok: boolean; count: number; names: string[] };
    /** `target`: `demo` (the bundled page on loopback, the default) or `url` (`--url`, a live page). */
    probe?: { ok: boolean; url: string; target: 'demo' | 'url'; suggestedNextTool: string | null };
  };
  errors: string[];
}

export async function runSmoke(entry: StdioEntry, baseEnv: EnvMap, o: { offline?: boolean; url?: string; requestTimeoutMs?: number; overallTimeoutMs?: number }): Promise<SmokeReport> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(baseEnv)) if (typeof v === 'string') env[k] = v;
  Object.assign(env, entry.env, { OCCAM_BANNER: '0' });
  // Without --url the probe reads the bundled demo page from this process; the server started for this one
  // smoke session may reach loopback for it (it serves nothing else and exits with the session).
  const demo = !o.offline && !o.url ? await startDemoServer() : null;
  if (demo) env.OCCAM_ALLOW_PRIVATE_URLS = '1';
  const { profile, count: expected } = expectedToolCount(env);
  const report: SmokeReport = { ok: false, profile, expected, steps: { initialize: { ok: false }, toolsList: { ok: false, count: 0, names: [] } }, errors: [] };
  const timeout = o.requestTimeoutMs ?? 60_000;
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env, cwd: entry.cwd, stderr: 'pipe' });
  const client = new Client({ name: 'occam-smoke', version: '1.0.0' });
  let timer: NodeJS.Timeout | undefined;
  const overall = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`smoke exceeded ${(o.overallTimeoutMs ?? 120_000) / 1000} s`)), o.overallTimeoutMs ?? 120_000);
  });
  const steps = async () => {
    await client.connect(transport, { timeout });
    report.steps.initialize = { ok: true, server: client.getServerVersion()?.name };
    const list = await client.listTools(undefined, { timeout });
    const names = list.tools.map((t) => t.name).filter((n) => n.startsWith('occam'));
    report.steps.toolsList = { ok: names.length === expected, count: names.length, names };
    if (names.length !== expected) report.errors.push(`tools/list returned ${names.length} occam tools, expected ${expected} for profile ${profile}`);
    if (!o.offline) {
      const url = demo ? demo.url : (o.url as string);
      const res = await client.callTool({ name: 'occam_probe', arguments: { url, detail: 'standard' } }, undefined, { timeout });
      const text = (res.content as Array<{ type: string; text?: string }>).find((c) => c.type === 'text')?.text ?? '{}';
      const body = (res.structuredContent ?? JSON.parse(text)) as { ok?: boolean; failureCode?: string; failure?: { code?: string }; agentHints?: { suggestedNextTool?: string } };
      const hint = body.agentHints?.suggestedNextTool ?? null;
      report.steps.probe = { ok: body.ok === true && Boolean(hint), url, target: demo ? 'demo' : 'url', suggestedNextTool: hint };
      if (!report.steps.probe.ok) {
        const code = body.failureCode ?? body.failure?.code;
        const network = demo ? '' : ' (a --url probe needs the network; without --url smoke probes the bundled demo page offline)';
        report.errors.push(`occam_probe ${url} did not return ok:true with agentHints.suggestedNextTool${code ? `: ${code}` : ''}${network}`);
      }
    }
  };
  try {
    await Promise.race([steps(), overall]);
  } catch (err) {
    report.errors.push((err as Error).message);
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
    await demo?.close();
  }
  report.ok = report.errors.length === 0 && report.steps.initialize.ok && report.steps.toolsList.ok && (o.offline || report.steps.probe?.ok === true);
  return report;
}
