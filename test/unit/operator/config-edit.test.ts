// The config engine's text surgery and loading rules (operator.md §6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { atomicWrite, editJsonText, hasJsonComments, loadJsonConfig, toBytes } from '../../../src/operator/config-edit.ts';

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
