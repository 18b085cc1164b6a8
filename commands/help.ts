// `occam help [--json|--plain] [<id>|next-steps]`: the command catalog generated from the commander registry
// itself (operator.md §17), so it can never list a verb that does not exist or miss one that does.
import { Command } from 'commander';
import { VERSION } from '../src/version.ts';
import { EXIT, VerbError, printJson, printOut, wantsJson } from './output.ts';
import { HELP_GROUPS, examplesText, guideFor } from './guide.ts';

/** Extra facts per verb that commander does not hold; verbs absent here default to tier `operator`. */
const VERB_FACTS: Record<string, { tier: 'operator' | 'ci' | 'maintainer'; relatedEnv?: string[]; seeAlso?: string[] }> = {
  mcp: { tier: 'operator', relatedEnv: ['OCCAM_PROFILE', 'OCCAM_BANNER', 'OCCAM_LOG'], seeAlso: ['smoke', 'connect'] },
  connect: { tier: 'operator', relatedEnv: ['OCCAM_CONNECT', 'OCCAM_CONNECT_ALL', 'OCCAM_CONNECT_FORCE', 'OCCAM_CONNECT_CI'], seeAlso: ['disconnect', 'snippet', 'doctor'] },
  disconnect: { tier: 'operator', seeAlso: ['connect', 'uninstall'] },
  doctor: { tier: 'operator', relatedEnv: ['OCCAM_BROWSER_EXECUTABLE_PATH', 'OCCAM_INSTALL_QUIET'], seeAlso: ['smoke', 'refresh'] },
  install: { tier: 'operator', relatedEnv: ['OCCAM_INSTALL_DIR', 'OCCAM_SETUP', 'OCCAM_CONNECT'], seeAlso: ['uninstall', 'doctor'] },
  uninstall: { tier: 'operator', seeAlso: ['install', 'disconnect'] },
  session: { tier: 'operator', relatedEnv: ['OCCAM_SESSIONS_ROOT'] },
  refresh: { tier: 'operator', seeAlso: ['doctor', 'smoke'] },
  snippet: { tier: 'operator', relatedEnv: ['OCCAM_HOST'], seeAlso: ['connect'] },
  smoke: { tier: 'ci', relatedEnv: ['OCCAM_PROFILE'], seeAlso: ['doctor'] },
  status: { tier: 'operator', seeAlso: ['update', 'doctor'] },
  update: { tier: 'operator', relatedEnv: ['OCCAM_LATEST_VERSION', 'OCCAM_RELEASES_API_URL'], seeAlso: ['install'] },
  exam: { tier: 'maintainer' },
  canary: { tier: 'maintainer' },
  keys: { tier: 'operator', relatedEnv: ['OCCAM_KEYS_ROOT'], seeAlso: ['verify'] },
  verify: { tier: 'operator', seeAlso: ['keys'] },
};

const NEXT_STEPS = [
  { id: 'check', summary: 'Check the install', command: 'occam doctor', alt: 'occam doctor --json', doc: 'docs/verbs/doctor.md' },
  { id: 'connect', summary: 'Register Occam in your AI apps', command: 'occam connect', alt: 'occam connect --only <id>', doc: 'docs/verbs/connect.md' },
  { id: 'smoke', summary: 'Start the server and count its tools', command: 'occam smoke --offline', doc: 'docs/verbs/smoke.md' },
  { id: 'paste', summary: 'Register by hand in any MCP host', command: 'occam snippet', doc: 'docs/verbs/snippet.md' },
];

function catalog(program: Command) {
  const commands = program.commands.map((c) => {
    const facts = VERB_FACTS[c.name()] ?? { tier: 'operator' as const };
    const guide = guideFor(c.name());
    return {
      id: c.name(),
      summary: c.description(),
      usage: `occam ${c.name()} ${c.usage()}`.trim(),
      tier: facts.tier,
      relatedEnv: facts.relatedEnv ?? [],
      seeAlso: facts.seeAlso ?? [],
      cliAlias: c.aliases()[0] ?? null,
      group: guide?.group ?? null,
      examples: (guide?.examples ?? []).map(([command, summary]) => ({ command, summary })),
    };
  });
  return { schema_version: '1.0', generator: VERSION, title: 'Occam CLI', tiers: ['operator', 'ci', 'maintainer'], commands, nextSteps: NEXT_STEPS };
}

export function register(program: Command): void {
  program.helpCommand(false);
  program
    .command('help')
    .argument('[id]', 'a verb id or alias, or next-steps')
    .description('the command catalog (generated from the registered verbs)')
    .option('--json', 'JSON catalog')
    .option('--plain', 'plain text, one verb per line')
    .action((id: string | undefined, opts) => {
      const json = wantsJson(opts);
      const cat = catalog(program);
      if (id === 'next-steps') {
        if (json) printJson({ schema_version: '1.0', nextSteps: cat.nextSteps });
        else printOut(cat.nextSteps.map((s) => `${s.summary}: ${s.command}`).join('\n'));
        return;
      }
      if (id) {
        const hit = cat.commands.find((c) => c.id === id || c.cliAlias === id);
        if (!hit) throw new VerbError(`unknown command: ${id}`, EXIT.failed, json ? { error: `unknown command: ${id}` } : undefined);
        const relatedCommands = cat.commands.filter((c) => hit.seeAlso.includes(c.id) || c.seeAlso.includes(hit.id)).map((c) => c.id);
        if (json) printJson({ ...hit, relatedCommands });
        else {
          const examples = hit.examples.length ? `\n${examplesText(hit.examples.map((e) => [e.command, e.summary] as const))}` : '';
          printOut(`${hit.usage}\n  ${hit.summary}\n  tier: ${hit.tier}${hit.relatedEnv.length ? `\n  env: ${hit.relatedEnv.join(', ')}` : ''}${relatedCommands.length ? `\n  see also: ${relatedCommands.join(', ')}` : ''}${examples}`);
        }
        return;
      }
      if (json) printJson(cat);
      else if (opts.plain) printOut(cat.commands.map((c) => `${c.id}\t${c.summary}`).join('\n'));
      else {
        const width = Math.max(...cat.commands.map((c) => c.id.length)) + 2;
        const groups = HELP_GROUPS.map((g) => [`${g.title}:`, ...cat.commands.filter((c) => c.group === g.id).map((c) => `  ${c.id.padEnd(width)}${c.summary}`)]);
        printOut(['Occam CLI — commands:', ...groups.flatMap((lines) => (lines.length > 1 ? [...lines, ''] : [])), 'occam help <id> for details and examples; occam help next-steps for what to do first.'].join('\n'));
      }
    });
}
