// playbooks.md #10, #21, #22 and the transcode overlay (§4.1) through a real MCP stdio client against fixture F.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMcp, type McpSession } from '../helpers/mcp-client.ts';
import { testContext } from '../../src/runtime/context.ts';
import { GenomeFetcher } from '../../src/playbooks/genome.ts';
import { playbookDirs, startPlaybookFixture, type PlaybookDirs, type PlaybookFixture } from './playbooks-fixture.ts';

let fx: PlaybookFixture;
let dirs: PlaybookDirs;
let mcp: McpSession;
const writeLocal = (doc: Record<string, unknown>) => writeFileSync(join(dirs.local, '127.0.0.1.playbook.json'), JSON.stringify(doc));
const base = { schema_version: '1.0', id: '127.0.0.1', hosts: ['127.0.0.1'], extract: { contentSelectors: ['main'] } };

before(async () => {
  fx = await startPlaybookFixture();
  dirs = playbookDirs();
  mcp = await startMcp({ ...dirs.env, OCCAM_RESPONSE_DETAIL: 'full' });
});
after(async () => {
  await mcp?.close();
  await fx?.close();
});

test('playbooks.md #21: typed facts in schema order, koId formula, telemetry receipt only', async () => {
  writeLocal({
    ...base,
    knowledge_schema: {
      default: { title: { selector: 'h1.t' }, price: { selector: 'span.price' }, doc: { selector: 'a.doc', attr: 'href' }, tags: { selector: 'li', multiple: true } },
    },
  });
  const url = fx.F('/product/123');
  const { json, raw } = await mcp.call('occam_extract_knowledge', { url, backend_policy: 'http' });
  assert.equal(json.ok, true, JSON.stringify(json));
  assert.deepEqual(json.facts.map((f: any) => f.name), ['title', 'price', 'doc', 'tags']);
  assert.deepEqual(json.facts.map((f: any) => f.value), ['Widget Pro', '12,50', '/manual.pdf', 'red; small']);
  assert.equal(json.backend, 'css_extract_http');
  assert.equal(json.pageClass, 'default');
  const norm = url.replace(/\/+$/, '').toLowerCase();
  assert.equal(json.meta.koId, createHash('sha256').update(`${norm}|knowledge|0.8.6-pb4b-extract`).digest('hex').slice(0, 16));
  assert.equal(typeof json.receipt.elapsedMs, 'number');
  assert.ok(!JSON.stringify(raw).includes('contentHash'));
  // occam_verify refuses the telemetry receipt.
  const v = await mcp.call('occam_verify', { receipt: JSON.stringify(json.receipt) });
  assert.notEqual(v.json.verdict, 'verified');
});

test('playbooks.md #22: extract_knowledge failures and the regex/divide attr', async () => {
  const call = async (doc: Record<string, unknown> | null, path = '/product/123', policy = 'http') => {
    if (doc) writeLocal(doc);
    return (await mcp.call('occam_extract_knowledge', { url: fx.F(path), backend_policy: policy })).json;
  };
  assert.equal((await call(base)).failureCode, 'knowledge_schema_missing');
  const routed = { ...base, genome: { page_classes: { product: '/product/*' } }, knowledge_schema: { product: { t: { selector: 'h1' } } } };
  assert.equal((await call(routed, '/other')).failureCode, 'page_class_unmatched');
  assert.equal((await call({ ...base, knowledge_schema: { default: {} } })).failureCode, 'knowledge_schema_empty');
  assert.equal((await call({ ...base, knowledge_schema: { default: { t: { attr: 'text' } } } })).failureCode, 'invalid_arguments');
  assert.equal((await call({ ...base, knowledge_schema: { default: { t: { selector: 'x', attr: 'nuxt' } } } })).failureCode, 'nuxt_attr_disabled');
  const walled = await call({ ...base, knowledge_schema: { default: { t: { selector: 'h1' } } } }, '/walled');
  assert.equal(walled.failureCode, 'http_403');
  assert.equal(walled.playbookId, '127.0.0.1');
  const rx = await call({ ...base, knowledge_schema: { default: { p: { selector: 'price">([0-9,]+)<', attr: 'regex', divide: 5 } } } });
  assert.equal(rx.facts[0].value, '2.5');
  writeFileSync(join(dirs.local, '127.0.0.1.playbook.json'), '{"schema_version":"1.0","id":"other","hosts":["other.example"]}');
  assert.equal((await call(null)).failureCode, 'playbook_not_found');
});

