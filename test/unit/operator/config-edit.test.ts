// The config engine's text surgery and loading rules (operator.md §6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parse as parseJsonc } from 'jsonc-parser';
import { atomicWrite, editJsonText, hasJsonComments, loadJsonConfig, toBytes, validatorFor } from '../../../src/operator/config-edit.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-cfg-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

test('operator.md §6: comments are found only outside string literals', () => {
  assert.equal(hasJsonComments('{"url": "http://x//y", "a": "/* no */"}'), false);
  assert.equal(hasJsonComments('{\n  // c\n  "a": 1\n}'), true);
  assert.equal(hasJsonComments('{ /* c */ "a": 1 }'), true);
});

test('operator.md §6: insert, replace and remove touch only our property (tabs, 4 spaces, CRLF)', () => {
  for (const original of [
    '{\n\t"mcpServers": {\n\t\t"a": {"command": "x"}\n\t}\n}\n',
    '{\n    "keep": [1,2],\n    "mcpServers": {}\n}\n',
    '{\r\n  "mcpServers": {\r\n    "a": 1\r\n  }\r\n}\r\n',
  ]) {
    const added = editJsonText(original, ['mcpServers', 'ff-occam'], { command: 'c', args: ['mcp'] });
    assert.deepEqual(JSON.parse(added).mcpServers['ff-occam'], { command: 'c', args: ['mcp'] });
    const replaced = editJsonText(added, ['mcpServers', 'ff-occam'], { command: 'd' });
    assert.equal(JSON.parse(replaced).mcpServers['ff-occam'].command, 'd');
    const removed = editJsonText(replaced, ['mcpServers', 'ff-occam'], undefined);
    assert.deepEqual(JSON.parse(removed), JSON.parse(original));
    if (!original.endsWith('{}\n}\n')) assert.equal(removed, original, 'removal gives back the original bytes');
  }
});

test('operator.md §6: a missing nested root key is created; BOM is kept; file mode is preserved', () => {
  const text = editJsonText('{\n  "x": 1\n}\n', ['mcp', 'servers', 'ff-occam'], { command: 'c' });
  assert.deepEqual(JSON.parse(text), { x: 1, mcp: { servers: { 'ff-occam': { command: 'c' } } } });
  const path = join(dir, 'bom.json');
  writeFileSync(path, '\uFEFF{"mcpServers":{}}', { mode: 0o600 });
  const loaded = loadJsonConfig(path, ['mcpServers']);
  assert.equal(loaded.state, 'ok');
  assert.equal(loaded.bom, true);
  atomicWrite(path, toBytes(editJsonText(loaded.text, ['mcpServers', 'ff-occam'], { command: 'c' }), loaded.bom), { mode: loaded.mode });
  assert.equal(readFileSync(path, 'utf8').charCodeAt(0), 0xfeff);
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.deepEqual(readdirSync(dir).filter((f) => f.includes('occam-tmp')), []);
});

test('operator.md §6: load classifies missing / ok (JSON or JSONC) / refuse with file and line', () => {
  assert.equal(loadJsonConfig(join(dir, 'nope.json'), ['mcpServers']).state, 'missing');
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{\n  "a": 1,\n  "b": \n}');
  const r = loadJsonConfig(bad, ['mcpServers']);
  assert.equal(r.state, 'refuse');
  assert.match(r.error!, new RegExp(`^${bad.replace(/[.]/g, '\\.')}:4:`));
  const arr = join(dir, 'arr.json');
  writeFileSync(arr, '[1]');
  assert.equal(loadJsonConfig(arr, ['mcpServers']).state, 'refuse');
  const wrongRoot = join(dir, 'root.json');
  writeFileSync(wrongRoot, '{"mcpServers": []}');
  assert.equal(loadJsonConfig(wrongRoot, ['mcpServers']).state, 'refuse');
  const commented = join(dir, 'c.json');
  writeFileSync(commented, '{ // hi\n  "a": 1,\n}');
  const c = loadJsonConfig(commented, ['mcpServers']);
  assert.deepEqual([c.state, c.jsonc, c.data], ['ok', true, { a: 1 }]);
  assert.equal(loadJsonConfig(wrongRoot, ['mcpServers']).jsonc, false);
});

test('operator.md §6: a validation failure aborts the rename and leaves no temp file', () => {
  const path = join(dir, 'keep.json');
  writeFileSync(path, '{"a":1}');
  assert.throws(() => atomicWrite(path, Buffer.from('{"a":'), { validate: () => { throw new Error('invalid'); } }));
  assert.equal(readFileSync(path, 'utf8'), '{"a":1}');
  assert.deepEqual(readdirSync(dir).filter((f) => f.includes('occam-tmp')), []);
});

test('issue 16: JSONC edits keep every comment and trailing comma, and removal is the exact inverse', () => {
  const cases = [
    // comment after the last member, no trailing comma
    '{\n  "servers": {\n    "a": { "command": "x" } // mine\n  }\n}\n',
    // trailing commas everywhere, block comments between members
    '{\n  /* top */ "servers": {\n    "a": 1, /* one */\n    "b": 2,\n  },\n}',
    // an empty servers object holding only a comment
    '// header\n{\n  "servers": { // none yet\n  }\n}\n',
    // servers missing: created under a commented root
    '{\n  // just a theme\n  "theme": "dark"\n}\n',
    // CRLF with a comment line
    '{\r\n  // c\r\n  "servers": {}\r\n}',
  ];
  for (const original of cases) {
    const added = editJsonText(original, ['servers', 'ff-occam'], { command: 'c', args: ['mcp'] });
    const errors: Array<unknown> = [];
    const doc = parseJsonc(added, errors as never, { allowTrailingComma: true });
    assert.deepEqual(errors, [], added);
    assert.deepEqual(doc.servers['ff-occam'], { command: 'c', args: ['mcp'] }, added);
    for (const comment of original.match(/\/\/[^\r\n]*|\/\*.*?\*\//g) ?? []) assert.ok(added.includes(comment), `${comment} kept in ${added}`);
    const removed = editJsonText(added, ['servers', 'ff-occam'], undefined);
    if (original.includes('"servers"')) assert.equal(removed, original, `round trip of ${JSON.stringify(original)}`);
    else assert.equal(editJsonText(removed, ['servers'], undefined), original, 'removing the created container gives the original back');
  }
});

test('issue 16: a JSONC file loads as ok (jsonc) and its rewrite is validated as JSONC; a strict JSON file stays strict', () => {
  const path = join(dir, 'zed.json');
  writeFileSync(path, '// Zed\n{\n  "context_servers": {},\n}\n');
  const loaded = loadJsonConfig(path, ['context_servers']);
  assert.deepEqual([loaded.state, loaded.jsonc], ['ok', true]);
  const text = editJsonText(loaded.text, ['context_servers', 'ff-occam'], { command: 'c' });
  atomicWrite(path, toBytes(text, loaded.bom), { validate: validatorFor(loaded) });
  assert.match(readFileSync(path, 'utf8'), /^\/\/ Zed\n/);
  assert.throws(() => validatorFor({ jsonc: false })('{ // c\n}'), /does not parse as a JSON object/);
  assert.doesNotThrow(() => validatorFor({ jsonc: true })('{ // c\n "a": 1,\n}'));
});
