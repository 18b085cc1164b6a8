import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  classifyBody,
  decodeBody,
  isPdfResponse,
  isUnsupportedBeforeReading,
  looksLikeFeed,
  looksLikeText,
  metaRefreshTarget,
  parseContentType,
} from '../../../src/fetch/content.ts';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

test('parseContentType splits mime and charset', () => {
  assert.deepEqual(parseContentType('Text/HTML; Charset="ISO-8859-1"'), { mime: 'text/html', charset: 'iso-8859-1' });
  assert.deepEqual(parseContentType('application/json'), { mime: 'application/json', charset: null });
  assert.deepEqual(parseContentType(undefined), { mime: null, charset: null });
  assert.deepEqual(parseContentType('garbage'), { mime: null, charset: null });
});

test('charset: BOM beats a wrong header', () => {
  const body = new Uint8Array([0xff, 0xfe, ...Buffer.from('café', 'utf16le')]);
  assert.deepEqual(decodeBody(body, 'utf-8', 'html'), { text: 'café', charset: 'utf-16le', charsetSource: 'bom' });
  const be = new Uint8Array([0xfe, 0xff, 0x00, 0x41]);
  assert.equal(decodeBody(be, 'iso-8859-1', 'html').text, 'A');
  assert.equal(decodeBody(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('日本')]), 'windows-1252', 'none').text, '日本');
});

test('charset: header iso-8859-1 on a UTF-8 body with <meta charset=utf-8> decodes as UTF-8', () => {
  const r = decodeBody(utf8('<meta charset="utf-8"><p>café 日本語 Ελληνικά</p>'), 'iso-8859-1', 'html');
  assert.equal(r.text, '<meta charset="utf-8"><p>café 日本語 Ελληνικά</p>');
  assert.equal(r.charset, 'utf-8');
  assert.equal(r.charsetSource, 'utf8_validation');
});

test('charset: a real Latin-1 body honours its header or meta', () => {
  assert.deepEqual(decodeBody(latin1('<p>caf\u00e9</p>'), 'iso-8859-1', 'html'), {
    text: '<p>café</p>',
    charset: 'windows-1252',
    charsetSource: 'header',
  });
  const meta = decodeBody(latin1('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>na\u00efve</p>'), null, 'html');
  assert.equal(meta.charsetSource, 'meta');
  assert.match(meta.text, /naïve/);
  // Header claims UTF-8 but the bytes are not; the page's own declaration rescues it.
  const rescued = decodeBody(latin1('<meta charset="iso-8859-1"><p>\u00e9t\u00e9</p>'), 'utf-8', 'html');
  assert.match(rescued.text, /été/);
  // No declaration anywhere and invalid UTF-8: windows-1252 fallback instead of replacement characters.
  const fallback = decodeBody(latin1('<p>\u00e9</p>'), null, 'html');
  assert.deepEqual([fallback.text, fallback.charsetSource], ['<p>é</p>', 'fallback']);
});

test('charset: legacy multi-byte encodings and the XML declaration', () => {
  const sjis = new Uint8Array([0x93, 0xfa, 0x96, 0x7b]); // 日本 in Shift_JIS
  assert.equal(decodeBody(sjis, 'shift_jis', 'html').text, '日本');
  const xml = latin1('<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>\u00e9</title></rss>');
  const r = decodeBody(xml, null, 'xml');
  assert.equal(r.charsetSource, 'xml_declaration');
  assert.match(r.text, /<title>é<\/title>/);
  assert.equal(decodeBody(utf8('x'), 'no-such-charset', 'none').charset, 'utf-8');
});

test('content dispatch follows the reading.md §7 table', () => {
  assert.equal(isPdfResponse('application/pdf', '/x'), true);
  assert.equal(isPdfResponse('application/x-pdf', '/x'), true);
  assert.equal(isPdfResponse('application/octet-stream', '/paper.PDF'), true);
  assert.equal(isPdfResponse('text/html', '/paper.pdf'), false);
  for (const m of ['image/png', 'audio/mpeg', 'video/mp4', 'font/woff2', 'application/zip', 'application/gzip']) {
    assert.equal(isUnsupportedBeforeReading(m), true, m);
  }
  assert.equal(isUnsupportedBeforeReading('text/html'), false);
  assert.equal(classifyBody('text/html', '/', '<p>x</p>'), 'html');
  assert.equal(classifyBody(null, '/', '<p>x</p>'), 'html');
  assert.equal(classifyBody('application/xhtml+xml', '/', '<html/>'), 'html');
  assert.equal(classifyBody('text/plain', '/', 'hello'), 'text');
  assert.equal(classifyBody('text/markdown', '/README.md', '# T'), 'text');
  assert.equal(classifyBody('application/octet-stream', '/notes', 'plain words'), 'text');
  assert.equal(classifyBody('application/octet-stream', '/blob', 'a\0b\0c'), null);
  assert.equal(classifyBody('application/json', '/', '{"a":1}'), 'json');
  assert.equal(classifyBody('application/ld+json', '/', '{"a":1}'), 'json');
  assert.equal(classifyBody('application/rss+xml', '/', '<?xml version="1.0"?><rss version="2.0"><channel/></rss>'), 'feed');
  assert.equal(classifyBody('application/xml', '/', '<feed xmlns="http://www.w3.org/2005/Atom"></feed>'), 'feed');
  assert.equal(classifyBody('text/xml', '/', '<note>hi</note>'), 'html');
  assert.equal(classifyBody('application/json', '/', '{"version":"https://jsonfeed.org/version/1.1","items":[]}'), 'feed');
  assert.equal(classifyBody('application/x-shockwave-flash', '/', 'x'), null);
});

test('text and feed sniffers', () => {
  assert.equal(looksLikeText('ordinary prose\nwith lines\t'), true);
  assert.equal(looksLikeText('\x01\x02\x03\x04 binary-ish' + '\x05'.repeat(10)), false);
  assert.equal(looksLikeFeed('<?xml version="1.0"?>\n<!-- c -->\n<rdf:RDF xmlns:rdf="x"></rdf:RDF>'), true);
  assert.equal(looksLikeFeed('<html><body>rss</body></html>'), false);
});

test('meta refresh targets resolve against the page URL', () => {
  const base = 'http://example.test/a/page';
  assert.equal(metaRefreshTarget('<meta http-equiv="refresh" content="0; url=/b">', base), 'http://example.test/b');
  assert.equal(metaRefreshTarget(`<META HTTP-EQUIV='Refresh' CONTENT='5;URL=next.html'>`, base), 'http://example.test/a/next.html');
  assert.equal(metaRefreshTarget('<meta http-equiv="refresh" content="0;url=\'http://other.test/x?a=1&amp;b=2\'">', base), 'http://other.test/x?a=1&b=2');
  assert.equal(metaRefreshTarget('<meta http-equiv="refresh" content="30">', base), null);
  assert.equal(metaRefreshTarget('<meta name="refresh" content="0;url=/b">', base), null);
});
