// README.md and docs/release.md quote the same start-up run: the single executable's and the npm bundle's /
// source checkout's ratios to the bare SDK server must agree between the two pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '..', '..', '..');
const read = (p: string) => readFileSync(join(REPO, p), 'utf8');

test('README.md and docs/release.md agree on the start-up figures', () => {
  const release = read('docs/release.md');
  const ratio = (label: string) => {
    const m = new RegExp(`^\\| ${label.replace(/[().]/g, '\\$&')}[^|]*\\| ([0-9.]+) \\|$`, 'm').exec(release);
    assert.ok(m, `docs/release.md has a row for ${label}`);
    return m[1];
  };
  const readme = read('README.md');
  const exe = /^\| start-up to `tools\/list`, single executable \|.*\| ([0-9.]+)× \|$/m.exec(readme);
  const others = /^\| start-up to `tools\/list`, npm bundle \/ source checkout \|.*\| ([0-9.]+)× \/ ([0-9.]+)× \|$/m.exec(readme);
  assert.ok(exe && others, 'README.md has both start-up rows');
  assert.equal(exe[1], ratio('single executable, code cache'));
  assert.equal(others[1], ratio('npm bundle'));
  assert.equal(others[2], ratio('source'));
});
