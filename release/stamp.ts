// Stamping the bootstrap scripts at release time: the repository copies carry an empty block between two marker
// lines; the published copies get the release version and the pinned release public key written into it, so a
// script fetched from a release verifies that release's signature without any further download of trust.
export const STAMP_BEGIN = '# >>> stamped by release/release.ts';
export const STAMP_END = '# <<< stamped';

export interface Stamp {
  version: string;
  publicKeyPem: string;
}

function renderBlock(kind: 'sh' | 'ps1', stamp: Stamp): string {
  const pem = stamp.publicKeyPem.trim();
  if (!/^[-A-Za-z0-9+/=\n ]+$/.test(pem)) throw new Error('unexpected characters in the public key PEM');
  if (!/^[0-9A-Za-z.+-]+$/.test(stamp.version)) throw new Error(`unexpected characters in version ${stamp.version}`);
  return kind === 'sh'
    ? `STAMPED_VERSION='${stamp.version}'\nSTAMPED_RELEASE_KEY='${pem}'`
    : `$StampedVersion = '${stamp.version}'\n$StampedReleaseKey = '${pem}'`;
}

/** Replaces the block between the markers; throws when the markers are missing (a script edit broke them). */
export function stampScript(text: string, stamp: Stamp): string {
  const begin = text.indexOf(STAMP_BEGIN);
  const end = text.indexOf(STAMP_END);
  if (begin < 0 || end < begin) throw new Error('stamp markers not found in bootstrap script');
  const kind = text.includes('$ErrorActionPreference') ? 'ps1' : 'sh';
  const headEnd = text.indexOf('\n', begin) + 1;
  return `${text.slice(0, headEnd)}${renderBlock(kind, stamp)}\n${text.slice(end)}`;
}
