// `occam map <url>`: list a site's links (the occam_map pipeline) from a shell.
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { EXIT, VerbError, intOption, printErr, printJson, printOut, wantsJson } from './output.ts';
import { describeFailure } from '../src/contract/failures.ts';

export function register(program: Command): void {
  program
    .command('map')
    .argument('<url>', 'seed page (absolute http(s) URL)')
    .description("list a site's content links (homepage anchors or sitemaps), filtered and optionally ranked")
    .option('--json', 'print the map response as one JSON document (at --detail)')
    .option('--detail <level>', 'with --json: lean (default, OCCAM_RESPONSE_DETAIL) | standard | full')
    .option('--source <source>', 'homepage (default) | sitemap | robots')
    .option('--max-links <n>', 'links to return (1–64, default 32)', intOption('--max-links', 1, 64))
    .option('--focus <query>', 'rank links by relevance to this question')
    .option('--all-domains', 'keep links to other sites too')
    .option('--keep-nonsense', 'keep asset, build and soft-404 links')
    .option('--timeout-ms <n>', 'total discovery budget (3000–30000 ms, default 15000)', intOption('--timeout-ms', 3000, 30_000))
    .addHelpText('after', '\nOutput: one "url<TAB>title" line per link (or --json).\nExit codes: 0 links found · 1 ok:false (failure code on stderr) · 2 usage.\nDocs: docs/verbs/map.md')
    .action(async (url: string, opts) => {
      const json = wantsJson(opts);
      const source = opts.source ?? 'homepage';
      if (!['homepage', 'sitemap', 'robots'].includes(source)) {
        throw new VerbError('--source must be homepage, sitemap or robots', EXIT.usage, json ? { error: 'invalid source' } : undefined);
      }
      const runtime = processContext();
      const [{ mapSite }, { OccamError }, { resolveDetail, assembleSiteResult }] = await Promise.all([
        import('../src/read/map.ts'),
        import('../src/contract/failures.ts'),
        import('../src/read/detail.ts'),
      ]);
      let detail;
      try {
        detail = resolveDetail(opts.detail, runtime);
      } catch (err) {
        throw new VerbError((err as Error).message, EXIT.usage, json ? { error: (err as Error).message } : undefined);
      }
      if (!json) printErr(`occam map: discovering links from ${source}…`);
      try {
        const result = await mapSite(
          {
            url,
            source,
            maxLinks: opts.maxLinks ?? 32,
            sameDomain: !opts.allDomains,
            filterNonsense: !opts.keepNonsense,
            focusQuery: opts.focus ?? null,
            timeoutMs: opts.timeoutMs ?? 15_000,
            sessionProfile: null,
          },
          { runtime },
        );
        if (json) printJson(assembleSiteResult(result, detail));
        else {
          for (const link of result.links) printOut(`${link.url}\t${link.title}`);
          printErr(`occam map: ${result.linkCount} link(s), ${result.filtered} filtered${result.partial ? ' (partial: deadline passed)' : ''}`);
        }
        process.exitCode = EXIT.ok;
      } catch (err) {
        if (!(err instanceof OccamError)) throw err;
        if (json) printJson({ ok: false, failureCode: err.code, message: err.message, url });
        printErr(`occam map: ${describeFailure({ code: err.code, message: err.message })}`);
        process.exitCode = EXIT.failed;
      }
    });
}
