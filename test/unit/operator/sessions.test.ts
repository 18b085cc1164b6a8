// operator.md §13 session profiles, cases #41–#44 (in-process against a temporary HOME).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeWorld, worldContext, writeFile, type World } from '../../helpers/operator-world.ts';
import { GITIGNORE, SessionError, sessionImport, sessionInit, sessionList } from '../../../src/operator/sessions.ts';
import { loadSessionProfile } from '../../../src/fetch/session.ts';

const worlds: World[] = [];
after(() => worlds.forEach((w) => w.cleanup()));
const world = () => {
  const w = makeWorld({ install: false });
  worlds.push(w);
  return w;
};
const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
const FUTURE = String(NOW / 1000 + 86_400);
const PAST = String(NOW / 1000 - 86_400);
const COOKIES = [
  '# Netscape HTTP Cookie File',
  '# This is a comment line',
  `.example.com\tTRUE\t/\tTRUE\t${FUTURE}\tsid\tabc123`,
  `#HttpOnly_.example.com\tTRUE\t/\tTRUE\t${FUTURE}\tauth\ts3cr3t`,
  `www.example.com\tFALSE\t/\tFALSE\t0\tpref\tdark`,
  `.example.com\tTRUE\t/\tTRUE\t${PAST}\told\tgone`,
  `.other.org\tTRUE\t/\tTRUE\t${FUTURE}\ttrack\tnope`,
  '',
].join('\n');

test('operator.md #41: session init twice → same layout, exact .gitignore, owner-only dirs', () => {
  const w = world();
  const ctx = worldContext(w);
  const first = sessionInit(ctx);
  const layout = readdirSync(first.sessionsRoot).sort();
  const second = sessionInit(ctx);
  assert.equal(second.ok, true);
  assert.deepEqual(readdirSync(second.sessionsRoot).sort(), layout);
  assert.deepEqual(layout, ['.gitignore', 'README.md', '_imports', 'states']);
  assert.equal(readFileSync(join(first.sessionsRoot, '.gitignore'), 'utf8'), '*\n!README.md\n!.gitignore\n');
  assert.equal(GITIGNORE, '*\n!README.md\n!.gitignore\n');
  assert.equal(statSync(first.sessionsRoot).mode & 0o777, 0o700);
  assert.equal(first.sessionsRoot, join(w.home, '.occam', 'sessions'));
});

test('operator.md #42: import --host example.com keeps the right cookies, counts expired, default id; re-run needs --force', () => {
  const w = world();
  const ctx = worldContext(w, { now: () => NOW });
  const from = writeFile(join(w.root, 'cookies.txt'), COOKIES);
  const r = sessionImport(ctx, { from, host: 'www.example.com' });
  assert.equal(r.id, 'example.com.imported');
  assert.equal(r.cookiesImported, 3);
  assert.equal(r.skippedExpired, 1);
  assert.deepEqual(r.hosts, ['example.com', 'www.example.com']);
  assert.equal(r.importMode, 'host');
  assert.equal(r.hasCfClearance, false);
  const doc = JSON.parse(readFileSync(r.path, 'utf8'));
  assert.equal(doc.Cookie, 'sid=abc123; auth=s3cr3t; pref=dark');
  assert.equal(doc._occam.cookieCount, 3);
  assert.equal(doc._occam.updated, '2026-11-30');
  assert.equal(statSync(r.path).mode & 0o777, 0o600);
  assert.deepEqual(readdirSync(join(w.home, '.occam', 'sessions', '_imports')), [], 'no copy without --keep-import');
  assert.throws(() => sessionImport(ctx, { from, host: 'example.com' }), (e: unknown) => e instanceof SessionError && e.exitCode === 1 && /already exists/.test(e.message));
  const kept = sessionImport(ctx, { from, host: 'example.com', force: true, keepImport: true });
  assert.equal(kept.cookiesImported, 3);
  assert.deepEqual(readdirSync(join(w.home, '.occam', 'sessions', '_imports')), ['cookies.txt']);
  const all = sessionImport(ctx, { from, all: true });
  assert.equal(all.id, 'browser.export');
  assert.equal(all.cookiesImported, 4);
  assert.ok(all.warnings?.some((x) => /--all/.test(x)));
});

test('operator.md #42: import errors — missing --from, neither/both --host/--all, missing file, no match', () => {
  const w = world();
  const ctx = worldContext(w, { now: () => NOW });
  const from = writeFile(join(w.root, 'cookies.txt'), COOKIES);
  const fails = (o: object, re: RegExp) => assert.throws(() => sessionImport(ctx, o), (e: unknown) => e instanceof SessionError && e.exitCode === 1 && re.test(e.message));
  fails({ host: 'example.com' }, /--from/);
  fails({ from }, /exactly one/);
  fails({ from, host: 'a.com', all: true }, /exactly one/);
  fails({ from: join(w.root, 'nope.txt'), host: 'a.com' }, /not found/);
  fails({ from, host: 'nomatch.net' }, /no matching cookies/);
});

test('operator.md #43: list never shows header values; invalid ids are rejected', async () => {
  const w = world();
  const ctx = worldContext(w, { now: () => NOW });
  const from = writeFile(join(w.root, 'cookies.txt'), COOKIES);
  sessionImport(ctx, { from, host: 'example.com', userAgent: 'UA-Secret/1.0' });
  writeFile(join(w.home, '.occam', 'sessions', '.hidden.json'), '{"Cookie":"x=y"}');
  const list = await sessionList(ctx);
  assert.equal(list.count, 1);
  assert.deepEqual(list.profiles[0].headers, ['Cookie', 'User-Agent']);
  const text = JSON.stringify(list);
  for (const secret of ['abc123', 's3cr3t', 'UA-Secret']) assert.ok(!text.includes(secret), secret);
  for (const id of ['../x', 'a/b', 'a\\b', '..']) {
    assert.throws(() => sessionImport(ctx, { from, host: 'example.com', id }), /invalid session id/);
  }
  assert.equal(existsSync(join(w.home, '.occam', 'x.json')), false);
});

test('operator.md #44: a profile whose storageState points outside the root counts as not found', async () => {
  const w = world();
  const ctx = worldContext(w);
  sessionInit(ctx);
  const root = join(w.home, '.occam', 'sessions');
  writeFile(join(w.root, 'outside.json'), '{"cookies":[],"origins":[]}');
  writeFile(join(root, 'escape.json'), JSON.stringify({ storageState: '../../../outside.json', Cookie: 'a=b' }));
  writeFile(join(root, 'states', 'ok.json'), '{"cookies":[],"origins":[]}');
  writeFile(join(root, 'inside.json'), JSON.stringify({ storageState: 'states/ok.json' }));
  await assert.rejects(loadSessionProfile('escape', ctx), (e: any) => e.code === 'session_profile_not_found');
  assert.ok((await loadSessionProfile('inside', ctx)).storageStatePath?.endsWith(join('states', 'ok.json')));
  const list = await sessionList(ctx);
  assert.equal(list.profiles.find((p) => p.id === 'escape')!.usable, false);
  assert.equal(list.profiles.find((p) => p.id === 'inside')!.usable, true);
});
