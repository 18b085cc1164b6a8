// `occam verify --release <dir> --pubkey <release-key.pem>`: the release mode of `occam verify` (docs/release.md).
// Checks a release directory offline: the pinned key verifies SHA256SUMS.sig, every listed file matches
// SHA256SUMS, and every external manifest agrees with its archive's signed hash. One JSON line on stdout;
// exit 0 verified, 1 not verified, 2 usage/IO (message on stderr starting `usage:`), like the other modes.
import { statSync } from 'node:fs';
import { verifyReleaseDir } from '../src/release/verify.ts';
import { EXIT } from './output.ts';
import type { TrustIo } from './trust-io.ts';

export const RELEASE_USAGE = 'usage: occam verify --release DIR --pubkey RELEASE_KEY.pem';

/** `opts`: the `--release` directory and `--pubkey` file of `occam verify`. */
export async function runVerifyRelease(opts: { release?: string; pubkey?: string }, io: TrustIo): Promise<number> {
  const dir = opts.release;
  const pubkey = opts.pubkey;
  if (!dir) {
    io.err(`usage: --release needs the release directory\n${RELEASE_USAGE}`);
    return EXIT.usage;
  }
  if (!pubkey) {
    io.err(`usage: --pubkey is required (the pinned occam-release-key.pem, obtained out of band)\n${RELEASE_USAGE}`);
    return EXIT.usage;
  }
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) {
    io.err(`usage: ${dir} is not a directory\n${RELEASE_USAGE}`);
    return EXIT.usage;
  }
  let pem: string;
  try {
    pem = io.readText(pubkey, 'key');
  } catch (err) {
    io.err(`usage: cannot read --pubkey ${pubkey}: ${(err as Error).message}`);
    return EXIT.usage;
  }
  let report;
  try {
    report = await verifyReleaseDir(dir, pem);
  } catch (err) {
    io.err(`usage: ${(err as Error).message}`);
    return EXIT.usage;
  }
  io.out(`${JSON.stringify(report)}\n`);
  if (!report.ok) io.err(`occam: release not verified (${report.verdict}): ${report.message}`);
  return report.ok ? EXIT.ok : EXIT.failed;
}
