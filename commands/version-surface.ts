// `occam version-surface`: the binary's version as JSON (operator.md §15).
import { Command } from 'commander';
import { fileURLToPath } from 'node:url';
import { BUILD_KIND, VERSION } from '../src/version.ts';
import { printJson } from './output.ts';

export function register(program: Command): void {
  program
    .command('version-surface')
    .description('version of this binary as JSON')
    .option('--json', 'JSON output (always printed)')
    .action(() => {
      const assemblyPath = BUILD_KIND === 'source' ? fileURLToPath(new URL('../bin/occam.ts', import.meta.url)) : process.execPath;
      printJson({ hostVersion: VERSION.split('+')[0], assemblyPath, packageVersion: VERSION });
    });
}
