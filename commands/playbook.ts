// `occam playbook lint|resolve|save`: the playbook authoring loop from a shell, over the same core as the MCP
// tools (src/playbooks). Machine output with --json; humans get a summary on stderr.
import type { Command } from 'commander';
import { OccamError } from '../src/contract/failures.ts';
import { readBoundedText } from '../src/runtime/bounded-input.ts';
import { processContext } from '../src/runtime/context.ts';
import { Services } from '../src/runtime/services.ts';
import { EXIT, VerbError, printErr, printJson, printOut, wantsJson } from './output.ts';

function readDocument(path: string, json: boolean): string {
  try {
    return readBoundedText(path, 'playbook');
  } catch (err) {
    if (err instanceof OccamError) throw new VerbError(`usage: cannot read ${path}: ${err.code}: ${err.message}`, EXIT.usage, json ? { error: 'unreadable input', failureCode: err.code } : undefined);
    throw new VerbError(`usage: cannot read ${path}: ${(err as Error).message}`, EXIT.usage, json ? { error: 'unreadable input' } : undefined);
  }
}

/** Runs with a process-wide service bag that is disposed afterwards (browser, keys). */
async function withServices<T>(fn: (runtime: ReturnType<typeof processContext>, services: Services) => Promise<T>): Promise<T> {
  const runtime = processContext();
  const services = new Services(runtime);
  try {
    return await fn(runtime, services);
  } finally {
    await services.disposeAll();
  }
}

export function register(program: Command): void {
  const playbook = program
    .command('playbook')
    .description('lint, resolve and save site playbooks (the recipes that tune extraction per site)')
    .addHelpText('after', '\nDocs: docs/verbs/playbook.md');

  playbook
    .command('lint')
    .argument('<file>', 'playbook JSON file (- for stdin)')
    .description('validate a playbook offline; exit 0 when it has no errors')
    .option('--json', 'print the lint report as one JSON document')
    .action(async (file: string, opts) => {
      const json = wantsJson(opts);
      const { lintPlaybookText } = await import('../src/playbooks/lint.ts');
      const { report } = lintPlaybookText(readDocument(file, json));
      if (json) printJson(report);
      else {
        for (const i of report.issues) printOut(`${i.severity.padEnd(7)} ${i.field} ${i.code}: ${i.message}`);
        printErr(`occam playbook lint: ${report.grade} (${report.errors} error(s), ${report.warnings} warning(s), ${report.infos} info(s))`);
      }
      process.exitCode = report.agentReady ? EXIT.ok : EXIT.failed;
    });

  playbook
    .command('resolve')
    .argument('<url>', 'absolute http(s) URL or bare host')
    .description('show which playbook applies (tier, selectors, page class, signature)')
    .option('--json', 'print the resolve response as one JSON document')
    .option('--schema-version <v>', 'schema version you understand (default 1.0)')
    .option('--lessons', 'include up to 10 lessons (local tier)')
    .option('--site-genome', "also fetch the site's /.well-known/agent-genome.v1.json")
    .action(async (url: string, opts) => {
      const json = wantsJson(opts);
      const { resolvePlaybook } = await import('../src/playbooks/resolve.ts');
      const out = await withServices((runtime, services) =>
        resolvePlaybook({ url, schema_version: opts.schemaVersion ?? null, include_lessons: Boolean(opts.lessons), fetch_site_genome: Boolean(opts.siteGenome) }, { runtime, services }),
      );
      const w = out.wire as Record<string, any>;
      if (json) printJson(w);
      else if (out.ok) {
        printOut(`${w.playbookId}\t${w.provenance}\t${w.sourcePath}`);
        if (w.contentSelectors) printOut(`selectors: ${w.contentSelectors.join(', ')}`);
        if (w.preferredBackend) printOut(`backend: ${w.preferredBackend}`);
        if (w.pageClass) printOut(`page class: ${w.pageClass}`);
        printOut(`signature: ${w.signature.status}`);
        if (w.agentNotes) printOut(`notes: ${w.agentNotes}`);
      } else printErr(`occam playbook resolve: ${w.failureCode}: ${w.message}`);
      process.exitCode = out.ok ? EXIT.ok : EXIT.failed;
    });

  playbook
    .command('save')
    .argument('<url>', 'host key URL (absolute http(s))')
    .argument('<file>', 'playbook JSON file (- for stdin)')
    .description('dry-run a read with the playbook, then write it signed to the local tier')
    .option('--json', 'print the save response as one JSON document')
    .option('--no-verify', 'skip the dry-run read (the signature then records passesGate:false)')
    .option('--verify-url <url>', 'page for the dry run (default: <url>)')
    .option('--lesson <note>', 'append a lesson (≤500 chars)')
    .option('--failure-reason <code>', 'failure that led here, recorded with the lesson')
    .action(async (url: string, file: string, opts) => {
      const json = wantsJson(opts);
      const text = readDocument(file, json);
      const { savePlaybook } = await import('../src/playbooks/save.ts');
      if (!json && opts.verify !== false) printErr('occam playbook save: dry-run read…');
      const out = await withServices((runtime, services) =>
        savePlaybook(
          { url, playbook_json: text, verify: opts.verify !== false, verify_url: opts.verifyUrl ?? null, lesson_note: opts.lesson ?? null, failure_reason: opts.failureReason ?? null },
          { runtime, services },
        ),
      );
      if (json) printJson(out);
      else if (out.ok) {
        const v = out.verify as { score: number } | undefined;
        printOut(String(out.writtenPath));
        printErr(`occam playbook save: saved ${String(out.playbookId)}${v ? ` (verify score ${v.score})` : ' (not verified)'}, signed ${String(out.signedKeyId)}`);
      } else printErr(`occam playbook save: ${String(out.failureCode)}: ${String(out.message)}`);
      process.exitCode = out.ok ? EXIT.ok : EXIT.failed;
    });
}
