// `occam read <url>`: the same pipeline as occam_transcode, from a shell. Markdown on stdout (or the full
// response with --json); failures exit 1 with the failure code on stderr. `--demo` reads the bundled
// representative article from a loopback server allowed for exactly that origin.
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { ClientCapabilityStore } from '../src/mcp/capabilities.ts';
import { Services } from '../src/runtime/services.ts';
import { EXIT, VerbError, intOption, printErr, printJson, printOut, wantsJson } from './output.ts';
import { describeFailure } from '../src/contract/failures.ts';
import { startCommandDeadline, timeoutOption } from './deadline.ts';

export function register(program: Command): void {
  program
    .command('read')
    .argument('[url]', 'absolute http(s) URL to read')
    .description('read a web page into compact Markdown (the occam_transcode pipeline)')
    .option('--json', 'print the transcode response as one JSON document (at --detail)')
    .option('--detail <level>', 'with --json: lean (default, OCCAM_RESPONSE_DETAIL) | standard | full')
    .option('--no-header', 'print the Markdown only, without the title — URL — date line')
    .option('--max-tokens <n>', 'token budget of what is printed (min 128); default: OCCAM_CLIENT_CONTEXT_TOKENS-derived budget, else none', intOption('--max-tokens'))
    .option('--focus <query>', 'keep the sections that answer this query first')
    .option('--section <heading>', 'read only this heading\'s section (e.g. one a truncated read left out)')
    .option('--fit', 'prune paragraphs that do not serve the focus')
    .option('--policy <policy>', 'http | browser | http_then_browser (default)')
    .option('--browser', 'read with the headless browser (same as --policy browser)')
    .option('--demo', 'serve the bundled representative article on 127.0.0.1 and read it')
    .option('--explain', 'print on stderr which extraction stage removed what, by which rule id (with --json --detail full: extraction.trace)')
    .option(...timeoutOption('read'))
    .addHelpText('after', '\nExit codes: 0 read · 1 ok:false (failure code on stderr) · 2 usage.\nDocs: docs/verbs/read.md')
    .action(async (url: string | undefined, opts) => {
      const json = wantsJson(opts);
      if (!opts.demo && !url) throw new VerbError('usage: occam read <url> (or --demo)', EXIT.usage, json ? { error: 'missing url' } : undefined);
      if (opts.demo && url) throw new VerbError('usage: --demo takes no url', EXIT.usage, json ? { error: '--demo takes no url' } : undefined);
      if (opts.maxTokens !== undefined && opts.maxTokens < 128) {
        throw new VerbError('--max-tokens must be at least 128', EXIT.usage, json ? { error: 'max_tokens must be at least 128.' } : undefined);
      }
      const runtime = processContext();
      const services = new Services(runtime);
      const capabilities = new ClientCapabilityStore(runtime.env, runtime.warn);
      const [{ transcode }, { resolveDetail, sourceLine }] = await Promise.all([import('../src/read/transcode.ts'), import('../src/read/detail.ts')]);
      let detail;
      try {
        detail = resolveDetail(opts.detail, runtime);
      } catch (err) {
        throw new VerbError((err as Error).message, EXIT.usage, json ? { error: (err as Error).message } : undefined);
      }
      // What the reader sees is what the budget counts: the printed header and Markdown, or the JSON document.
      const printed = (r: Record<string, unknown>) => `${opts.header === false ? '' : `${sourceLine(r)}\n\n`}${String(r.markdown ?? '')}`;
      const demo = opts.demo ? await (await import('../src/read/demo.ts')).startDemoServer() : null;
      const deadline = startCommandDeadline(runtime, opts.timeout, 'occam read');
      try {
        const result = await transcode(
          {
            url: demo ? demo.url : (url as string),
            ...(opts.maxTokens !== undefined ? { max_tokens: opts.maxTokens } : {}),
            ...(opts.focus ? { focus_query: opts.focus } : {}),
            ...(opts.section ? { section: opts.section } : {}),
            ...(opts.fit ? { fit_markdown: true } : {}),
            ...(opts.policy || opts.browser ? { backend_policy: opts.policy ?? 'browser' } : {}),
            // The JSON document is the response at --detail; plain output prints from the full one.
            detail: json ? detail : 'full',
          },
          {
            ...(json ? {} : { view: (r) => printed(r) }),
            runtime,
            services,
            resolveMaxTokens: (explicit) => capabilities.resolveMaxTokens(explicit),
            allowance: demo?.allowance ?? null,
            ...(opts.explain ? { explain: true } : {}),
            ...(deadline ? { signal: deadline.signal, deadlineAt: deadline.at } : {}),
          },
        );
        if (json) printJson(result);
        if (!result.ok) {
          printErr(`occam read: ${describeFailure(result.failure as { code: string; message: string })}`);
          process.exitCode = EXIT.failed;
          return;
        }
        if (!json) printOut(printed(result));
        if (opts.explain && !json) printErr(explanation(result.extraction as ExtractionExplained | undefined));
        if (demo && !json) {
          const md = Buffer.byteLength(String(result.markdown), 'utf8');
          const pct = Math.round((1 - md / demo.bodyBytes) * 1000) / 10;
          printErr(`occam read --demo: ${demo.bodyBytes} HTML bytes → ${md} Markdown bytes (${pct}% fewer bytes for this page; not a general savings claim)`);
        }
        const compile = result.compile as
          | { truncated?: boolean; omitted?: { manifest?: Array<{ heading: string; partial?: boolean }>; manifestSummary?: { sections: number; first?: { heading: string }; last?: { heading: string } } } }
          | undefined;
        if (!json && compile?.truncated) {
          const manifest = compile.omitted?.manifest ?? [];
          const left = manifest.filter((m) => !m.partial).map((m) => m.heading);
          const partly = manifest.filter((m) => m.partial).map((m) => m.heading);
          // Under a small budget the manifest travels as its summary (issue 14): name its span instead. Its first
          // section may be the one the read stops inside: that one is partly included, not left out.
          const summary = compile.omitted?.manifestSummary;
          if (!manifest.length && summary?.first && summary.last) {
            const firstIsPartial = String(result.markdown).split('\n').some((l) => /^#{1,6}\s/.test(l) && l.replace(/^#{1,6}\s+/, '').trim() === summary.first!.heading.trim());
            if (firstIsPartial) partly.push(summary.first.heading);
            const whole = summary.sections - (firstIsPartial ? 1 : 0);
            if (whole > 0) left.push(firstIsPartial ? `${whole} section(s) after it, through ${summary.last.heading}` : `${whole} section(s), ${summary.first.heading} … ${summary.last.heading}`);
          }
          const notes = [...(partly.length ? [`partly included: ${partly.join(' · ')}`] : []), ...(left.length ? [`left out: ${left.join(' · ')}`] : [])];
          printErr(`occam read: truncated to the budget${notes.length ? `; ${notes.join('; ')} (read one with --section)` : ''}`);
        }
        process.exitCode = EXIT.ok;
      } finally {
        deadline?.clear();
        await demo?.close();
        await services.disposeAll();
      }
    });
}

interface ExtractionExplained {
  pageType?: string;
  agreement?: number;
  candidate?: string;
  trace?: Array<{ stage: string; rule: string; removed: number; samples?: string[] }>;
}

/** `--explain` on stderr: the extraction's verdicts, then one line per stage and rule with the start of what it removed. */
function explanation(extraction: ExtractionExplained | undefined): string {
  if (!extraction) return 'occam read --explain: no extraction trace (the body was not HTML or a feed)';
  const head = `occam read --explain: page type ${extraction.pageType ?? '?'} · main content from the ${extraction.candidate ?? 'engine'} candidate · agreement with the second opinion ${extraction.agreement ?? 1}`;
  const lines = (extraction.trace ?? []).map((t) => {
    const sample = t.samples?.length ? `  «${t.samples[0]}»` : '';
    return `  ${t.stage.padEnd(13)} ${t.rule.padEnd(40)} ${String(t.removed).padStart(4)}${sample}`;
  });
  return [head, ...(lines.length ? ['  stage         rule                                     removed', ...lines] : ['  (no removals traced)'])].join('\n');
}
