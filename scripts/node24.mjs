#!/usr/bin/env node
// Runs its arguments under a Node.js that can execute Occam's TypeScript sources directly (>= 22.18, type
// stripping on by default). On an older Node (the machines here ship 20), it installs Node 24 LTS from the npm
// registry into ~/.cache/node24 once and re-runs there. Plain JavaScript so that any Node can start it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const usable = (version) => {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 18);
};

function node24() {
  if (usable(process.version)) return process.execPath;
  const prefix = join(homedir(), '.cache', 'node24');
  const bin = join(prefix, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(bin)) {
    console.error(`occam: Node ${process.version} cannot run the sources; installing Node 24 into ${prefix} (once)…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    // npm's own report (`added 2 packages`) goes to stderr: stdout belongs to the command being run.
    const r = spawnSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', 'node@24'], { stdio: ['ignore', 2, 'inherit'] });
    if (r.status !== 0 || !existsSync(bin)) {
      console.error('occam: could not install Node 24; install Node.js >= 22.18 yourself (see INSTALL.md)');
      process.exit(1);
    }
  }
  return bin;
}

const result = spawnSync(node24(), process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
