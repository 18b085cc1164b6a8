// RFC 3161 tokens made by an independent implementation (OpenSSL's `ts` command, RSA signer, ESS signing-cert
// attribute, real TSTInfo with accuracy and nonce), read through PKI.js: a genuine token verifies, the TSA reply
// unwraps to the same token, and tampering with the signature, the TSTInfo or the DER framing is caught.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase64url, sha256 } from '../../../src/trust/bytes.ts';
import { inspectTimeAnchor } from '../../../src/trust/receipts/time-anchor.ts';
import { parseTimeStampToken } from '../../../src/trust/receipts/tst.ts';
import { tokenFromResponse } from '../../../src/trust/receipts/tsa-client.ts';
import * as V from './vectors.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-tst-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const openssl = (args: string[]) => spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
const available = openssl(['ts', '-help']).status !== null && !/Invalid command/.test(openssl(['ts', '-help']).stderr);

const CONFIG = `[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = OpenSSL Test TSA
[ ext ]
basicConstraints = CA:FALSE
extendedKeyUsage = critical,timeStamping
[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
serial = ${join(dir, 'serial')}
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256
accuracy = secs:1
ess_cert_id_alg = sha256
`;

/** OpenSSL's reply and token for this signature's imprint. */
function issue(sig: string): { reply: Buffer; token: Buffer } {
  writeFileSync(join(dir, 'tsa.cnf'), CONFIG);
  writeFileSync(join(dir, 'serial'), '01\n');
  const steps = [
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.crt', '-days', '3650', '-config', 'tsa.cnf', '-extensions', 'ext'],
    ['ts', '-query', '-digest', sha256(decodeBase64url(sig)!).toString('hex'), '-sha256', '-cert', '-out', 'q.tsq'],
    ['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', 'q.tsq', '-signer', 'tsa.crt', '-inkey', 'tsa.key', '-out', 'r.tsr'],
    ['ts', '-reply', '-in', 'r.tsr', '-token_out', '-out', 't.der'],
  ];
  for (const args of steps) {
    const r = openssl(args);
    assert.equal(r.status, 0, `openssl ${args.join(' ')}: ${r.stderr}`);
  }
  return { reply: readFileSync(join(dir, 'r.tsr')), token: readFileSync(join(dir, 't.der')) };
}

test('trust.md §3.10: an OpenSSL-issued RSA time-stamp token verifies; its reply unwraps to the same token; tampering is invalid', { skip: available ? false : 'openssl without the ts command' }, () => {
  const sig = V.R6_ENVELOPE.sig!;
  const { reply, token } = issue(sig);
  assert.deepEqual(tokenFromResponse(reply), token);
  const facts = parseTimeStampToken(token)!;
  assert.ok(facts, 'PKI.js reads the token');
  assert.equal(facts.certificates.length, 1);
  assert.ok(facts.signerInfos[0].signerCertificate, 'the signer names the embedded certificate');
  const anchor = (t: Buffer) => ({ type: 'rfc3161', tsa: 'https://tsa.example/', token: t.toString('base64') });
  const good = inspectTimeAnchor(anchor(token), sig)!;
  assert.equal(good.status, 'valid', good.message);
  assert.match(good.tsaSubject!, /OpenSSL Test TSA/);
  assert.match(good.genTime!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

  // The signature is the last OCTET STRING of the token: flip its final byte.
  const badSig = Buffer.from(token);
  badSig[badSig.length - 1] ^= 0x01;
  assert.equal(inspectTimeAnchor(anchor(badSig), sig)!.status, 'invalid');
  // A byte inside the TSTInfo (its serial number follows the imprint) breaks the messageDigest.
  const imprintAt = token.indexOf(facts.imprint);
  const badTst = Buffer.from(token);
  badTst[imprintAt + facts.imprint.length + 2] ^= 0x01;
  assert.equal(inspectTimeAnchor(anchor(badTst), sig)!.status, 'invalid');
  // Framing: trailing bytes, and a BER indefinite-length outer SEQUENCE, are not DER.
  assert.equal(parseTimeStampToken(Buffer.concat([token, Buffer.from([0])])), null);
  const inner = token.subarray(token[1] & 0x80 ? 2 + (token[1] & 0x7f) : 2);
  assert.equal(parseTimeStampToken(Buffer.concat([Buffer.from([0x30, 0x80]), inner, Buffer.from([0, 0])])), null);
  // Bound to another signature: the imprint no longer matches.
  assert.equal(inspectTimeAnchor(anchor(token), V.R6_ENVELOPE.sig!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))!.status, 'invalid');
});
