// RFC 3161 time-stamp client (trust.md §3.10 producer): with OCCAM_TIME_ANCHOR on and OCCAM_TSA_URL set, the
// receipt signature's SHA-256 is sent to the TSA and the returned token is attached as an unsigned `timeAnchor`
// sidecar. The TSA host goes through the outbound guard with the strict policy (private, loopback and internal
// destinations refused, address pinned); the token is attached only when it binds our signature; every failure
// — timeout, refusal, bad reply — fails open (the receipt ships without an anchor).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { RuntimeContext } from '../../runtime/context.ts';
import { readEnv } from '../../config/env.ts';
import { resolveAndCheck, STRICT_POLICY, systemResolver, type Resolver } from '../../fetch/guard.ts';
import type { DialSeam } from '../../fetch/transport.ts';
import { decodeBase64url, sha256 } from '../bytes.ts';
import * as asn1js from 'asn1js';
import { AlgorithmIdentifier, MessageImprint, TimeStampReq } from 'pkijs';
import { OID, tokenFromResponse } from './tst.ts';
import { inspectTimeAnchor, type TimeAnchor } from './time-anchor.ts';

export { tokenFromResponse };

const MAX_REPLY_BYTES = 256 * 1024;

/** TimeStampReq { version 1, messageImprint { sha256 (NULL params), imprint }, certReq TRUE } in DER. */
export function timeStampRequest(imprint: Buffer): Buffer {
  const req = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({
      hashAlgorithm: new AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
    }),
    certReq: true,
  });
  return Buffer.from(req.toSchema().toBER(false));
}

export interface TsaClientOptions {
  url: string;
  timeoutMs: number;
  /** Test seams of the outbound guard (never configurable from outside). */
  resolve?: Resolver;
  dial?: DialSeam;
}

async function post(opts: TsaClientOptions, body: Buffer): Promise<Buffer | null> {
  const url = new URL(opts.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const [address] = await resolveAndCheck(url, STRICT_POLICY, opts.resolve ?? systemResolver);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const target = opts.dial ? opts.dial({ host: url.hostname, address: address.address, family: address.family, port }) : { host: address.address, port };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      {
        host: target.host,
        port: target.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        servername: url.protocol === 'https:' ? url.hostname : undefined,
        headers: { Host: url.host, 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply', 'Content-Length': String(body.length) },
        timeout: opts.timeoutMs,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(null);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_REPLY_BYTES) req.destroy();
          else chunks.push(c);
        });
        res.on('end', () => resolve(size > MAX_REPLY_BYTES ? null : Buffer.concat(chunks)));
        res.on('error', () => resolve(null));
      },
    );
    const timer = setTimeout(() => req.destroy(), opts.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

/** A time anchor for this receipt signature, or null (fail open). */
export async function requestTimeAnchor(sig: string, opts: TsaClientOptions): Promise<TimeAnchor | null> {
  try {
    const raw = decodeBase64url(sig);
    if (!raw || raw.length !== 64) return null;
    const reply = await post(opts, timeStampRequest(sha256(raw)));
    const token = reply ? tokenFromResponse(reply) : null;
    if (!token) return null;
    const draft = { type: 'rfc3161', tsa: opts.url, token: token.toString('base64') };
    const report = inspectTimeAnchor(draft, sig);
    if (!report || report.status === 'invalid' || !report.genTime) return null;
    return { ...draft, genTime: report.genTime };
  } catch {
    return null;
  }
}

/** The producer settings, or null when anchors are off (OCCAM_TIME_ANCHOR off or no OCCAM_TSA_URL). */
export function timeAnchorSettings(runtime: Pick<RuntimeContext, 'env' | 'warn'>): { url: string; timeoutMs: number } | null {
  if (!readEnv<boolean>('OCCAM_TIME_ANCHOR', runtime.env)) return null;
  const url = readEnv<string | null>('OCCAM_TSA_URL', runtime.env, runtime.warn);
  if (!url) return null;
  return { url, timeoutMs: readEnv<number>('OCCAM_TSA_TIMEOUT_MS', runtime.env, runtime.warn) };
}

