// `occam exam simulate` (issue 31): the H3 study end to end on synthetic agents of known competence, so the report's
// machinery is checked against a known truth. Scripted MCP SDK clients of three skill levels talk to a real Occam
// server (in-process, OCCAM_EXAM_MCP=1, every session recorded as `occam mcp --record` would) and read a real page
// from a loopback server. Two "model names" front them:
//   mock-medium-alpha — a medium agent in both phases;
//   mock-strong-beta  — a strong agent in phase 1, then a weak one behind the same name in phase 2.
// Each session sits the exam (canary through this host's authority, basic call, focus + budget, chain), submits it,
// then does its task on the surface it was given; the harness marks the task (completed, tools it needed). The report
// then runs over the transcripts. Known answer: the behavioural arm sees beta change (its tier variance is > 0 and
// phase-2 sessions are sized weak); the static map cannot (beta is `strong` by name throughout) and over-trusts.
import { appendFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { RuntimeContext } from '../runtime/context.ts';
import { Services } from '../runtime/services.ts';
import { createOccamServer, newSession, readHostConfig, registeredTools } from './server.ts';
import type { ExamIo } from '../exam/verbs.ts';
import { EXAM_EXIT } from '../exam/verbs.ts';
import { runReport } from '../exam/h3-study.ts';

export type Skill = 'strong' | 'medium' | 'weak';

export interface SyntheticAgent {
  model: string;
  phases: readonly [Skill, Skill];
}

export const SYNTHETIC_AGENTS: readonly SyntheticAgent[] = [
  { model: 'mock-medium-alpha', phases: ['medium', 'medium'] },
  { model: 'mock-strong-beta', phases: ['strong', 'weak'] },
];
/** The model name whose agent changes skill between the phases (what the behavioural arm must detect). */
export const CHANGED_MODEL = 'mock-strong-beta';
const CLIENT = { name: 'sim-agent', version: '1.0' };
/** Tools every synthetic task needs: reading pages. Any other tool after sizing is a wrong-tool pick. */
const TASK_TOOLS = ['occam'];
const TASK_CALLS = 3;

const ARTICLE = `<!doctype html><html><head><title>Rate limits</title></head><body><main><article>
<h1>Rate limits and retries</h1>
${Array.from({ length: 8 }, (_, i) => `<h2>Section ${i + 1}</h2><p>Requests above the documented limit receive status 429 with a Retry-After header. Clients should back off exponentially, starting at one second and doubling on each retry, and should never retry non-idempotent writes without an idempotency key. Paragraph ${i + 1} explains the window accounting in detail so that a reader can plan batch jobs around it.</p>`).join('\n')}
</article></main></body></html>`;

function startPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: HttpServer = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(ARTICLE);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: `http://127.0.0.1:${port}/guide/rate-limits`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

const jsonOf = (r: CallToolResult): Record<string, any> => (r.structuredContent as Record<string, any>) ?? JSON.parse((r.content?.[0] as { text?: string })?.text ?? '{}');

/** One scripted session: the exam, the submission, then the task on the granted surface. */
async function runAgent(client: Client, skill: Skill, model: string, page: string): Promise<{ completed: boolean }> {
  const call = async (name: string, args: Record<string, unknown>) => jsonOf((await client.callTool({ name, arguments: args })) as CallToolResult);
  await call('occam_client_capabilities', { context_tokens: 200_000, model_id: model });
  // canary: issued by this host; a reader copies the sentinel from the probe page, the weak agent guesses.
  const issued = await call('occam_canary_issue', {});
  let sentinel = 'guessed-sentinel-value';
  if (skill !== 'weak') {
    const probe = await call('occam', { url: issued.url });
    sentinel = /Sentinel: `([^`]+)`/.exec(String(probe.markdown ?? ''))?.[1] ?? sentinel;
  }
  await call('occam_canary_verify', { session_id: issued.sessionId, sentinel });
  // basic_call
  await call('occam', { url: skill === 'weak' ? 'guide/rate-limits' : page });
  // focus_budget: the medium agent opts out of budgeting (a budget above any context window)
  if (skill !== 'weak') await call('occam', { url: page, task: 'retry policy', budget: skill === 'strong' ? 800 : 999_999 });
  // chain: read, keep the contentHash, pass it back (the strong agent only)
  const first = await call('occam', { url: page });
  if (skill === 'strong' && typeof first.contentHash === 'string') await call('occam', { url: page, if_none_match: first.contentHash });
  await call('occam_exam_submit', {
    submission: JSON.stringify({ canarySentinel: sentinel, canarySessionId: issued.sessionId, basicCallArguments: { url: page } }),
  });
  // The task, on whatever surface the grade left: read the page for an answer.
  let ok = 0;
  for (let i = 0; i < TASK_CALLS; i++) {
    if (skill === 'weak') {
      // A weak agent reaches for a tool it does not need (hidden on its surface) and mangles the url.
      const r = await call(i === 0 ? 'occam_transcode' : 'occam', { url: `section-${i}` });
      if (r.ok) ok += 1;
    } else {
      const r = await call('occam', { url: page, task: 'how long to back off after a 429', budget: 800 });
      if (r.ok) ok += 1;
    }
  }
  return { completed: ok === TASK_CALLS };
}

export interface SimulateOptions {
  out: string | null;
  /** Sessions per agent and phase. */
  sessions: number;
  seed: number;
  json: boolean;
}

/** Runs the synthetic sessions (recorded into a directory) and returns that directory. */
export async function simulateSessions(base: RuntimeContext, o: { out: string | null; sessions: number }): Promise<string> {
  const dir = o.out ?? mkdtempSync(join(tmpdir(), 'occam-h3-sim-'));
  const home = mkdtempSync(join(tmpdir(), 'occam-h3-home-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base.env)) if (v !== undefined && !k.startsWith('OCCAM_')) env[k] = v;
  Object.assign(env, { HOME: home, OCCAM_EXAM_MCP: '1', OCCAM_RECORD: `${dir}/`, OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_BANNER: '0' });
  const runtime: RuntimeContext = { ...base, env, homeDir: home, warn: () => {} };
  const services = new Services(runtime);
  const config = readHostConfig(runtime);
  const tools = registeredTools(config);
  const page = await startPage();
  try {
    for (const phase of [0, 1] as const) {
      for (let i = 0; i < o.sessions; i++) {
        for (const agent of SYNTHETIC_AGENTS) {
          const session = newSession(runtime, config);
          const server = createOccamServer({ runtime, services, config, session, tools });
          const [a, b] = InMemoryTransport.createLinkedPair();
          await server.connect(a);
          const client = new Client(CLIENT);
          await client.connect(b);
          const { completed } = await runAgent(client, agent.phases[phase], agent.model, page.url);
          await client.close();
          await server.close();
          // The harness marks the task in the session's own transcript (docs/exam-h3.md).
          const file = readdirSync(dir).find((f) => f.endsWith(`-${session.id}.jsonl`));
          if (file) appendFileSync(join(dir, file), `${JSON.stringify({ session: session.id, occamTask: { completed, neededTools: TASK_TOOLS, phase: phase + 1 } })}\n`);
        }
      }
    }
  } finally {
    await page.close();
    await services.disposeAll();
  }
  return dir;
}

export async function runSimulate(o: SimulateOptions, io: ExamIo, runtime: RuntimeContext): Promise<number> {
  const dir = await simulateSessions(runtime, o);
  io.err(`[exam.simulate] ${o.sessions * 2 * SYNTHETIC_AGENTS.length} session(s) recorded in ${dir}\n`);
  const code = await runReport({ targets: [dir], markdown: o.out ? join(dir, 'h3.md') : null, modelMap: null, seed: o.seed, json: o.json }, io);
  return code === EXAM_EXIT.ok ? EXAM_EXIT.ok : code;
}
