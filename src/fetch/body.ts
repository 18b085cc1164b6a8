// Reads a response body with bounded memory: content-encodings are decoded as a stream (with backpressure, so a
// decompression bomb never inflates past the cap) and reading stops as soon as the decoded cap is crossed.
import type { Readable, Transform } from 'node:stream';
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

/** Waits for the first chunk of a stream and puts it back, so a decoder can be chosen from its first bytes. */
async function peekFirstChunk(body: Readable): Promise<Buffer | null> {
  for (;;) {
    const chunk: Buffer | null = body.read();
    if (chunk !== null) {
      body.unshift(chunk);
      return chunk;
    }
    if (body.readableEnded || body.destroyed) return null;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        body.off('readable', done).off('end', done).off('error', fail);
        resolve();
      };
      const fail = (err: Error) => {
        body.off('readable', done).off('end', done).off('error', fail);
        reject(err);
      };
      body.once('readable', done).once('end', done).once('error', fail);
    });
  }
}

/** `deflate` on the web is either zlib-wrapped (RFC 1950) or raw (RFC 1951); the first two bytes tell which. */
function isZlibWrapped(head: Buffer | null): boolean {
  if (!head || head.length < 2) return true;
  return (head[0] & 0x0f) === 8 && ((head[0] << 8) | head[1]) % 31 === 0;
}

/**
 * Chains the decoders behind the body with plain pipes (backpressure included) and forwards errors downstream.
 * Returns the readable end and every stream in the chain, so all of them can be destroyed together.
 */
async function decodingChain(body: Readable, decoders: Decoder[]): Promise<{ out: Readable; all: Readable[] }> {
  const all: Readable[] = [body];
  let stream: Readable = body;
  for (const [i, d] of decoders.entries()) {
    let next: Transform;
    if (d === 'gzip') next = createGunzip();
    else if (d === 'br') next = createBrotliDecompress();
    else next = i === 0 && !isZlibWrapped(await peekFirstChunk(body)) ? createInflateRaw() : createInflate();
    const upstream = stream;
    upstream.on('error', (err) => next.destroy(err));
    upstream.pipe(next);
    all.push(next);
    stream = next;
  }
  for (const s of all) s.on('error', () => {}); // errors surface through the iterator of the last stream
  return { out: stream, all };
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
  const { out: decoded, all } = await decodingChain(body, decodersFor(contentEncoding));
  const chunks: Buffer[] = [];
  let kept = 0;
  let seen = 0;
  let truncated = false;
  // Iterated by hand so an early stop never leaves a half-consumed async iterator behind.
  const iterator = (decoded as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const chunk = next.value;
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
    for (const stream of all) if (!stream.readableEnded) stream.destroy();
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
