// Content-type dispatch and charset decoding (reading.md §7). Pure functions over headers and bytes.

/** How the pipeline should treat a body (§7 table). `feed` falls back to `html` handling unless `json_feed`. */
/** `binary`: raw bytes handed back undecoded, only when the caller asked for them (sitemap archives). */
export type ContentKind = 'html' | 'pdf' | 'text' | 'json' | 'feed' | 'binary';

export interface ParsedContentType {
  /** Lower-case `type/subtype`, or null when the header is missing or malformed. */
  mime: string | null;
  charset: string | null;
}

export function parseContentType(header: string | null | undefined): ParsedContentType {
  if (!header) return { mime: null, charset: null };
  const [first, ...params] = header.split(';');
  const mime = first.trim().toLowerCase();
  let charset: string | null = null;
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p);
    if (m) charset = m[1].toLowerCase();
  }
  return { mime: /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(mime) ? mime : null, charset };
}

const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf']);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const XML_TYPES = new Set(['application/xml', 'text/xml', 'application/rss+xml', 'application/atom+xml', 'application/rdf+xml']);
const FEED_JSON_TYPES = new Set(['application/feed+json']);
const ARCHIVE_TYPES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/x-msdownload',
  'application/wasm',
]);

export function isPdfResponse(mime: string | null, urlPath: string): boolean {
  if (mime && PDF_TYPES.has(mime)) return true;
  return /\.pdf$/i.test(urlPath) && !(mime && HTML_TYPES.has(mime));
}

/** Media, fonts and archives: refused before reading the body (§7, decision 5). */
export function isUnsupportedBeforeReading(mime: string | null): boolean {
  if (!mime) return false;
  return /^(image|audio|video|font)\//.test(mime) || ARCHIVE_TYPES.has(mime);
}

/** §7.3: no NUL and < 2 % control characters (other than tab/CR/LF/FF) in the first 4096 chars. */
export function looksLikeText(text: string): boolean {
  const head = text.slice(0, 4096);
  if (head.includes('\0')) return false;
  let controls = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd) controls++;
  }
  return head.length === 0 || controls / head.length < 0.02;
}

/** RSS 2.0, Atom, RSS 1.0 (RDF) or JSON Feed, judged from the start of the body. */
export function looksLikeFeed(text: string): boolean {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('{')) return /"version"\s*:\s*"https?:\/\/jsonfeed\.org\/version\//.test(head);
  const body = head.replace(/^<\?xml[^>]*\?>\s*/i, '').replace(/^(<!--[\s\S]*?-->\s*|<\?[\s\S]*?\?>\s*|<!DOCTYPE[^>]*>\s*)*/i, '');
  return /^<(rss[\s>]|feed[\s>]|rdf:RDF[\s>])/i.test(body);
}

/**
 * Final dispatch once the body is decoded (PDF and refused media were decided before reading).
 * Returns null when the body cannot be handled (`unsupported_content_type`).
 */
export function classifyBody(mime: string | null, urlPath: string, text: string): ContentKind | null {
  if (mime === null || HTML_TYPES.has(mime)) return looksLikeFeed(text) && mime === null ? 'feed' : 'html';
  if (XML_TYPES.has(mime)) return looksLikeFeed(text) ? 'feed' : 'html';
  if (FEED_JSON_TYPES.has(mime)) return 'feed';
  if (mime === 'application/json' || mime.endsWith('+json')) return looksLikeFeed(text) ? 'feed' : 'json';
  if (mime.startsWith('text/')) return looksLikeText(text) ? 'text' : null;
  if (mime === 'application/octet-stream') return looksLikeText(text) ? 'text' : null;
  if (/\.(md|markdown|txt)$/i.test(urlPath) && looksLikeText(text)) return 'text';
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Charset

export type CharsetSource = 'bom' | 'header' | 'meta' | 'xml_declaration' | 'utf8_validation' | 'default' | 'fallback';

export interface DecodedBody {
  text: string;
  /** WHATWG encoding name actually used (e.g. `utf-8`, `windows-1252`, `utf-16le`). */
  charset: string;
  charsetSource: CharsetSource;
}

function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  try {
    return new TextDecoder(label);
  } catch {
    return null; // unknown label
  }
}

function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}

