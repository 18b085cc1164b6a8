// The guide table (commands/guide.ts) covers every registered verb: a help group, 2–3 examples that name real
// verbs, sub-verbs and flags, and help text that ends with them. `occam --help` lists every group in order.
// (Every verb's reference page under docs/verbs/ is required by test/unit/contract/docs.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../../commands/index.ts';
import { HELP_GROUPS, VERB_GUIDE, examplesText } from '../../../commands/guide.ts';

const program = buildProgram();
const byName = new Map(program.commands.flatMap((c) => [c.name(), ...c.aliases()].map((n) => [n, c] as const)));

/** Every `--flag` a command (or one of its sub-commands) accepts, by commander or by the guide for self-parsing verbs. */
function acceptedFlags(cmd: Command): Set<string> {
  const flags = new Set<string>(['--help', '--json', ...(VERB_GUIDE[cmd.name()]?.flags ?? [])]);
  for (const c of [cmd, ...cmd.commands]) for (const o of c.options) if (o.long) flags.add(o.long);
  return flags;
}

test('every registered verb has a guide row with a help group and 2–3 examples; no row names a missing verb', () => {
  for (const cmd of program.commands) {
    const g = VERB_GUIDE[cmd.name()];
    assert.ok(g, `commands/guide.ts has no row for ${cmd.name()}`);
    assert.ok(HELP_GROUPS.some((h) => h.id === g.group), `${cmd.name()}: unknown group ${g.group}`);
    assert.ok(g.examples.length >= 2 && g.examples.length <= 3, `${cmd.name()}: ${g.examples.length} examples`);
  }
  for (const name of Object.keys(VERB_GUIDE)) assert.ok(byName.has(name), `guide row ${name} is not a registered verb`);
});

test('every commander sub-command has 2–3 examples of its own (a deferred one excepted)', () => {
  for (const cmd of program.commands) {
    for (const sub of cmd.commands) {
      if (/not available in this release/.test(sub.description())) continue;
      const examples = VERB_GUIDE[cmd.name()].subExamples?.[sub.name()] ?? [];
      assert.ok(examples.length >= 2 && examples.length <= 3, `occam ${cmd.name()} ${sub.name()}: ${examples.length} examples`);
      for (const [line] of examples) assert.match(line, new RegExp(`occam ${cmd.name()} ${sub.name()}\\b`), line);
      let text = '';
      sub.configureOutput({ writeOut: (x) => (text += x), writeErr: (x) => (text += x) });
      sub.outputHelp();
      assert.ok(text.trimEnd().endsWith(examplesText(examples).trimEnd()), `occam ${cmd.name()} ${sub.name()} --help ends with its examples`);
    }
  }
});

test('every example is a real invocation: a registered verb, its sub-verb, and flags it accepts', () => {
  for (const [verb, g] of Object.entries(VERB_GUIDE)) {
    for (const [full] of [...g.examples, ...Object.values(g.subExamples ?? {}).flat()]) {
      // `curl … | bash` installs hand over to `occam install`; environment prefixes and a feeding pipe are allowed.
      if (full.startsWith('curl ')) continue;
      const line = full.slice(full.lastIndexOf('| ') + 1).trim();
      const words = line.replace(/^([A-Z_]+=\S+\s+)+/, '').split(/\s+/);
      assert.equal(words[0], 'occam', line);
      if (words[1] === '--version') continue;
      const cmd = byName.get(words[1]);
      assert.ok(cmd, `${line}: ${words[1]} is not a verb`);
      assert.equal(cmd.name(), verb, `${line} is listed under ${verb}`);
      const subs = [...cmd.commands.map((c) => c.name()), ...(g.subverbs ?? [])];
      if (subs.length > 0 && words[2] && !words[2].startsWith('-')) assert.ok(subs.includes(words[2]), `${line}: unknown sub-verb ${words[2]}`);
      const flags = acceptedFlags(cmd);
      for (const w of words.filter((x) => /^--[a-z]/.test(x))) assert.ok(flags.has(w.split('=')[0]), `${line}: ${verb} does not accept ${w}`);
    }
  }
});

test('each verb help ends with its examples; occam --help shows the groups in order and the program examples', () => {
  for (const cmd of program.commands) {
    if (VERB_GUIDE[cmd.name()]?.flags) continue; // self-parsing verbs: checked through the binary in cli-conventions
    let text = '';
    cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
    cmd.outputHelp();
    assert.ok(text.trimEnd().endsWith(examplesText(VERB_GUIDE[cmd.name()].examples).trimEnd()), `${cmd.name()} --help does not end with its examples`);
  }
  let top = '';
  program.configureOutput({ writeOut: (s) => (top += s), writeErr: (s) => (top += s) });
  program.outputHelp();
  const at = HELP_GROUPS.map((g) => top.indexOf(`\n${g.title}:\n`));
  assert.ok(at.every((i) => i > 0), top);
  assert.deepEqual([...at].sort((a, b) => a - b), at, 'groups appear in HELP_GROUPS order');
  assert.match(top, /\nExamples:\n {2}\$ occam read /);
});

test('occam help --json carries each verb\'s group and examples from the same table', () => {
  const r = spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', '..', 'bin', 'occam.ts'), 'help', '--json'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const cat = JSON.parse(r.stdout);
  for (const c of cat.commands) {
    assert.equal(c.group, VERB_GUIDE[c.id].group, c.id);
    assert.deepEqual(c.examples, VERB_GUIDE[c.id].examples.map(([command, summary]) => ({ command, summary })), c.id);
  }
});
