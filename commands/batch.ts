// `occam batch submit|status|wait|results`: the operator's face of the batch job store — against the local store
// (the one OCCAM_STORE_URL selects; SQLite on this machine by default) or a running batch server (`--server`).
// Submitting locally queues the job; `wait` (or `submit --wait`) also works the queue from this process, beside any
// batch servers sharing the store. Exit codes scripts can gate on: 0 every item read · 1 some failed (or the job
// is unknown / unfinished at --timeout) · 2 usage.
import { existsSync, mkdirSync, renameSync, writeFileSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { OccamError } from '../src/contract/failures.ts';
import { readBoundedText, STDIN_PATH } from '../src/runtime/bounded-input.ts';
import { replaceFileExclusive } from '../src/runtime/files.ts';
import { EXIT, VerbError, intOption, paint, printErr, printJson, printOut, wantsJson } from './output.ts';
import type { BatchClient } from '../src/jobs/batch-client.ts';
import type { JobStatus, ResultItem } from '../src/jobs/batch-store.ts';


interface CommonOpts {
  json?: boolean;
  server?: string;
}

async function openClient(opts: CommonOpts, work: boolean): Promise<BatchClient> {
  const { localClient, serverClient } = await import('../src/jobs/batch-client.ts');
  if (opts.server) {
    try {
      return serverClient(opts.server, processContext());
    } catch (err) {
      throw new VerbError((err as Error).message, EXIT.usage);
    }
  }
  return localClient(processContext(), work);
}

/** URLs from arguments: `-` is stdin, an existing file is read one URL a line, anything else is a URL. */
export function collectUrls(args: string[], stdin: () => string): string[] {
  const lines: string[] = [];
  for (const arg of args) {
    if (arg === STDIN_PATH) lines.push(...stdin().split(/\r?\n/));
    else if (!/^[a-z][a-z0-9+.-]*:/i.test(arg) && existsSync(arg)) lines.push(...readBoundedText(arg, 'urlList', { allowStdin: false }).split(/\r?\n/));
    else lines.push(arg);
  }
  return lines.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}

function failOnReply(reply: { status: number; body: Record<string, unknown> }, json: boolean): never {
  const error = reply.body.error as { code?: string; message?: string } | undefined;
  if (json) printJson(reply.body);
  const code = error?.code === 'invalid_request' ? EXIT.usage : EXIT.failed;
  throw new VerbError(`occam batch: ${error?.code ?? `HTTP ${reply.status}`}: ${error?.message ?? 'request failed'}`, code);
}

async function statusOf(client: BatchClient, jobId: string, json: boolean): Promise<JobStatus> {
  const reply = await client.status(jobId);
  if (!reply.body.ok) failOnReply(reply, json);
  return reply.body as unknown as JobStatus;
}

const exitFor = (s: JobStatus) => (s.state === 'done' && s.progress.failed === 0 ? EXIT.ok : EXIT.failed);

function describeStatus(s: JobStatus): string {
  const p = s.progress;
  const pending = p.total - p.done - p.failed - p.running;
  return `${s.job_id}: ${s.state} — ${p.done}/${p.total} done, ${p.failed} failed, ${p.running} running, ${pending} pending`;
}

/** One progress line: bar, counts, rate and ETA from the items finished since waiting began. */
export function progressLine(p: JobStatus['progress'], startedAt: number, startFinished: number, now: number, width = 24): string {
  const finished = p.done + p.failed;
  const filled = p.total ? Math.round((finished / p.total) * width) : width;
  const seconds = Math.max((now - startedAt) / 1000, 0.001);
  const rate = (finished - startFinished) / seconds;
  const left = p.total - finished;
  const eta = rate > 0 ? formatDuration(left / rate) : '—';
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${finished}/${p.total} · ${p.done} done · ${p.failed} failed · ${p.running} running · ${rate.toFixed(1)}/s · ETA ${left === 0 ? '0s' : eta}`;
}

function formatDuration(s: number): string {
  if (!Number.isFinite(s)) return '—';
  if (s < 60) return `${Math.ceil(s)}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(Math.ceil(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

async function waitFor(client: BatchClient, jobId: string, opts: { json: boolean; timeoutS?: number; intervalMs?: number }): Promise<JobStatus> {
  const tty = Boolean(process.stderr.isTTY) && !opts.json;
  const started = Date.now();
  let status = await statusOf(client, jobId, opts.json);
  const startFinished = status.progress.done + status.progress.failed;
  let lastLine = 0;
  while (status.state !== 'done') {
    if (opts.timeoutS !== undefined && Date.now() - started > opts.timeoutS * 1000) break;
    const line = progressLine(status.progress, started, startFinished, Date.now());
    if (tty) process.stderr.write(`\r\x1b[2K${line}`);
    else if (!opts.json && Date.now() - lastLine > 10_000) {
      // Not a terminal (a log): one line every 10 s instead of a redrawn bar.
      printErr(line);
      lastLine = Date.now();
    }
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 250));
    status = await statusOf(client, jobId, opts.json);
  }
  if (tty) process.stderr.write(`\r\x1b[2K${progressLine(status.progress, started, startFinished, Date.now())}\n`);
  return status;
}

/** `0001-host-path.md`: ordered, readable, filesystem-safe. */
export function itemFileName(seq: number, url: string): string {
  let slug = url;
  try {
    const u = new URL(url);
    slug = `${u.hostname}${u.pathname}`;
  } catch {
    // keep the raw text
  }
  slug = slug.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'item';
  return `${String(seq + 1).padStart(4, '0')}-${slug}.md`;
}

export function writeResults(dir: string, jobId: string, status: JobStatus, items: ResultItem[]): { manifest: string; written: number } {
  mkdirSync(dir, { recursive: true });
  let written = 0;
  const entries = items.map((item, seq) => {
    const file = item.markdown !== null ? itemFileName(seq, item.url) : null;
    if (file) {
      replaceFileExclusive(join(dir, file), `<!-- source: ${item.url} -->\n${item.markdown}${item.markdown!.endsWith('\n') ? '' : '\n'}`);
      written += 1;
    }
    return { seq, url: item.url, state: item.state, ok: item.ok, file, backend: item.backend, tokens_estimated: item.tokens_estimated, failure: item.failure };
  });
  const manifest = join(dir, 'manifest.json');
  replaceFileExclusive(manifest, `${JSON.stringify({ job_id: jobId, state: status.state, progress: status.progress, items: entries }, null, 2)}\n`);
  return { manifest, written };
}

export function register(program: Command): void {
  const batch = program
    .command('batch')
    .description('queue many pages and collect their Markdown: submit, status, wait, results (local store or --server)')
    .addHelpText('after', '\nExit codes: 0 every item read · 1 some failed / unknown job / not finished · 2 usage.\nDocs: docs/verbs/batch.md, docs/scaling.md')
    .action(() => {
      batch.outputHelp({ error: true });
      throw new VerbError('usage: occam batch submit|status|wait|results …', EXIT.usage);
    });

  const serverOption = '--server <url>';
  const serverHelp = 'a batch server (`occam mcp --batch-server`, e.g. http://127.0.0.1:5051) instead of the local store';

  batch
    .command('submit')
    .argument('<source...>', 'a file with one URL a line, - for stdin, or URLs')
    .description('queue the URLs as one job (several, in order, when the list is longer than one job takes: OCCAM_BATCH_MAX_URLS); prints each job id on stdout')
    .option('--json', 'one JSON document: {ok, job_id, accepted_count, state[, progress]}')
    .option(serverOption, serverHelp)
    .option('--policy <policy>', 'http | browser | http_then_browser (default)')
    .option('--max-tokens <n>', 'token budget per page (min 128)', intOption('--max-tokens', 128))
    .option('--focus <query>', 'keep the parts of each page relevant to this query')
    .option('--no-fit', 'keep every paragraph (fit_markdown is on by default)')
    .option('--idempotency-key <key>', 'the same key within 24 h returns the existing job')
    .option('--wait', 'then wait until the job is done (with a local store, this process reads items too)')
    .option('--timeout <seconds>', 'with --wait: give up after this long (exit 1)', intOption('--timeout', 1, 7 * 24 * 3600))
    .action(async (sources: string[], opts) => {
      const json = wantsJson(opts);
      let urls: string[];
      try {
        urls = collectUrls(sources, () => readBoundedText(STDIN_PATH, 'urlList'));
      } catch (err) {
        if (err instanceof OccamError) throw new VerbError(`occam batch submit: ${err.code}: ${err.message}`, EXIT.usage);
        throw new VerbError(`occam batch submit: cannot read ${(err as Error).message}`, EXIT.usage);
      }
      if (urls.length === 0) throw new VerbError('occam batch submit: no URLs (one a line; blank lines and # comments are skipped)', EXIT.usage);
      const client = await openClient(opts, Boolean(opts.wait));
      try {
        const { splitIntoJobs } = await import('../src/jobs/batch-client.ts');
        // A list longer than one job takes is cut into several jobs, in order, instead of being refused.
        const chunks = splitIntoJobs(urls, await client.maxUrls());
        const submitted: Array<Record<string, unknown>> = [];
        for (const [i, chunk] of chunks.entries()) {
          const body: Record<string, unknown> = { urls: JSON.stringify(chunk), fit_markdown: opts.fit !== false };
          if (opts.policy) body.backend_policy = opts.policy;
          if (opts.maxTokens !== undefined) body.max_tokens = opts.maxTokens;
          if (opts.focus) body.focus_query = opts.focus;
          // Each part keeps its own key, so re-running the same split submission finds every part again.
          if (opts.idempotencyKey) body.idempotency_key = chunks.length === 1 ? opts.idempotencyKey : `${opts.idempotencyKey}#${i + 1}/${chunks.length}`;
          const reply = await client.submit(body);
          if (!reply.body.ok) failOnReply(reply, json);
          submitted.push(reply.body);
          if (!json) {
            const part = chunks.length > 1 ? ` (part ${i + 1} of ${chunks.length})` : '';
            printErr(paint(processContext(), json).dim(`occam batch: job ${String(reply.body.job_id)} — ${String(reply.body.accepted_count)} URL(s) queued in ${client.where}${part}`));
          }
        }
        const jobIds = submitted.map((b) => String(b.job_id));
        if (!json && !opts.wait && !opts.server) printErr(`  run \`occam batch wait ${jobIds.join(' ')}\` (or a batch server on this store) to read them`);
        const summary = (extra: (b: Record<string, unknown>, i: number) => Record<string, unknown> = () => ({})) =>
          submitted.length === 1
            ? { ...submitted[0], ...extra(submitted[0]!, 0) }
            : { ok: true, accepted_count: urls.length, jobs: submitted.map((b, i) => ({ ...b, ...extra(b, i) })) };
        if (!opts.wait) {
          if (json) printJson(summary());
          else jobIds.forEach((id) => printOut(id));
          return;
        }
        const statuses: JobStatus[] = [];
        for (const jobId of jobIds) statuses.push(await waitFor(client, jobId, { json, timeoutS: opts.timeout }));
        if (json) printJson(summary((_b, i) => ({ state: statuses[i]!.state, progress: statuses[i]!.progress })));
        else {
          jobIds.forEach((id) => printOut(id));
          statuses.forEach((st) => printErr(describeStatus(st)));
        }
        process.exitCode = statuses.every((st) => exitFor(st) === EXIT.ok) ? EXIT.ok : EXIT.failed;
      } finally {
        await client.close();
      }
    });

  batch
    .command('status')
    .argument('<job>', 'job id')
    .description('state and progress of a job')
    .option('--json', 'one JSON document: {ok, job_id, state, progress}')
    .option(serverOption, serverHelp)
    .action(async (jobId: string, opts) => {
      const json = wantsJson(opts);
      const client = await openClient(opts, false);
      try {
        const status = await statusOf(client, jobId, json);
        if (json) printJson({ ok: true, ...status });
        else printOut(describeStatus(status));
        process.exitCode = status.progress.failed > 0 ? EXIT.failed : EXIT.ok;
      } finally {
        await client.close();
      }
    });

  batch
    .command('wait')
    .argument('<job...>', 'job id(s), e.g. the parts of a split submission')
    .description('wait until the jobs are done, with a live progress bar on a terminal (done/failed/running, rate, ETA)')
    .option('--json', 'one JSON document at the end: {ok, job_id, state, progress} (several jobs: {ok, jobs:[…]})')
    .option(serverOption, serverHelp)
    .option('--timeout <seconds>', 'give up after this long per job (exit 1)', intOption('--timeout', 1, 7 * 24 * 3600))
    .action(async (jobIds: string[], opts) => {
      const json = wantsJson(opts);
      const client = await openClient(opts, true);
      try {
        const statuses: JobStatus[] = [];
        for (const jobId of jobIds) statuses.push(await waitFor(client, jobId, { json, timeoutS: opts.timeout }));
        const okOf = (st: JobStatus) => st.state === 'done' && st.progress.failed === 0;
        if (json) printJson(statuses.length === 1 ? { ok: okOf(statuses[0]!), ...statuses[0]! } : { ok: statuses.every(okOf), jobs: statuses.map((st) => ({ ok: okOf(st), ...st })) });
        else statuses.forEach((st) => printOut(describeStatus(st)));
        for (const st of statuses) if (st.state !== 'done') printErr(`occam batch wait: ${st.job_id} not finished after ${opts.timeout}s`);
        process.exitCode = statuses.every((st) => exitFor(st) === EXIT.ok) ? EXIT.ok : EXIT.failed;
      } finally {
        await client.close();
      }
    });

  batch
    .command('results')
    .argument('<job>', 'job id')
    .description('every item of a job: Markdown on stdout, or one file per item plus manifest.json with --out')
    .option('--json', 'one JSON document: {ok, job_id, state, progress, items}')
    .option(serverOption, serverHelp)
    .option('--out <dir>', 'write one Markdown file per item and manifest.json into this directory')
    .action(async (jobId: string, opts) => {
      const json = wantsJson(opts);
      const client = await openClient(opts, false);
      try {
        const status = await statusOf(client, jobId, json);
        const { allResults } = await import('../src/jobs/batch-client.ts');
        const { reply, items } = await allResults(client, jobId);
        if (!reply.body.ok) failOnReply(reply, json);
        const complete = status.state === 'done' && items.every((i) => i.ok);
        if (opts.out) {
          const { manifest, written } = writeResults(opts.out, jobId, status, items);
          if (json) printJson({ ok: complete, ...status, out: opts.out, manifest, files: written });
          else printErr(`occam batch results: ${written} Markdown file(s) and ${manifest}`);
        } else if (json) {
          printJson({ ok: complete, ...status, items });
        } else {
          items.forEach((item, seq) => {
            if (item.ok && item.markdown !== null) printOut(`<!-- ${seq + 1}/${items.length} source: ${item.url} -->\n${item.markdown}\n`);
            else printErr(`  ${seq + 1}. ${item.url}: ${item.failure ? `${item.failure.code}: ${item.failure.message}` : item.state}`);
          });
        }
        if (!json) printErr(describeStatus(status));
        process.exitCode = complete ? EXIT.ok : EXIT.failed;
      } finally {
        await client.close();
      }
    });

  // A missing argument or unknown option of a sub-verb is a usage error (exit 2), not commander's exit 1.
  for (const sub of batch.commands) sub.exitOverride();
}
