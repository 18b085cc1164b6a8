// Records the responses of many reads, so a refactor of the read pipeline can be shown to change no byte of them:
//   node scripts/record-reads.ts OUT.jsonl        (then diff two recordings)
// Every HTML page of test/pages and test/fixtures (plus a handful of failure, text, PDF and publisher-Markdown
// routes) is served from a local HTTP server on 127.0.0.1 and read through transcode() under a fixed set of
// option combinations (detail levels, budgets, section, selectors, fit, diff/delta, conditional reads, the response
// cache, the CLI's printed view). The clock is fixed and performance.now() frozen, so timings are zero and a
// receipt's elapsedMs is stable; the signing key persists in the state dir given as OCCAM_RECORD_HOME (default a
// fixed temp path), so signatures are byte-stable between runs. What is normalised anyway: the server's ephemeral
// port is fixed (OCCAM_RECORD_PORT, default 47291) since URLs are hashed into keys.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { testContext } from '../src/runtime/context.ts';
import { Services } from '../src/runtime/services.ts';
import { transcode, type BrowserBackend, type TranscodeDeps } from '../src/read/transcode.ts';
import type { TranscodeArgs } from '../src/read/options.ts';
import { createServer } from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { html, type Route } from '../test/helpers/http-fixture.ts';

// Timings and elapsed times would otherwise differ on every run (and through the receipt's size, a budget's cut).
performance.now = () => 1000;
// ECDSA signatures are randomised, and a lean read's budget counts the receipt id derived from the signature: the
// recording signs with a deterministic stand-in of the same length (HMAC-SHA512, 64 bytes like P-256 in IEEE P1363),
// so every byte of a response, signatures and receipt ids included, compares between runs.
const nodeCrypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
nodeCrypto.sign = ((_alg: string, data: Buffer) => nodeCrypto.createHmac('sha512', 'record-reads').update(data).digest()) as typeof nodeCrypto.sign;
syncBuiltinESMExports();

const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/record-reads.ts OUT.jsonl [filter]');
  process.exit(2);
}
const filter = process.argv[3] ?? '';
const home = process.env.OCCAM_RECORD_HOME ?? join(tmpdir(), 'occam-record-reads-home');
mkdirSync(home, { recursive: true });
// Fresh cache and receipt log for every recording; the signing key (<home>/.occam/keys) is kept.
for (const name of readdirSync(home)) if (name !== '.occam') rmSync(join(home, name), { recursive: true, force: true });
const stateDir = join(home, '.occam');
if (existsSync(stateDir)) for (const name of readdirSync(stateDir)) if (name !== 'keys') rmSync(join(stateDir, name), { recursive: true, force: true });

const runtime = testContext({
  env: { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_CACHE_DIR: join(home, 'cache'), OCCAM_SESSIONS_ROOT: join(home, 'sessions'), XDG_CONFIG_HOME: join(home, 'config'), XDG_DATA_HOME: join(home, 'data') },
  homeDir: home,
  tmpDir: home,
});
const services = new Services(runtime);

function collect(dir: string, acc: string[]): string[] {
  if (!existsSync(dir)) return acc;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, acc);
    else if (name.endsWith('.html')) acc.push(p);
  }
  return acc;
}
const pages = [...collect('test/pages', []), ...collect('test/fixtures', [])].filter((p) => p.includes(filter));

