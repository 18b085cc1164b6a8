// Layers point down, checked for every layer from one table (docs/dev/conventions.md, "Layers"): the ground floor
// (contract, config, runtime, store) imports only the ground floor; the core (everything else in src/) imports the
// core and the ground floor; the top (src/mcp/, commands/, bin/) may import anything. So `occam read` and the other
// verbs run the read pipeline without the MCP layer, and the store owns the record types of every saved state.
// Type-only imports count: a type pointing up is still a dependency pointing up. A regression here is an import a
// reviewer could miss.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** The one table: each layer, from the bottom, with the directories (relative to the repo) it is made of. */
const LAYERS: ReadonlyArray<{ name: string; dirs: readonly string[] }> = [
  { name: 'ground floor', dirs: ['src/contract', 'src/config', 'src/runtime', 'src/store'] },
  { name: 'core', dirs: ['src'] },
  { name: 'top', dirs: ['src/mcp', 'commands', 'bin'] },
];

/** The layer of a repo-relative path: the most specific directory in the table wins (src/mcp is top, not core). */
function layerOf(rel: string): number | null {
  const path = rel.split(sep).join('/');
  let best: { layer: number; length: number } | null = null;
  LAYERS.forEach((layer, index) => {
    for (const dir of layer.dirs) {
      if ((path === dir || path.startsWith(`${dir}/`)) && (!best || dir.length > best.length)) best = { layer: index, length: dir.length };
    }
  });
  return (best as { layer: number } | null)?.layer ?? null;
}

function sources(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Every relative import that points to a higher layer than its file's, as `file → target`. */
function upwardImports(): string[] {
  const offenders: string[] = [];
  for (const file of ['src', 'commands', 'bin'].flatMap((d) => sources(join(ROOT, d)))) {
    const rel = relative(ROOT, file);
    const own = layerOf(rel);
    if (own === null) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, resolve(dirname(file), m[1] ?? m[2]));
      const theirs = layerOf(target);
      if (theirs !== null && theirs > own) offenders.push(`${rel} (${LAYERS[own].name}) → ${target} (${LAYERS[theirs].name})`);
    }
  }
  return offenders;
}

test('nothing imports upward: ground floor → core → mcp/commands, checked over every file from one table', () => {
  assert.deepEqual(upwardImports(), []);
});

test('the table places each layer where the conventions say', () => {
  assert.equal(layerOf('src/store/exam-records.ts'), 0);
  assert.equal(layerOf('src/contract/failures.ts'), 0);
  assert.equal(layerOf('src/config/env.ts'), 0);
  assert.equal(layerOf('src/runtime/context.ts'), 0);
  assert.equal(layerOf('src/read/transcode.ts'), 1);
  assert.equal(layerOf('src/exam/grader.ts'), 1);
  assert.equal(layerOf('src/version.ts'), 1);
  assert.equal(layerOf('src/mcp/server.ts'), 2);
  assert.equal(layerOf('commands/read.ts'), 2);
  assert.equal(layerOf('test/unit/x.test.ts'), null);
});

test('the layering check sees real imports (it would catch one)', () => {
  const sample = "import { x } from '../mcp/server.ts';\nimport type { R } from '../exam/grader.ts';\nconst y = await import('../mcp/tool.ts');";
  const found = [...sample.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
  assert.deepEqual(found, ['../mcp/server.ts', '../exam/grader.ts', '../mcp/tool.ts']);
  // A store module importing the exam layer, or a core module importing the MCP layer, is upward.
  const from = (file: string, spec: string) => layerOf(relative(ROOT, resolve(ROOT, dirname(file), spec)));
  assert.ok(from('src/store/exam-grades.ts', '../exam/grader.ts')! > layerOf('src/store/exam-grades.ts')!);
  assert.ok(from('src/read/transcode.ts', '../mcp/tool.ts')! > layerOf('src/read/transcode.ts')!);
  assert.ok(from('src/mcp/tools/transcode.ts', '../../read/transcode.ts')! < layerOf('src/mcp/tools/transcode.ts')!);
});
