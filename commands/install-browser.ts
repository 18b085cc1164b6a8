// `occam install-browser`: make sure a Chromium is available (operator.md §15); prints one JSON marker.
import { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { installBrowser } from '../src/operator/browser-install.ts';
import { printJson } from './output.ts';

export function register(program: Command): void {
  program
    .command('install-browser')
    .description('check for a Chromium-family browser and print how to install one if missing')
    .option('--json', 'JSON output (always printed)')
    .addHelpText('after', '\nExit codes: 0 a browser is present · 1 none usable (the configured path is missing, or none found: the install command is printed).')
    .action(async () => {
      const r = installBrowser(processContext());
      printJson(r);
      process.exitCode = r.exitCode;
    });
}