const routes: Record<string, Route> = {};
for (const p of pages) routes[`/${relative('.', p)}`] = html(readFileSync(p, 'utf8'));
const text = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): Route => (_q, res) => void res.writeHead(status, { 'content-type': type, ...headers }).end(body);
const ARTICLE = `<!doctype html><html><head><title>Publisher page</title></head><body><main><article><h1>Publisher page</h1>
${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i} of the publisher page says the same thing in both of its forms so the check agrees.</p>`).join('')}
</article></main></body></html>`;
const MARKDOWN = `# Publisher page\n\n${Array.from({ length: 8 }, (_, i) => `Paragraph ${i} of the publisher page says the same thing in both of its forms so the check agrees.`).join('\n\n')}\n`;
Object.assign(routes, {
  '/fail/404': html('<h1>gone</h1>', 404),
  '/fail/403': html('<h1>forbidden</h1>', 403),
  '/fail/500': html('<h1>oops</h1>', 500),
  '/fail/thin': html('<html><body><p>Hi.</p></body></html>'),
  '/fail/binary': text(200, 'application/octet-stream', Buffer.from([0, 1, 2, 3])),
  '/notes.txt': text(200, 'text/plain; charset=utf-8', 'Plain prose notes.\nSecond line of the notes, long enough to be a read of its own.'),
  '/redirect': (_q, res) => void res.writeHead(302, { location: '/publisher' }).end(),
  '/publisher': (req, res) => {
    if (String(req.headers.accept ?? '').includes('text/markdown')) res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end(MARKDOWN);
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  },
  '/refused': html(ARTICLE, 200, { 'content-signal': 'ai-input=no' }),
  '/llms.txt': text(200, 'text/plain; charset=utf-8', '# Site\n\n> The site in brief, for agents reading it.\n\n- [Publisher page](/publisher)\n'),
});

// A fixed port: the URL is hashed into materializationKey, which must compare byte for byte too.
const port = Number(process.env.OCCAM_RECORD_PORT ?? 47_291);
const httpServer = createServer((req, res) => {
  const route = routes[(req.url ?? '/').split('?')[0]];
  if (route) void route(req, res);
  else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});
await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
const server = { origin: `http://127.0.0.1:${port}`, url: (p: string) => `http://127.0.0.1:${port}${p}`, close: () => new Promise<void>((r) => { httpServer.closeAllConnections(); httpServer.close(() => r()); }) };
const deps = (over: Partial<TranscodeDeps> = {}): TranscodeDeps => ({ runtime, services, resolveMaxTokens: (e) => e, browser: null, ...over });
/** A stand-in browser (no Chromium): renders a page as its served HTML, cut at a cap like the real pool's, with a
 *  fixed screenshot — enough to run the browser attempt, the router's escalation and the browser HTML cap. */
const BROWSER_HTML_CAP = 40_000;
const browser: BrowserBackend = {
  render: async (url, o) => {
    const res = await fetch(url);
    const full = await res.text();
    const cut = full.length > BROWSER_HTML_CAP;
    return {
      finalUrl: res.url,
      status: res.status,
      html: cut ? full.slice(0, BROWSER_HTML_CAP) : full,
      ...(cut ? { htmlTruncated: true, htmlTotalChars: full.length } : {}),
      ...(o.screenshot ? { screenshotJpeg: Buffer.from(`screenshot of ${url}`).toString('base64') } : {}),
    };
  },
};
const printed = (r: Record<string, unknown>) => `${String((r.url as { finalUrl?: string } | undefined)?.finalUrl ?? r.url ?? '')}\n\n${String(r.markdown ?? '')}`;

const lines: string[] = [];
let count = 0;
const normalise = (s: string) => s;
async function record(page: string, combo: string, args: TranscodeArgs, over: Partial<TranscodeDeps> = {}): Promise<Record<string, unknown>> {
  const result = await transcode(args, deps(over));
  lines.push(normalise(JSON.stringify({ page, combo, result })));
  count++;
  return result;
}

