// `occam session` through the binary: exit codes and stdout never carrying header values (operator.md §13).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { makeWorld, runOccam, writeFile } from '../helpers/operator-world.ts';

const w = makeWorld({ install: false });
after(() => w.cleanup());

test('operator.md #42/#43: session import/list via the CLI — values never printed, duplicate → exit 1, export-state without a terminal → exit 2', () => {
  const future = String(Math.floor(Date.now() / 1000) + 86_400);
  const from = writeFile(join(w.root, 'c.txt'), `.example.com\tTRUE\t/\tTRUE\t${future}\tsid\tTOPSECRETVALUE\n`);
  assert.equal(runOccam(w, ['session', 'init', '--json']).json.ok, true);
  const imp = runOccam(w, ['session', 'import', '--from', from, '--host', 'example.com', '--json']);
  assert.equal(imp.code, 0, imp.stderr);
  assert.equal(imp.json.session_profile, 'example.com.imported');
  const again = runOccam(w, ['session', 'import', '--from', from, '--host', 'example.com', '--json']);
  assert.equal(again.code, 1);
  const list = runOccam(w, ['session', 'list']);
  assert.equal(list.code, 0);
  assert.match(list.stdout, /example\.com\.imported: Cookie/);
  for (const out of [imp.stdout, imp.stderr, list.stdout, list.stderr, runOccam(w, ['session', 'list', '--json']).stdout]) assert.ok(!out.includes('TOPSECRETVALUE'));
  assert.equal(runOccam(w, ['session', 'import', '--from', from, '--host', 'example.com', '--id', '../x']).code, 1);
  assert.equal(runOccam(w, ['session', 'export-state', '--url', 'https://example.com/']).code, 2);
  assert.equal(runOccam(w, ['session', 'rm', 'x']).code, 2);
});
