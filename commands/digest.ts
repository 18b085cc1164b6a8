// `occam digest <url...>`: several pages for one question (the occam_digest pipeline) from a shell. Unlike the
// MCP tool (at most 8 URLs per call), the CLI reads every URL given; progress goes to stderr.
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { ClientCapabilityStore } from '../src/mcp/capabilities.ts';
import { Services } from '../src/runtime/services.ts';
import { EXIT, VerbError, intOption, paint, printErr, printJson, printOut, wantsJson } from './output.ts';
import { describeFailure } from '../src/contract/failures.ts';
import { startCommandDeadline, timeoutOption } from './deadline.ts';

export function register(program: Command): void {
  program
    .command('digest')
    .argument('[urls...]', 'absolute http(s) URLs to read')
    .description('read several pages for one question; one combined Markdown document, per-page results in order')
    .option('--json', 'print the digest response as one JSON document (at --detail)')
    .option('--detail <level>', 'with --json: lean (default, OCCAM_RESPONSE_DETAIL) | standard | full')
    .option('--focus <query>', 'the question; each page reports whether it matched')
    .option('--per-url-max-tokens <n>', 'token budget per page (min 128)', intOption('--per-url-max-tokens', 128))
    .option('--policy <policy>', 'http | browser | http_then_browser (default)')
    .option('--no-fit', 'keep every paragraph (fit_markdown is on by default for digests)')
    .option('--source <url>', 'discover the URLs from this site (sitemap, then homepage links) instead')
    .option('--max-links <n>', 'with --source: how many discovered links to read (1–8)', intOption('--max-links', 1, 8))
    .option('--timeout-ms <n>', 'per-page deadline (1000–300000 ms)', intOption('--timeout-ms', 1000, 300_000))
    .option(...timeoutOption('digest'))
    .addHelpText('after', '\nExit codes: 0 at least one page read · 1 every page failed · 2 usage.\nDocs: docs/verbs/digest.md')
    .action(async (urls: string[], opts) => {
      const json = wantsJson(opts);
      if (urls.length === 0 && !opts.source) {
        throw new VerbError('usage: occam digest <url...> (or --source <url>)', EXIT.usage, json ? { error: 'no urls' } : undefined);
      }
      const runtime = processContext();
      const services = new Services(runtime);
      const capabilities = new ClientCapabilityStore(runtime.env, runtime.warn);
      const [{ digest, parseDigestUrls, DIGEST_MAX_ENTRIES }, { OccamError }, { resolveDetail }] = await Promise.all([
        import('../src/read/digest.ts'),
        import('../src/contract/failures.ts'),
        import('../src/read/detail.ts'),
      ]);
      let detail;
      try {
        detail = resolveDetail(opts.detail, runtime);
      } catch (err) {
        throw new VerbError((err as Error).message, EXIT.usage, json ? { error: (err as Error).message } : undefined);
      }
      const deadline = startCommandDeadline(runtime, opts.timeout, 'occam digest');
      const deps = {
        runtime,
        services,
        resolveMaxTokens: (explicit: number | null) => capabilities.resolveMaxTokens(explicit),
        ...(deadline ? { signal: deadline.signal, deadlineAt: deadline.at } : {}),
      };
      const c = paint(runtime, json);
      try {
        let entries;
        let discovered: string[] | undefined;
        if (opts.source) {
          const { discoverForDigest } = await import('../src/read/digest-discovery.ts');
          discovered = await discoverForDigest(opts.source, opts.maxLinks ?? 8, opts.focus ?? null, deps);
          entries = discovered.map((url) => ({ url, focusQuery: null }));
        } else {
          entries = parseDigestUrls(urls);
        }
        if (!json) printErr(c.dim(`occam digest: reading ${entries.length} page(s)…`));
        const result = await digest(
          {
            entries,
            maxUrls: DIGEST_MAX_ENTRIES,
            backendPolicy: opts.policy ?? null,
            perUrlMaxTokens: opts.perUrlMaxTokens ?? null,
            focusQuery: opts.focus ?? null,
            fitMarkdown: opts.fit !== false,
            includeCombined: true,
            sessionProfile: null,
            ifNoneMatch: null,
            deadlineMs: opts.timeoutMs ?? null,
            sourceUrl: opts.source ?? null,
            discoveredLinks: discovered,
            // The JSON document is the digest at --detail; plain output prints the combined document.
            detail: json ? detail : 'full',
          },
          deps,
          json
            ? undefined
            : (p) => printErr(`  [${p.done}/${p.total}] ${p.ok ? c.green('ok  ') : c.red(p.code ?? 'fail')} ${p.url}`),
        );
        if (json) printJson(result);
        else if (result.ok) printOut(String(result.combined ?? ''));
        if (!result.ok) {
          if (!json) printErr(`occam digest: ${describeFailure({ code: String(result.failureCode), message: String(result.message) })}`);
          process.exitCode = EXIT.failed;
          return;
        }
        const items = (result.items ?? []) as Array<{ ok: boolean }>;
        const stats = (result.stats as { succeeded: number; failed: number } | undefined) ?? { succeeded: items.filter((i) => i.ok).length, failed: items.filter((i) => !i.ok).length };
        if (!json) printErr(c.dim(`occam digest: ${stats.succeeded} read, ${stats.failed} failed`));
        process.exitCode = EXIT.ok;
      } catch (err) {
        if (err instanceof OccamError) {
          if (json) printJson({ ok: false, failureCode: err.code, message: err.message });
          throw new VerbError(describeFailure({ code: err.code, message: err.message }), err.code === 'invalid_arguments' ? EXIT.usage : EXIT.failed);
        }
        throw err;
      } finally {
        deadline?.clear();
        await services.disposeAll();
      }
    });
}
