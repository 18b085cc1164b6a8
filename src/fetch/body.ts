// Reads a response body with bounded memory: content-encodings are decoded as a stream (with backpressure, so a
// decompression bomb never inflates past the cap) and reading stops as soon as the decoded cap is crossed.
import { Readable, compose } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import { OccamError } from '../contract/failures.ts';

/**
 * `fail`: crossing the cap is `response_too_large`. `partial`: keep the first cap bytes and report truncation.
 * `sample`: read at most cap bytes and stop quietly (the probe's body sample).
 */
export type CapMode = 'fail' | 'partial' | 'sample';

export interface BodyRead {
  bytes: Buffer;
  /** True when reading stopped at the cap (partial or sample mode). */
  truncated: boolean;
  /** Decoded bytes seen, which may exceed bytes.length by one chunk when truncated. */
  decodedBytes: number;
}

type Decoder = 'gzip' | 'deflate' | 'br';

/** Content-Encoding list → decoders to apply in order (last applied encoding first). */
export function decodersFor(contentEncoding: string | undefined): Decoder[] {
  if (!contentEncoding) return [];
  const out: Decoder[] = [];
  for (const token of contentEncoding.toLowerCase().split(',').map((t) => t.trim()).filter(Boolean).reverse()) {
    if (token === 'identity') continue;
    if (token === 'gzip' || token === 'x-gzip') out.push('gzip');
    else if (token === 'deflate') out.push('deflate');
    else if (token === 'br') out.push('br');
    else throw new OccamError('network_error', `Unsupported content-encoding "${token}".`, { reason: 'content_encoding' });
  }
  return out;
}

/** `deflate` on the web is either zlib-wrapped (RFC 1950) or raw (RFC 1951); the first byte tells which. */
async function* autoInflate(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const head: Buffer = first.value;
  const zlibWrapped = head.length >= 2 && (head[0] & 0x0f) === 8 && ((head[0] << 8) | head[1]) % 31 === 0;
  const inflater = zlibWrapped ? createInflate() : createInflateRaw();
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (let n = await it.next(); !n.done; n = await it.next()) yield n.value as Buffer;
    })(),
  );
  yield* compose(rest, inflater) as AsyncIterable<Buffer>;
}

function decodingStream(body: Readable, decoders: Decoder[]): Readable {
  let stream: Readable = body;
  for (const d of decoders) {
    if (d === 'gzip') stream = compose(stream, createGunzip()) as unknown as Readable;
    else if (d === 'br') stream = compose(stream, createBrotliDecompress()) as unknown as Readable;
    else stream = Readable.from(autoInflate(stream));
  }
  return stream;
}

/** Cancels a body without reading it (undici emits 'error' on destroy; nobody needs that error). */
export function discardBody(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

export async function readBody(
  body: Readable,
  contentEncoding: string | undefined,
  cap: number,
  mode: CapMode,
): Promise<BodyRead> {
  const decoded = decodingStream(body, decodersFor(contentEncoding));
  const chunks: Buffer[] = [];
  let kept = 0;
  let seen = 0;
  let truncated = false;
  try {
    for await (const chunk of decoded as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (kept + chunk.length <= cap) {
        chunks.push(chunk);
        kept += chunk.length;
        continue;
      }
      if (mode === 'fail') {
        throw new OccamError('response_too_large', `Response body exceeded the ${cap}-byte cap.`, {
          bytesRead: seen,
          maxBytes: cap,
        });
      }
      chunks.push(chunk.subarray(0, cap - kept));
      kept = cap;
      truncated = true;
      break;
    }
  } finally {
    // Stop the network read and the decoders at once (also on errors and early exits).
    decoded.on('error', () => {});
    decoded.destroy();
    discardBody(body);
  }
  return { bytes: Buffer.concat(chunks, kept), truncated, decodedBytes: seen };
}

/** Reads at most `limit` bytes (no decoding beyond what readBody does) for an error-page sample; never throws. */
export async function sampleBody(body: Readable, contentEncoding: string | undefined, limit: number): Promise<Buffer> {
  try {
    return (await readBody(body, contentEncoding, limit, 'sample')).bytes;
  } catch {
    discardBody(body);
    return Buffer.alloc(0);
  }
}