/** `<meta charset>` / `<meta http-equiv=content-type content="…; charset=…">` within the first 4 KiB. */
export function sniffMetaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('latin1');
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(tag);
    if (direct) return direct[1].toLowerCase();
  }
  return null;
}

export function sniffXmlDeclaration(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 256)).toString('latin1');
  const m = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/i.exec(head);
  return m ? m[1].toLowerCase() : null;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const hasNonAscii = (bytes: Uint8Array) => bytes.some((b) => b >= 0x80);
const isUnicode = (enc: string) => enc === 'utf-8' || enc.startsWith('utf-16');

/**
 * Decodes a body: BOM > Content-Type charset > `<meta>` / XML declaration > UTF-8. Two corrections for the
 * mislabelling that is common on the web: a legacy single-byte label on a body that is valid UTF-8 with
 * non-ASCII bytes decodes as UTF-8; a UTF-8 choice on invalid UTF-8 falls back to a declared legacy charset
 * (or windows-1252 when none was declared).
 */
export function decodeBody(bytes: Uint8Array, headerCharset: string | null, markup: 'html' | 'xml' | 'none'): DecodedBody {
  const bom = bomEncoding(bytes);
  if (bom) return { text: decodeAs(bytes, bom.encoding), charset: bom.encoding, charsetSource: 'bom' };
  const declared =
    markup === 'html' ? (sniffMetaCharset(bytes) ?? sniffXmlDeclaration(bytes)) : markup === 'xml' ? sniffXmlDeclaration(bytes) : null;
  const declaredSource: CharsetSource = markup === 'html' && sniffMetaCharset(bytes) ? 'meta' : 'xml_declaration';
  // A document cannot declare itself UTF-16 from inside ASCII-compatible bytes (WHATWG): read such a claim as UTF-8.
  const declaredDecoder = decoderFor(declared);
  const declaredEnc = declaredDecoder ? (declaredDecoder.encoding.startsWith('utf-16') ? 'utf-8' : declaredDecoder.encoding) : null;

  let chosen: { enc: string; source: CharsetSource };
  const headerDecoder = decoderFor(headerCharset);
  if (headerDecoder) chosen = { enc: headerDecoder.encoding, source: 'header' };
  else if (declaredEnc) chosen = { enc: declaredEnc, source: declaredSource };
  else chosen = { enc: 'utf-8', source: 'default' };

  if (!isUnicode(chosen.enc) && hasNonAscii(bytes) && isValidUtf8(bytes)) {
    chosen = { enc: 'utf-8', source: 'utf8_validation' };
  } else if (chosen.enc === 'utf-8' && hasNonAscii(bytes) && !isValidUtf8(bytes)) {
    if (declaredEnc && declaredEnc !== 'utf-8') chosen = { enc: declaredEnc, source: declaredSource };
    else if (chosen.source === 'default') chosen = { enc: 'windows-1252', source: 'fallback' };
  }
  return { text: decodeAs(bytes, chosen.enc), charset: chosen.enc, charsetSource: chosen.source };
}

/**
 * The text of `bytes` in `charset` (a leading byte-order mark of that charset dropped): decodeBody's last step, so
 * that whoever holds a body's bytes and its DecodedBody.charset gets exactly its text (a parse worker does, issue 14).
 */
export function decodeAs(bytes: Uint8Array, charset: string): string {
  const bom = bomEncoding(bytes);
  return new TextDecoder(charset).decode(bom && bom.encoding === charset ? bytes.subarray(bom.length) : bytes);
}

/** `<meta http-equiv="refresh" content="N; url=X">` target, resolved against the page URL (§7.1). */
export function metaRefreshTarget(html: string, base: string): string | null {
  const head = html.slice(0, 65536);
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']?\s*refresh/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content ? (content[1] ?? content[2] ?? content[3] ?? '') : '';
    const m = /^\s*[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/i.exec(value);
    const raw = (m?.[1] ?? '').trim().replace(/^["']|["']$/g, '').trim();
    if (!raw) continue;
    try {
      return new URL(decodeEntities(raw), base).href;
    } catch {
      return null;
    }
  }
  return null;
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/gi, '&').replace(/&#x2f;/gi, '/').replace(/&#47;/g, '/');
}