const headingsOf = (md: string) => [...md.matchAll(/^#{2,6}\s+(.+?)\s*$/gm)].map((m) => m[1]);
const extraUrls = ['/fail/404', '/fail/403', '/fail/500', '/fail/thin', '/fail/binary', '/notes.txt', '/redirect', '/publisher', '/refused'];
const targets = [...pages.map((p) => `/${relative('.', p)}`), ...(filter ? [] : extraUrls)];

for (const path of targets) {
  const url = server.url(path);
  const base = await record(path, 'full', { url, detail: 'full' });
  const md = typeof base.markdown === 'string' ? base.markdown : '';
  const headings = headingsOf(md);
  const section = headings[1] ?? headings[0] ?? 'Introduction';
  const hash = typeof base.contentHash === 'string' ? base.contentHash : 'deadbeef';
  await record(path, 'lean', { url, detail: 'lean' });
  await record(path, 'standard', { url, detail: 'standard' });
  await record(path, 'full+400', { url, detail: 'full', max_tokens: 400 });
  await record(path, 'lean+400', { url, detail: 'lean', max_tokens: 400 });
  await record(path, 'standard+1000', { url, detail: 'standard', max_tokens: 1000 });
  await record(path, 'lean+130', { url, detail: 'lean', max_tokens: 130 });
  await record(path, 'full+section', { url, detail: 'full', section });
  await record(path, 'lean+section+300', { url, detail: 'lean', section, max_tokens: 300 });
  await record(path, 'full+selectors', { url, detail: 'full', content_selectors: headings.slice(0, 2).join(',') || 'Missing heading' });
  await record(path, 'full+fit+focus', { url, detail: 'full', fit_markdown: true, focus_query: 'how to install and configure' });
  await record(path, 'full+fit+600', { url, detail: 'full', fit_markdown: true, max_tokens: 600 });
  const blocks = await record(path, 'full+blocks', { url, detail: 'full', json_blocks: true, tag_trust: true });
  const hashes = ((blocks.blocks as Array<{ hash: string }> | undefined) ?? []).filter((_, i) => i % 2 === 0).map((b) => b.hash);
  await record(path, 'full+delta', { url, detail: 'full', json_blocks: true, diff_against: hashes.join(',') || 'abc', delta_only: true });
  await record(path, 'full+if_none_match', { url, detail: 'full', if_none_match: hash });
  await record(path, 'lean+if_none_match', { url, detail: 'lean', if_none_match: hash.slice(0, 12) });
  await record(path, 'full+sidecars+700', { url, detail: 'full', json_tables: true, toc: true, semantic_chunking: true, include_media_refs: true, compact_links: true, max_tokens: 700 });
  await record(path, 'full+cache/miss', { url, detail: 'full', cache_ttl_s: 600 });
  await record(path, 'full+cache/hit', { url, detail: 'full', cache_ttl_s: 600 });
  await record(path, 'lean+cache+500/miss', { url, detail: 'lean', cache_ttl_s: 600, max_tokens: 500 });
  await record(path, 'lean+cache+500/hit', { url, detail: 'lean', cache_ttl_s: 600, max_tokens: 500 });
  await record(path, 'view+300', { url, detail: 'full', max_tokens: 300 }, { view: printed });
  await record(path, 'facade+800', { url, detail: 'full', max_tokens: 800 }, { budgetDetail: 'lean', envelopeOverhead: 40 });
  await record(path, 'router+capsule', { url, detail: 'full', backend_policy: 'http_then_browser', emit_capsule: true, must_contain: 'the' });
  await record(path, 'llms', { url, detail: 'standard', prefer_llms_txt: true });
  await record(path, 'browser+screenshot', { url, detail: 'full', backend_policy: 'browser', capture_screenshot: true }, { browser });
  await record(path, 'router+browser+lean+400', { url, detail: 'lean', backend_policy: 'http_then_browser', max_tokens: 400 }, { browser });
  await record(path, 'router+browser+full', { url, detail: 'full', backend_policy: 'http_then_browser', capture_screenshot: true }, { browser });
}
await record('-', 'invalid-detail', { url: server.url('/publisher'), detail: 'loud' });
await record('-', 'invalid-url', { url: 'not a url', detail: 'lean' });
await record('-', 'invalid-max', { url: server.url('/publisher'), detail: 'full', max_tokens: 5 });

writeFileSync(out, lines.join('\n') + '\n');
console.log(`recorded ${count} reads of ${targets.length} URLs to ${out}`);
await server.close();
await services.disposeAll();
