// Colour decisions of commands/output.ts: FORCE_COLOR (chalk's convention) turns colour on without a TTY and off
// with 0/false; NO_COLOR, OCCAM_NO_COLOR and --json always win.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { colourEnabled, paint } from '../../../commands/output.ts';
import { testContext } from '../../../src/runtime/context.ts';

const ctx = (env: Record<string, string>, stdoutIsTTY = false) => testContext({ env, stdoutIsTTY });

test('FORCE_COLOR is honoured: on without a TTY, off with 0 or false even on a TTY', () => {
  assert.equal(colourEnabled(ctx({})), false);
  assert.equal(colourEnabled(ctx({}, true)), true);
  for (const v of ['1', '2', '3', 'true', '']) assert.equal(colourEnabled(ctx({ FORCE_COLOR: v })), true, `FORCE_COLOR=${v}`);
  for (const v of ['0', 'false']) assert.equal(colourEnabled(ctx({ FORCE_COLOR: v }, true)), false, `FORCE_COLOR=${v}`);
  assert.match(paint(ctx({ FORCE_COLOR: '1' })).red('x'), /\u001b\[31m/);
});

test('NO_COLOR, OCCAM_NO_COLOR and --json win over FORCE_COLOR', () => {
  assert.equal(colourEnabled(ctx({ FORCE_COLOR: '1', NO_COLOR: '1' })), false);
  assert.equal(colourEnabled(ctx({ FORCE_COLOR: '1', OCCAM_NO_COLOR: 'true' })), false);
  assert.equal(colourEnabled(ctx({ FORCE_COLOR: '1' }), true), false);
});