test('playbooks.md §4.1: playbook_policy=auto applies the local overlay and stamps the receipt; off does not', async () => {
  writeLocal({ ...base, extract: { contentSelectors: ['#nope', '#short'] }, agent_notes: 'Only the aside.' });
  const auto = (await mcp.call('occam_transcode', { url: fx.F('/article'), backend_policy: 'http' })).json;
  assert.equal(auto.ok, true, JSON.stringify(auto.failure));
  assert.match(auto.markdown, /storage temperatures/);
  assert.doesNotMatch(auto.markdown, /Preparation paragraph/);
  assert.equal(auto.agentHints.playbook.id, '127.0.0.1');
  assert.equal(auto.agentHints.playbook.notes, 'Only the aside.');
  assert.deepEqual(auto.receipt.signed.playbook, { id: '127.0.0.1', version: '' });
  const off = (await mcp.call('occam_transcode', { url: fx.F('/article'), backend_policy: 'http', playbook_policy: 'off' })).json;
  assert.match(off.markdown, /Preparation paragraph/);
  assert.equal(off.receipt.signed.playbook, undefined);
  writeLocal({ ...base, extract: { contentSelectors: ['#nope'] } });
  const miss = (await mcp.call('occam_transcode', { url: fx.F('/article'), backend_policy: 'http' })).json;
  assert.equal(miss.ok, true);
  assert.ok(miss.agentHints.warnings.some((w: string) => w.startsWith('content_selectors_miss')));
  assert.equal(miss.receipt.signed.playbook, undefined);
});

test('reading.md §20: the occam cascade resolves the playbook in its first step', async () => {
  writeLocal({ ...base, extract: { contentSelectors: ['#content'] } });
  const r = (await mcp.call('occam', { url: fx.F('/article') })).json;
  assert.equal(r.ok, true, JSON.stringify(r.failure));
  assert.equal(r.playbookId, '127.0.0.1');
  assert.deepEqual(r.steps[0].kind === 'playbook_resolve' && [r.steps[0].status, r.steps[0].detail], ['ok', '127.0.0.1']);
});

test('playbooks.md #10: well-known genome fetch, cache and failure codes', async () => {
  writeFileSync(join(dirs.local, '127.0.0.1.playbook.json'), '{"schema_version":"1.0","id":"other","hosts":["other.example"]}');
  const resolve = async () => (await mcp.call('occam_playbook_resolve', { url: fx.F('/docs/x'), fetch_site_genome: true })).json;
  fx.setGenome(JSON.stringify({ schema_version: '1.0', id: 'site', hosts: ['127.0.0.1'], genome: { site_type: 'documentation' } }));
  const first = await resolve();
  assert.deepEqual([first.ok, first.provenance, first.genomeFetch.ok, first.genomeFetch.cacheHit], [true, 'site', true, false]);
  assert.equal(first.sourcePath, '.well-known/agent-genome.v1.json');
  assert.equal((await resolve()).genomeFetch.cacheHit, true);
  // Failure codes: a fresh fetcher per case (the per-host cache keeps failures for an hour).
  const codeFor = async (body: string, type: string, status: number, env: Record<string, string> = {}) => {
    fx.setGenome(body, type, status);
    const runtime = testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1', ...env } });
    const r = await new GenomeFetcher(runtime).fetch('127.0.0.1', new URL(fx.F('/docs/x')));
    return r.failureCode;
  };
  const valid = JSON.stringify({ schema_version: '1.0', hosts: ['127.0.0.1'] });
  assert.equal(await codeFor(valid, 'text/html', 200), 'not_json');
  assert.equal(await codeFor(JSON.stringify({ schema_version: '1.0', hosts: ['elsewhere.example'] }), 'application/json', 200), 'invalid_manifest');
  assert.equal(await codeFor('{}', 'application/json', 404), 'http_404');
  assert.equal(await codeFor(JSON.stringify({ schema_version: '1.0', hosts: ['127.0.0.1'], pad: 'x'.repeat(33 * 1024) }), 'application/json', 200), 'invalid_manifest');
  assert.equal(await codeFor(valid, 'application/json', 200, { OCCAM_ALLOW_PRIVATE_URLS: '0' }), 'private_url_blocked');
});
