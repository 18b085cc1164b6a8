// Layers point down: the core (everything in src/ outside mcp/) never imports the MCP layer, so `occam read` and
// the other verbs run the read pipeline without it. A regression here is an import a reviewer could miss.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', '..', '..', 'src');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

test('no module below src/mcp/ imports from src/mcp/', () => {
  const offenders: string[] = [];
  for (const file of sources(SRC)) {
    const rel = relative(SRC, file);
    if (rel.startsWith('mcp/')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      const target = relative(SRC, resolve(dirname(file), spec));
      if (target.startsWith('mcp/')) offenders.push(`${rel} → ${target}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test('the layering check sees real imports (it would catch one)', () => {
  const sample = "import { x } from '../mcp/server.ts';\nconst y = await import('../mcp/tool.ts');";
  const found = [...sample.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
  assert.deepEqual(found, ['../mcp/server.ts', '../mcp/tool.ts']);
});
