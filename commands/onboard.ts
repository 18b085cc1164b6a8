// `occam onboard` (alias `settings`): write operator env defaults to onboard.json (operator.md §17). Never edits
// host configs. Without a terminal it needs --non-interactive (exit 2 otherwise).
import { Command } from 'commander';
import { select } from '@inquirer/prompts';
import { processContext } from '../src/runtime/context.ts';
import { occamPaths } from '../src/config/paths.ts';
import { ONBOARD_PROFILES, onboardDocument, readOnboard, type OnboardProfile } from '../src/operator/onboard.ts';
import { SettingsWriteError, writeOnboard } from '../src/operator/settings-store.ts';
import { EXIT, VerbError, printJson, printOut, wantsJson } from './output.ts';
import { canPrompt } from './operator-common.ts';

const PROFILE_IDS = Object.keys(ONBOARD_PROFILES) as OnboardProfile[];

export function register(program: Command): void {
  program
    .command('onboard')
    .alias('settings')
    .description('write operator defaults (onboard.json) from a named profile')
    .option('--non-interactive', 'no questions: use --profile (default "default")')
    .option('--profile <name>', `one of ${PROFILE_IDS.join(', ')}`)
    .option('--skip', 'keep the current settings; only report them')
    .option('--json', 'JSON output')
    .action(async (opts) => {
      const json = wantsJson(opts);
      const ctx = processContext();
      const path = occamPaths(ctx).onboardFile;
      if (opts.skip) {
        const cur = readOnboard(path);
        if (json) printJson({ ok: true, path, written: false, present: cur.present, env: cur.env, warnings: cur.warnings });
        else printOut(cur.present ? `keeping ${path}` : 'no onboard.json; defaults apply');
        return;
      }
      let profile = opts.profile as string | undefined;
      if (profile && !(PROFILE_IDS as string[]).includes(profile)) throw new VerbError(`unknown profile "${profile}"; valid: ${PROFILE_IDS.join(', ')}`, EXIT.usage);
      if (!opts.nonInteractive && !profile) {
        if (!canPrompt(ctx, { json })) throw new VerbError('no terminal: use --non-interactive --profile <name>', EXIT.usage, json ? { ok: false, error: 'needs_terminal' } : undefined);
        profile = await select({ message: 'Operator defaults', choices: PROFILE_IDS.map((id) => ({ value: id, name: `${id} — ${ONBOARD_PROFILES[id].summary}` })) });
      }
      const doc = onboardDocument((profile ?? 'default') as OnboardProfile);
      let backup: string | null;
      try {
        ({ backup } = await writeOnboard(path, doc));
      } catch (err) {
        if (err instanceof SettingsWriteError) throw new VerbError(err.message, EXIT.failed, json ? { ok: false, path, error: err.message } : undefined);
        throw err;
      }
      if (json) printJson({ ok: true, path, written: true, backup, ...doc });
      else printOut(`wrote ${path} (profile ${doc.profile}${backup ? `; previous file kept as ${backup}` : ''}); environment variables you set still win`);
    });
}
