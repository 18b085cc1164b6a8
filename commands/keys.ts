// `occam keys export` (operator.md §15, trust.md §4): prints this install's receipt-signing public key, minting
// the key on first use. stdout carries only the key (or one JSON document); notes go to stderr.
import type { Command } from 'commander';
import { createPublicKey } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { keysDirOf, openKeyStore, SIGNING_KEY_FILE } from '../src/trust/keys.ts';
import { normaliseError } from '../src/contract/failures.ts';
import { EXIT } from './output.ts';
import { jsonOf, registerTrustVerb, runTrustVerb, type TrustIo, type TrustVerbDefinition } from './trust-io.ts';

export const KEY_FORMATS = ['pem', 'der', 'jwk'] as const;
type KeyFormat = (typeof KEY_FORMATS)[number];

const DESCRIPTION = 'receipt-signing key: `keys export` prints the public key (PEM) to pin for `occam verify`';
const EXIT_CODES = '\nExit codes: 0 ok · 1 no key (--no-create) or unreadable key · 2 usage.';

interface ExportOptions {
  keysRoot?: string;
  format: string;
  create: boolean;
}

async function exportKey(opts: ExportOptions, io: TrustIo, json: boolean): Promise<number> {
  const format = opts.format.toLowerCase();
  if (!(KEY_FORMATS as readonly string[]).includes(format)) {
    io.err(`usage: --format must be one of ${KEY_FORMATS.join(', ')}`);
    return EXIT.usage;
  }
  const dir = opts.keysRoot ?? keysDirOf(io.runtime);
  if (!opts.create && !existsSync(join(dir, SIGNING_KEY_FILE))) {
    // With --json the error is that one document alone.
    if (json) io.out(`${JSON.stringify({ ok: false, error: 'no_signing_key', path: join(dir, SIGNING_KEY_FILE) })}\n`);
    else io.err(`occam keys export: no signing key at ${join(dir, SIGNING_KEY_FILE)} (--no-create)`);
    return EXIT.failed;
  }
  let store;
  try {
    store = openKeyStore(dir);
  } catch (err) {
    io.err(`occam keys export: ${normaliseError(err).message}`);
    return EXIT.failed;
  }
  const { keyId, publicKeyPem } = store.signer;
  io.err(`# occam public key (keyId ${keyId})`);
  if (store.created) {
    io.err(`# warning: this key was minted just now at ${store.path} and has never signed anything`);
  }
  const publicKey = createPublicKey(publicKeyPem);
  const rendered: Record<KeyFormat, () => string | Uint8Array> = {
    pem: () => publicKeyPem,
    der: () => publicKey.export({ type: 'spki', format: 'der' }),
    jwk: () => `${JSON.stringify({ ...publicKey.export({ format: 'jwk' }), kid: keyId, alg: 'ES256', use: 'sig' })}\n`,
  };
  if (json) {
    const doc: Record<string, unknown> = { ok: true, keyId, format, path: store.path, created: store.created, publicKeyPem };
    if (format === 'der') doc.publicKeyDerBase64 = Buffer.from(rendered.der() as Uint8Array).toString('base64');
    if (format === 'jwk') doc.jwk = JSON.parse(rendered.jwk() as string);
    const retired = store.knownKeys().filter((k) => !k.current);
    if (retired.length > 0) doc.retiredKeys = retired.map((k) => ({ keyId: k.keyId, publicKeyPem: k.publicKeyPem }));
    io.out(`${JSON.stringify(doc, null, 2)}\n`);
    return EXIT.ok;
  }
  io.out(rendered[format as KeyFormat]());
  return EXIT.ok;
}

const defineKeys: TrustVerbDefinition = (cmd, run) => {
  cmd.addHelpText('after', EXIT_CODES);
  cmd
    .command('export')
    .description('print this install\'s receipt-signing public key, minting the key on first use')
    .option('--keys-root <dir>', 'key directory (default: OCCAM_KEYS_ROOT, else the state directory\'s keys/)')
    .option('--format <format>', `${KEY_FORMATS.join(' | ')}: SPKI PEM (default) · raw SPKI DER bytes · JSON Web Key`, 'pem')
    .option('--no-create', 'exit 1 instead of minting a key when none exists')
    .option('--json', 'one JSON document with the key and its id')
    .addHelpText('after', EXIT_CODES)
    .action(async (opts: ExportOptions, self: Command) => run.exit(await exportKey(opts, run.io(), jsonOf(self))));
};

/** `occam keys …` in-process (tests): the words after `keys`; resolves to the exit code. */
export function runKeys(args: readonly string[], io: TrustIo): Promise<number> {
  return runTrustVerb('keys', defineKeys, args, io);
}

export function register(program: Command): void {
  registerTrustVerb(program, 'keys', DESCRIPTION, defineKeys);
}
