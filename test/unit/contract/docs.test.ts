import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { configurationReference, toolsReference } from '../../../src/contract/docs.ts';
import { IMPLEMENTED_TOOLS } from '../../../src/mcp/tools/index.ts';

const read = (p: string) => readFileSync(new URL(`../../../${p}`, import.meta.url), 'utf8');

test('generated reference pages match the catalogs (run `npm run docs` after changing a catalog)', () => {
  assert.equal(read('docs/reference/tools.md'), toolsReference(new Set(IMPLEMENTED_TOOLS.map((t) => t.name))));
  assert.equal(read('docs/configuration.md'), configurationReference());
});

test('every implemented tool has a reference page', () => {
  for (const t of IMPLEMENTED_TOOLS) assert.ok(read(`docs/tools/${t.name}.md`).length > 200, t.name);
});

test('every verb of the CLI has a reference page that names it', async () => {
  const { buildProgram } = await import('../../../commands/index.ts');
  for (const cmd of buildProgram().commands) {
    const page = read(`docs/verbs/${cmd.name()}.md`);
    assert.ok(page.includes(`occam ${cmd.name()}`), `docs/verbs/${cmd.name()}.md mentions "occam ${cmd.name()}"`);
  }
});
