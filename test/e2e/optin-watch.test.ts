// playbooks.md #26 and the issue's watch case: a page changed three times yields three `changed` entries with the
// right block diffs, in a signed chain that survives a restart of the MCP server (the SQLite store is reopened).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { playbookDirs, startPlaybookFixture, type PlaybookDirs, type PlaybookFixture } from './playbooks-fixture.ts';

let fx: PlaybookFixture;
let dirs: PlaybookDirs;
let mcp: McpSession;
const sentence = (tag: string) => `<p>${`The ${tag} edition of this page says something new about the release schedule. `.repeat(3)}</p>`;

before(async () => {
  fx = await startPlaybookFixture();
  dirs = playbookDirs({ OCCAM_WATCH_MCP: '1' });
  mcp = await startMcp(dirs.env);
});
after(async () => {
  await mcp?.close();
  await fx?.close();
});

test('playbooks.md #26: watch baseline, changes with diffs, unchanged, restart, reset, failure leaves the record', async () => {
  const url = fx.F('/changing');
  const watch = async (extra: Record<string, unknown> = {}) => (await mcp.call('occam_watch', { url, backend_policy: 'http', ...extra })).json;
  fx.setChanging(sentence('first'));
  const first = await watch();
  assert.equal(first.ok, true, JSON.stringify(first));
  assert.deepEqual([first.firstSeen, first.changed, first.historyLength, first.latestEntry.event], [true, false, 1, 'first_seen']);
  assert.equal(first.contentDeltaTokens, undefined);
  assert.match(first.contentHash, /^[0-9a-f]{64}$/);

  const editions = ['second', 'third', 'fourth'];
  let previous = first;
  for (const [i, edition] of editions.entries()) {
    fx.setChanging(sentence(edition));
    if (i === 1) {
      // Restart between changes: the baseline and the chain come back from the SQLite file.
      await mcp.close();
      mcp = await startMcp(dirs.env);
    }
    const r = await watch();
    assert.equal(r.changed, true, edition);
    assert.equal(r.historyLength, i + 2);
    assert.equal(r.latestEntry.event, 'changed');
    assert.ok(r.contentDeltaTokens > 0);
    const added = r.diff.addedBlocks.map((b: any) => b.text).join(' ');
    assert.match(added, new RegExp(`The ${edition} edition`));
    assert.doesNotMatch(added, /Changing/); // the unchanged title block is not "added"
    assert.equal(r.diff.removedHashes.length, 1);
    const prevParagraph = previous.diff ? previous.diff.addedBlocks.at(-1).hash : null;
    if (prevParagraph) assert.deepEqual(r.diff.removedHashes, [prevParagraph]);
    assert.equal(r.diff.blockHashes.length, r.blockCount);
    previous = r;
  }
  const same = await watch({ include_history: true });
  assert.deepEqual([same.changed, same.contentDeltaTokens, same.latestEntry, same.historyLength], [false, 0, undefined, 4]);
  assert.deepEqual(same.history.map((e: any) => e.event), ['first_seen', 'changed', 'changed', 'changed']);
  assert.equal(same.history[1].prevEntryHash.startsWith('sha256:'), true);
  const verified = (await mcp.call('occam_verify', { receipt: JSON.stringify({ history: same.history }), mode: 'history' })).json;
  assert.equal(verified.verdict, 'history_verified', JSON.stringify(verified));
  assert.deepEqual([verified.history.entriesTotal, verified.history.chainIntegrity], [4, true]);

  fx.setChanging('<p>gone</p>', 403);
  const walled = await watch();
  assert.deepEqual([walled.ok, walled.failure.code], [false, 'http_403']);
  fx.setChanging(sentence('fourth'));
  const after403 = await watch();
  assert.deepEqual([after403.changed, after403.historyLength], [false, 4]);

  const reset = await watch({ reset: true });
  assert.deepEqual([reset.firstSeen, reset.changed, reset.historyLength], [true, false, 1]);
  assert.ok(existsSync(join(dirs.env.HOME, '.occam', 'watch', 'watch.db')));
});

test('playbooks.md #24: opt-in tools stay unlisted without their gates', async () => {
  const plain = await startMcp(playbookDirs().env);
  try {
    const names = await plain.toolNames();
    for (const t of ['occam_watch', 'occam_crosscheck', 'occam_failure_atlas', 'occam_browser_interact']) assert.ok(!names.includes(t), t);
    assert.ok(names.includes('occam_playbook_save'));
  } finally {
    await plain.close();
  }
  assert.ok((await mcp.toolNames()).includes('occam_watch'));
});
