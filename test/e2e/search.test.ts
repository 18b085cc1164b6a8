// occam_search against local servers speaking the SearXNG, Brave and Tavily response shapes, through the MCP
// tool over a real stdio client.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startFixtureServer } from '../helpers/http-fixture.ts';
import { startMcp } from '../helpers/mcp-client.ts';

const seen: Array<{ path: string; headers: Record<string, unknown>; body: string }> = [];
const json = (value: unknown, status = 200) => (req: any, res: any) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    seen.push({ path: req.url, headers: req.headers, body });
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  });
};
const server = await startFixtureServer({
  '/searx/search': json({
    results: [
      { title: 'First\nresult', url: 'https://docs.example/a', content: 'About  \n a' },
      { title: '', url: '', content: 'dropped: no url' },
      { title: 'Second', url: 'https://docs.example/b', content: '' },
      { title: 'Third', url: 'https://docs.example/c', content: 'c' },
    ],
  }),
  '/brave/res/v1/web/search': json({ web: { results: [{ title: 'Brave hit', url: 'https://brave.example/x', description: 'desc' }] } }),
  '/tavily/search': json({ results: [{ title: 'Tavily hit', url: 'https://tavily.example/y', content: 'snippet' }] }),
  '/broken/search': json({ error: 'nope' }, 502),
  '/notjson/search': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
  },
});
after(() => server.close());

test('tools.md §3.1.11: no provider → search_unconfigured naming the env variables, never a result', async () => {
  const s = await startMcp({ OCCAM_PROFILE: 'basic' });
  try {
    const r = await s.call('occam_search', { query: 'anything' });
    assert.equal(r.raw.isError, true);
    assert.equal(r.json.ok, false);
    assert.equal(r.json.failure.code, 'search_unconfigured');
    assert.match(r.json.failure.message, /OCCAM_SEARCH_PROVIDER/);
    assert.equal(r.json.query, 'anything');
    assert.equal('results' in r.json, false);
  } finally {
    await s.close();
  }
  const brave = await startMcp({ OCCAM_SEARCH_PROVIDER: 'brave' });
  try {
    const r = await brave.call('occam_search', { query: 'x' });
    assert.equal(r.json.failure.code, 'search_unconfigured');
    assert.match(r.json.failure.message, /OCCAM_SEARCH_API_KEY/);
  } finally {
    await brave.close();
  }
});

test('reading.md §17.2: SearXNG results are normalised and labelled S1… with durable handles', async () => {
  const s = await startMcp({ OCCAM_SEARCH_PROVIDER: 'SearXNG', OCCAM_SEARCH_URL: server.url('/searx/'), OCCAM_SEARCH_API_KEY: 'tok' });
  try {
    const r = (await s.call('occam_search', { query: '  docs  ', max_results: 2 })).json;
    assert.equal(r.ok, true);
    assert.equal(r.provider, 'searxng');
    assert.equal(r.query, 'docs');
    assert.equal(r.count, 2);
    assert.deepEqual(r.results, [
      { id: 'S1', handle: 'H00000001', title: 'First result', url: 'https://docs.example/a', snippet: 'About a' },
      { id: 'S2', handle: 'H00000002', title: 'Second', url: 'https://docs.example/b' },
    ]);
    assert.equal(r.handleTtlS, 3600);
    assert.equal(r.handleScope, 'process');
    const req = seen.find((x) => x.path.startsWith('/searx/search'))!;
    assert.match(req.path, /q=docs&format=json/);
    assert.equal(req.headers.authorization, 'Bearer tok');
    const again = (await s.call('occam_search', { query: 'more' })).json;
    assert.deepEqual(again.results.map((x: any) => x.handle), ['H00000003', 'H00000004', 'H00000005']);
  } finally {
    await s.close();
  }
});

test('reading.md §17.2: Brave and Tavily request and response shapes', async () => {
  const brave = await startMcp({ OCCAM_SEARCH_PROVIDER: 'brave', OCCAM_SEARCH_URL: server.url('/brave'), OCCAM_SEARCH_API_KEY: 'bk' });
  try {
    const r = (await brave.call('occam_search', { query: 'q b' })).json;
    assert.deepEqual(r.results[0], { id: 'S1', handle: 'H00000001', title: 'Brave hit', url: 'https://brave.example/x', snippet: 'desc' });
    const req = seen.find((x) => x.path.startsWith('/brave/'))!;
    assert.match(req.path, /q=q%20b&count=8/);
    assert.equal(req.headers['x-subscription-token'], 'bk');
  } finally {
    await brave.close();
  }
  const tavily = await startMcp({ OCCAM_SEARCH_PROVIDER: 'tavily', OCCAM_SEARCH_URL: server.url('/tavily'), OCCAM_SEARCH_API_KEY: 'tk' });
  try {
    const r = (await tavily.call('occam_search', { query: 'q t', max_results: 3 })).json;
    assert.equal(r.results[0].url, 'https://tavily.example/y');
    const req = seen.find((x) => x.path.startsWith('/tavily/'))!;
    assert.deepEqual(JSON.parse(req.body), { query: 'q t', max_results: 3 });
    assert.equal(req.headers.authorization, 'Bearer tk');
  } finally {
    await tavily.close();
  }
});

test('backend failures map to search_http_<status> and search_error; bad arguments to invalid_arguments', async () => {
  const s = await startMcp({ OCCAM_SEARCH_PROVIDER: 'searxng', OCCAM_SEARCH_URL: server.url('/broken') });
  try {
    assert.equal((await s.call('occam_search', { query: 'x' })).json.failure.code, 'search_http_502');
    const range = await s.call('occam_search', { query: 'x', max_results: 21 });
    assert.equal(range.raw.isError, true);
    assert.equal(range.json.failure.code, 'invalid_arguments', 'range errors use the tool\'s own [F-nest] shape');
    assert.equal((await s.call('occam_search', { query: '   ' })).json.failure.code, 'invalid_arguments');
  } finally {
    await s.close();
  }
  const t = await startMcp({ OCCAM_SEARCH_PROVIDER: 'searxng', OCCAM_SEARCH_URL: server.url('/notjson') });
  try {
    assert.equal((await t.call('occam_search', { query: 'x' })).json.failure.code, 'search_error');
  } finally {
    await t.close();
  }
});
