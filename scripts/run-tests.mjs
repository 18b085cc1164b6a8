#!/usr/bin/env node
// Runs every test file under test/ with Node's own test runner. Node >= 22.18 strips TypeScript types natively,
// so tests execute the sources directly: no build step between an edit and a test run.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`occam tests need Node.js >= 22.18 (this is ${process.version}); see INSTALL.md`);
  process.exit(1);
}

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = collect('test', []).sort().filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The full run type-checks first (strict TypeScript over src, commands, tests, bench): a type error fails CI even
// where type stripping would have run the code. Filtered runs skip it to stay quick.
if (filters.length === 0) {
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('typecheck failed (npm run typecheck)');
    process.exit(1);
  }
}
const result = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_NO_WARNINGS: '1' } },
);
process.exit(result.status ?? 1);
