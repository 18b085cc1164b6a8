// Canonical bytes (trust.md §3.2): compact JSON with a fixed member order, absent optionals skipped, and the
// reference serializer's escaping — hand-written because JSON.stringify escapes differently. The same writer
// serves receipts, watch-history entries and dataset manifests.

/** An ordered object: members are written in array order; null/undefined values are skipped. */
export type CanonicalMembers = ReadonlyArray<readonly [string, CanonicalValue]>;
export type CanonicalValue = string | number | boolean | null | undefined | CanonicalMembers;

const SHORT_ESCAPES: Record<number, string> = {
  0x5c: '\\\\',
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0c: '\\f',
  0x0d: '\\r',
};
/** Characters the reference encoder escapes as \u escapes (four hex digits) although they are printable ASCII. */
const HTML_SENSITIVE = new Set([0x22, 0x26, 0x27, 0x2b, 0x3c, 0x3e, 0x60]);

const unicodeEscape = (unit: number) => `\\u${unit.toString(16).toUpperCase().padStart(4, '0')}`;

/** Any code unit that needs an escape; most URLs and ids have none, so they take the fast path. */
const NEEDS_ESCAPE = /[\u0000-\u001f"&'+<>`\\\u007f-\uffff]/;

/** One JSON string literal, escaped per UTF-16 code unit (surrogates escaped separately). */
export function canonicalString(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return `"${value}"`;
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const short = SHORT_ESCAPES[unit];
    if (short !== undefined) out += short;
    else if (unit < 0x20 || unit === 0x7f || unit >= 0x80 || HTML_SENSITIVE.has(unit)) out += unicodeEscape(unit);
    else out += value[i];
  }
  return `${out}"`;
}

function canonicalValue(value: Exclude<CanonicalValue, null | undefined>): string {
  if (typeof value === 'string') return canonicalString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError('canonical JSON cannot carry a non-finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return canonicalObject(value);
}

export function canonicalObject(members: CanonicalMembers): string {
  const parts: string[] = [];
  for (const [key, value] of members) {
    if (value === null || value === undefined) continue;
    parts.push(`${canonicalString(key)}:${canonicalValue(value)}`);
  }
  return `{${parts.join(',')}}`;
}

/** Producers replace lone surrogates with U+FFFD before signing, so the signed bytes are valid UTF-8. */
export function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
