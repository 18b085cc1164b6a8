// The human summaries of connect and disconnect say each thing once (issue 32): a message that starts with the
// words its status ends with, or a reason that only repeats the outcome, is not printed twice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusLine } from '../../../commands/connect.ts';
import { disconnectLine } from '../../../commands/disconnect.ts';

test('connect: "Configured — restart required" is not followed by "restart required: …"', () => {
  assert.equal(
    statusLine('Configured — restart required', 'restart required: reload MCP servers or restart Cursor'),
    'Configured — restart required — reload MCP servers or restart Cursor',
  );
  assert.equal(statusLine('Configured — restart required', 'restart required'), 'Configured — restart required');
  assert.equal(statusLine('Almost ready', 'Restart Cursor once to activate Occam.'), 'Almost ready — Restart Cursor once to activate Occam.');
  assert.equal(statusLine('Ready', null), 'Ready');
});

test('disconnect: a reason that only repeats the outcome is left out', () => {
  const row = { id: 'cursor', name: 'Cursor', path: '/h/.cursor/mcp.json', action: 'remove', ok: true } as const;
  assert.equal(disconnectLine({ ...row, outcome: 'removed', reason: 'removed' }), '  Cursor: remove → removed [/h/.cursor/mcp.json]');
  assert.equal(
    disconnectLine({ ...row, outcome: 'preserved', reason: 'ownership changed since planning' }),
    '  Cursor: remove → preserved (ownership changed since planning) [/h/.cursor/mcp.json]',
  );
});
