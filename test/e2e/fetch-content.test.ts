// Content over real HTTP: encodings, charsets with wrong labels, content-type dispatch, meta refresh, fragments.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { testContext } from '../../src/runtime/context.ts';
import { acquire, type AcquireDeps } from '../../src/fetch/acquire.ts';
import { html, startServer, type Handler, type LocalServer } from '../unit/fetch/local-server.ts';

const deps: AcquireDeps = { runtime: testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1' } }) };
const PAGE = '<html><body><h1>Encoded</h1><p>café 日本語 🌍</p></body></html>';
const raw = (status: number, headers: Record<string, string>, body: Buffer | string): Handler => (_req, res) => {
  res.writeHead(status, headers).end(body);
};
const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

let server: LocalServer;
before(async () => {
  server = await startServer({
    '/gzip': raw(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' }, gzipSync(PAGE)),
    '/br': raw(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' }, brotliCompressSync(PAGE)),
    '/deflate': raw(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'deflate' }, deflateSync(PAGE)),
    '/deflate-raw': raw(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'deflate' }, deflateRawSync(PAGE)),
    '/double': raw(200, { 'content-type': 'text/html', 'content-encoding': 'gzip, br' }, brotliCompressSync(gzipSync(PAGE))),
    '/corrupt-gzip': raw(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }, Buffer.from('not gzip at all')),
    '/mislabelled-latin1': raw(
      200,
      { 'content-type': 'text/html; charset=iso-8859-1' },
      Buffer.from('<meta charset="utf-8"><p>café 日本語</p>', 'utf8'),
    ),
    '/bom-utf16': raw(200, { 'content-type': 'text/html; charset=utf-8' }, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>Gödel</p>', 'utf16le')])),
    '/latin1-meta': raw(200, { 'content-type': 'text/html' }, Buffer.from('<meta charset="iso-8859-1"><p>d\u00e9j\u00e0 vu</p>', 'latin1')),
    '/json': raw(200, { 'content-type': 'application/json' }, '{"a":1}'),
    '/notes.txt': raw(200, { 'content-type': 'text/plain; charset=utf-8' }, 'plain prose'),
    '/feed': raw(200, { 'content-type': 'application/rss+xml' }, '<?xml version="1.0"?><rss version="2.0"><channel><title>F</title></channel></rss>'),
    '/xhtml': raw(200, { 'content-type': 'application/xhtml+xml' }, '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><body>x</body></html>'),
    '/no-type': (_req, res) => {
      res.removeHeader('content-type');
      res.writeHead(200).end('<p>untyped</p>');
    },
    '/doc.pdf': raw(200, { 'content-type': 'application/pdf' }, MINIMAL_PDF),
    '/download.pdf': raw(200, { 'content-type': 'application/octet-stream' }, MINIMAL_PDF),
    '/big.pdf': raw(200, { 'content-type': 'application/pdf', 'content-length': String(200 * 1024) }, Buffer.alloc(200 * 1024, 0x20)),
    '/image': raw(200, { 'content-type': 'image/png' }, Buffer.alloc(4096, 1)),
    '/binary': raw(200, { 'content-type': 'application/octet-stream' }, Buffer.from([0, 1, 2, 3, 0, 0, 255, 0, 7])),
    '/r1': html('<meta http-equiv="refresh" content="0;url=/r2"><p>one</p>'),
    '/r2': html('<meta http-equiv="refresh" content="0;url=/r3"><p>two</p>'),
    '/r3': html('<meta http-equiv="refresh" content="0;url=/r4"><p>three</p>'),
    '/r4': html('<meta http-equiv="refresh" content="0;url=/r5"><p>four</p>'),
    '/r5': html('<p>five</p>'),
    '/refresh-to-404': html('<meta http-equiv="refresh" content="0;url=/missing"><p>kept</p>'),
    '/self-refresh': html('<meta http-equiv="refresh" content="60"><p>reloads itself</p>'),
    '/doc': html('<h1>doc</h1>'),
    '/sitemap.xml.gz': raw(200, { 'content-type': 'application/x-gzip' }, gzipSync('<urlset><url><loc>http://x.test/a</loc></url></urlset>')),
  });
});
after(() => server.close());

test('gzip, brotli, zlib deflate, raw deflate and stacked encodings decode as streams', async () => {
  for (const path of ['/gzip', '/br', '/deflate', '/deflate-raw', '/double']) {
    const doc = await acquire(server.url(path), {}, deps);
    assert.equal(doc.text, PAGE, path);
    assert.equal(doc.kind, 'html');
  }
  const seen = server.requests.find((r) => r.path === '/gzip');
  assert.equal(seen?.headers['accept-encoding'], 'gzip, deflate, br');
  await assert.rejects(acquire(server.url('/corrupt-gzip'), {}, deps), { code: 'network_error' });
});

test('wrong charset labels: header iso-8859-1 on UTF-8 bytes, a UTF-16 BOM under a utf-8 header, Latin-1 via meta', async () => {
  const a = await acquire(server.url('/mislabelled-latin1'), {}, deps);
  assert.match(a.text, /café 日本語/);
  assert.equal(a.charset, 'utf-8');
  const b = await acquire(server.url('/bom-utf16'), {}, deps);
  assert.equal(b.text, '<p>Gödel</p>');
  assert.equal(b.charsetSource, 'bom');
  const c = await acquire(server.url('/latin1-meta'), {}, deps);
  assert.match(c.text, /déjà vu/);
  assert.equal(c.charsetSource, 'meta');
});

test('reading.md §7: json, text, feed, xhtml and untyped bodies get their kind', async () => {
  const kinds: Record<string, string> = { '/json': 'json', '/notes.txt': 'text', '/feed': 'feed', '/xhtml': 'html', '/no-type': 'html' };
  for (const [path, kind] of Object.entries(kinds)) {
    const doc = await acquire(server.url(path), {}, deps);
    assert.equal(doc.kind, kind, path);
  }
  const json = await acquire(server.url('/json'), {}, deps);
  assert.equal(json.text, '{"a":1}');
  assert.equal(json.contentType, 'application/json');
  const untyped = await acquire(server.url('/no-type'), {}, deps);
  assert.equal(untyped.contentType, null);
});

test('reading.md #19: PDFs come back as bytes (by type or .pdf path); the PDF cap applies', async () => {
  const doc = await acquire(server.url('/doc.pdf'), {}, deps);
  assert.equal(doc.kind, 'pdf');
  assert.equal(doc.text, '');
  assert.ok(doc.bytes.subarray(0, 5).equals(Buffer.from('%PDF-')));
  const byPath = await acquire(server.url('/download.pdf'), {}, deps);
  assert.equal(byPath.kind, 'pdf');
  await assert.rejects(
    acquire(server.url('/big.pdf'), {}, { runtime: testContext({ env: { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_MAX_PDF_BYTES: '65536' } }) }),
    (err: any) => err.code === 'response_too_large' && err.details.bytesRead === 0 && err.details.maxBytes === 65536,
  );
  // The HTML cap does not apply to PDFs: 200 KiB passes under the default 16 MiB PDF cap even with a 64 KiB HTML cap.
  const env = { OCCAM_ALLOW_PRIVATE_URLS: '1', OCCAM_MAX_RESPONSE_BYTES: '65536' };
  const big = await acquire(server.url('/big.pdf'), {}, { runtime: testContext({ env }) });
  assert.equal(big.bytes.length, 200 * 1024);
});

test('reading.md #21: media and binary bodies are unsupported_content_type', async () => {
  await assert.rejects(acquire(server.url('/image'), {}, deps), (err: any) => {
    assert.equal(err.code, 'unsupported_content_type');
    assert.equal(err.details.contentType, 'image/png');
    return true;
  });
  await assert.rejects(acquire(server.url('/binary'), {}, deps), { code: 'unsupported_content_type' });
});

test('reading.md #22: meta refresh follows at most 3 hops, finalUrl moves along; a failing target keeps the previous body', async () => {
  const doc = await acquire(server.url('/r1'), {}, deps);
  assert.equal(doc.metaRefreshHops, 3);
  assert.equal(doc.finalUrl, server.url('/r4'));
  assert.match(doc.text, /four/);
  assert.deepEqual(
    doc.redirectChain.map((h) => new URL(h.url).pathname),
    ['/r1', '/r2', '/r3', '/r4'],
  );
  const kept = await acquire(server.url('/refresh-to-404'), {}, deps);
  assert.match(kept.text, /kept/);
  assert.equal(kept.finalUrl, server.url('/refresh-to-404'));
  const self = await acquire(server.url('/self-refresh'), {}, deps);
  assert.equal(self.metaRefreshHops, 0);
  const off = await acquire(server.url('/r1'), { metaRefreshHops: 0 }, deps);
  assert.equal(off.finalUrl, server.url('/r1'));
});

test('reading.md #23: the fragment is never sent', async () => {
  const doc = await acquire(server.url('/doc#install'), {}, deps);
  assert.equal(doc.requestedUrl, server.url('/doc'));
  assert.equal(server.requests.at(-1)?.path, '/doc');
});

test('a sample read stops quietly at sampleBytes', async () => {
  const doc = await acquire(server.url('/gzip'), { sampleBytes: 10 }, deps);
  assert.equal(doc.truncated, true);
  assert.equal(doc.truncation, 'sample');
  assert.equal(doc.bytes.length, 10);
});

test('malformed URLs are invalid_url', async () => {
  await assert.rejects(acquire('not a url', {}, deps), { code: 'invalid_url' });
  await assert.rejects(acquire('/relative/path', {}, deps), { code: 'invalid_url' });
});

test('acceptBinary hands back archive and binary bodies as kind binary instead of refusing them', async () => {
  await assert.rejects(acquire(server.url('/sitemap.xml.gz'), {}, deps), { code: 'unsupported_content_type' });
  const gz = await acquire(server.url('/sitemap.xml.gz'), { acceptBinary: true }, deps);
  assert.equal(gz.kind, 'binary');
  assert.deepEqual([gz.bytes[0], gz.bytes[1]], [0x1f, 0x8b], 'bytes as served (content-encoding is not involved)');
  const bin = await acquire(server.url('/binary'), { acceptBinary: true }, deps);
  assert.equal(bin.kind, 'binary');
  assert.equal(bin.bytes.length, 9);
  const page = await acquire(server.url('/doc'), { acceptBinary: true }, deps);
  assert.equal(page.kind, 'html', 'text bodies are still decoded');
});
