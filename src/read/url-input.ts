// URLs as tools receive them (issue 14): one fault, one code, on every tool. Anything that is not an absolute
// http(s) URL — garbage, a relative path, `ftp:`, `file:`, `javascript:`, `data:` — is `invalid_url`, checked
// before the outbound guard (which still refuses such schemes as defence in depth). Inputs are length-capped
// in the schemas; a failure echoes at most a bounded prefix of what the caller sent.
import { OccamError } from '../contract/failures.ts';

/** Longest URL a tool accepts (schemas and this parser agree). */
export const URL_MAX_CHARS = 8192;
/** Longest prefix of a caller's input a failure repeats. */
export const ECHO_MAX_CHARS = 200;

/** At most ECHO_MAX_CHARS of `text`, marked when cut. */
export function boundedEcho(text: string, max = ECHO_MAX_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…(${text.length} chars)`;
}

/** Parses an absolute http(s) URL or throws `invalid_url` naming (a bounded prefix of) the input. */
export function parseHttpUrl(raw: string): URL {
  const value = raw.trim();
  if (value.length > URL_MAX_CHARS) throw new OccamError('invalid_url', `URL is longer than ${URL_MAX_CHARS} characters.`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OccamError('invalid_url', `Not an absolute http(s) URL: ${JSON.stringify(boundedEcho(value, 80))}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OccamError('invalid_url', `Only http and https URLs can be read (got ${JSON.stringify(boundedEcho(url.protocol, 24))}).`);
  }
  return url;
}

/** Longest search query, focus query or task a tool accepts. */
export const QUERY_MAX_CHARS = 2048;
/** Longest selector list / section heading / must_contain text. */
export const SELECTOR_MAX_CHARS = 4096;
