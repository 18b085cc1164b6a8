// A fresh clone must pass its own tests with nothing beside it (no ../shared). Two checks that can fail:
//   1. every test, helper, script and benchmark file is scanned for paths that leave the repository (`../shared`,
//      `/work/…`, more `'..'` segments than the file is deep, `new URL('../..', import.meta.url)` past the root);
//      only bench/datasets.ts may look beside the checkout, for the optional large page sets;
//   2. the working tree (tracked and untracked, not ignored) is copied where no ../shared exists, and the tests that
//      read fixtures run there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative, resolve } from 'node:path';

const REPO = resolve(import.meta.dirname, '..', '..', '..');
const SCANNED = ['test', 'bench', 'scripts'];
/** The one module allowed to look outside the checkout (for datasets the repository does not carry), and this file,
 * whose own cases are the patterns it looks for. */
const ALLOWED = new Set(['bench/datasets.ts', 'test/unit/contract/isolation.test.ts']);

/** Findings `<line>: <why>` for path expressions in `source` (at repo-relative `file`) that leave the repository. */
export function outsideReferences(file: string, source: string): string[] {
  const depth = posix.dirname(file).split('/').filter((s) => s && s !== '.').length;
  const found: string[] = [];
  const lines = source.split('\n');
  lines.forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments read nothing
    const at = (why: string) => found.push(`${i + 1}: ${why}: ${line.trim().slice(0, 120)}`);
    if (/(?:\.\.[/\\])+shared\b|['"]\.\.['"]\s*,\s*['"]shared['"]/.test(line)) at('reaches ../shared');
    if (/['"`]\/work\//.test(line)) at('absolute /work/ path');
    const base = /(?:import\.meta\.dirname|__dirname|dirname\(fileURLToPath\(import\.meta\.url\)\))\s*,((?:\s*['"]\.\.['"]\s*,?)+)/.exec(line);
    if (base) {
      const ups = (base[1].match(/\.\./g) ?? []).length;
      if (ups > depth) at(`${ups} '..' segments from a file ${depth} deep`);
    }
    if (/\b(?:REPO|REPO_ROOT)\s*,\s*['"]\.\.['"]/.test(line)) at("'..' above the repository root");
    for (const m of line.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g)) {
      const target = posix.normalize(posix.join(posix.dirname(file), m[1]));
      if (target.startsWith('..')) at(`URL ${m[1]} resolves outside the repository`);
    }
  });
  return found;
}

function sourceFiles(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'fixtures' && name !== 'out' && name !== 'node_modules') sourceFiles(path, out);
    } else if (/\.(ts|mjs|js|cjs)$/.test(name)) out.push(path);
  }
  return out;
}

test('the scanner flags each way out of the repository and passes the ways that stay inside', () => {
  const bad = [
    "const CORPUS = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');",
    "readFileSync('../shared/spec/tools.md')",
    "const SPEC = '/work/shared/spec';",
    "const up = resolve(import.meta.dirname, '..', '..', '..', 'x');",
    "const p = join(REPO, '..', 'elsewhere');",
    "new URL('../../../x.json', import.meta.url)",
  ];
  for (const line of bad) assert.ok(outsideReferences('test/unit/x.test.ts', line).length >= 1, line);
  const good = [
    "const REPO = resolve(import.meta.dirname, '..', '..');",
    "const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures');",
    "new URL('../../bin/occam.ts', import.meta.url)",
    "import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';",
    "assert.ok(x, 'the shared browser is running');",
  ];
  assert.deepEqual(outsideReferences('test/x.ts', "// see ../shared/spec for the contract"), [], 'comments are not reads');
  for (const line of good) assert.deepEqual(outsideReferences('test/unit/x.test.ts', line), [], line);
});

test('no test, helper, script or benchmark reads outside the repository (bench/datasets.ts excepted)', () => {
  const files = SCANNED.flatMap((d) => sourceFiles(join(REPO, d), []));
  assert.ok(files.length > 100, `scanned ${files.length} files`);
  const findings = files
    .map((f) => relative(REPO, f).split('\\').join('/'))
    .filter((rel) => !ALLOWED.has(rel))
    .flatMap((rel) => outsideReferences(rel, readFileSync(join(REPO, rel), 'utf8')).map((x) => `${rel}:${x}`));
  assert.deepEqual(findings, []);
});

test('a copy of the working tree with no ../shared beside it passes the tests that read fixtures', () => {
  const root = mkdtempSync(join(tmpdir(), 'occam-isolated-'));
  try {
    const copy = join(root, 'repo');
    const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
    assert.equal(listed.status, 0, listed.stderr);
    for (const rel of listed.stdout.split('\0').filter(Boolean)) {
      const from = join(REPO, rel);
      if (!existsSync(from)) continue; // deleted in the working tree, not yet committed
      mkdirSync(dirname(join(copy, rel)), { recursive: true });
      cpSync(from, join(copy, rel));
    }
    symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
    assert.equal(existsSync(join(root, 'shared')), false);
    const subset = ['test/unit/extract/golden.test.ts', 'test/unit/exam/grader.test.ts', 'test/unit/playbooks/resolve.test.ts', 'test/unit/read/probe.test.ts', 'test/unit/pages-gate.test.ts'];
    for (const f of subset) assert.ok(existsSync(join(copy, f)), f);
    const r = spawnSync(process.execPath, ['--test', '--test-reporter=dot', ...subset], { cwd: copy, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' }, timeout: 300_000 });
    assert.equal(r.status, 0, `${r.stdout.slice(-3000)}\n${r.stderr.slice(-2000)}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
