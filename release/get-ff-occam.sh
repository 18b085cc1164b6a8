#!/usr/bin/env bash
# Occam bootstrap (operator.md §16.2): download one release, verify it, and hand it to its own `occam install`.
#   curl -fsSL <raw>/scripts/get-ff-occam.sh | bash
# Verification, in order, before anything is extracted or run:
#   1. SHA256SUMS.sig is an ECDSA P-256 signature over SHA256SUMS by the pinned release key (openssl);
#   2. the manifest's and the archive's SHA-256 equal their SHA256SUMS lines;
#   3. the archive's SHA-256 equals the manifest's `sha256`;
#   4. the manifest's signaturePolicy is honoured (`required-cosign-v1` → cosign verify-blob, fail closed).
# Only the verified archive's own binary is then run. Every failure exits non-zero before the install dir is touched.
#
# Environment: OCCAM_VERSION, OCCAM_RID, OCCAM_INSTALL_DIR, OCCAM_RELEASE_BASE, OCCAM_RELEASE_URL,
# OCCAM_RELEASE_MANIFEST_URL, OCCAM_RELEASE_ALLOW_HTTP=1 (permit http://, warns), OCCAM_RELEASE_PUBKEY (path of
# the release public key PEM; needed only when this copy of the script carries none), OCCAM_VERBOSE=1.
set -euo pipefail

RELEASE_REPO='ff-occam/ff-occam'
# >>> stamped by release/release.ts
STAMPED_VERSION=''
STAMPED_RELEASE_KEY=''
# <<< stamped

say() { printf 'ff-occam: %s\n' "$*" >&2; }
die() { printf 'ff-occam: error: %s\n' "$*" >&2; exit 1; }
is_true() { case "${1:-}" in 1 | true | TRUE | True) return 0 ;; *) return 1 ;; esac; }

# 1. Tools.
for tool in curl tar openssl; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' is required but not installed"
done
if command -v sha256sum >/dev/null 2>&1; then
  sha256_of() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256_of() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
  die "'sha256sum' or 'shasum' is required but neither is installed"
fi
lower() { printf '%s' "$1" | tr 'A-F' 'a-f'; }

# 2. Platform id.
if [ -n "${OCCAM_RID:-}" ]; then
  rid="$OCCAM_RID"
else
  case "$(uname -s)" in
    Darwin) case "$(uname -m)" in arm64 | aarch64) rid='osx-arm64' ;; *) rid='osx-x64' ;; esac ;;
    MINGW* | MSYS* | CYGWIN*) rid='win-x64' ;;
    *) rid='linux-x64' ;;
  esac
fi
case "$rid" in linux-x64 | osx-arm64 | osx-x64 | win-x64) ;; *) die "unsupported OCCAM_RID '$rid'" ;; esac
exe='occam'; [ "$rid" = 'win-x64' ] && exe='occam.exe'

version="${OCCAM_VERSION:-$STAMPED_VERSION}"
version="${version#v}"
[ -n "$version" ] || die "no release version: set OCCAM_VERSION (this copy of the script is not stamped by a release)"

stem="ff-occam-${version}-${rid}"
base="${OCCAM_RELEASE_BASE:-https://github.com/${RELEASE_REPO}/releases/download/v${version}}"
base="${base%/}"
archive_url="${OCCAM_RELEASE_URL:-${base}/${stem}.tar.gz}"
manifest_url="${OCCAM_RELEASE_MANIFEST_URL:-${base}/${stem}-manifest.json}"
sums_url="${manifest_url%/*}/SHA256SUMS"

# 3. HTTPS only, unless explicitly allowed.
proto='=https'
if is_true "${OCCAM_RELEASE_ALLOW_HTTP:-}"; then
  proto='=http,https'
  say "warning: OCCAM_RELEASE_ALLOW_HTTP=1 — plain http:// downloads are permitted (use only on a trusted local network)"
fi
for url in "$archive_url" "$manifest_url" "$sums_url"; do
  case "$url" in
    https://*) ;;
    http://*) is_true "${OCCAM_RELEASE_ALLOW_HTTP:-}" || die "refusing non-HTTPS URL $url (set OCCAM_RELEASE_ALLOW_HTTP=1 to permit http)" ;;
    *) die "unsupported URL $url" ;;
  esac
done

# The pinned release key: the one stamped into this script, else OCCAM_RELEASE_PUBKEY.
work="$(mktemp -d "${TMPDIR:-/tmp}/ff-occam.XXXXXX")"
trap 'rm -rf "$work"' EXIT
key="$work/release-key.pem"
if [ -n "${OCCAM_RELEASE_PUBKEY:-}" ]; then
  [ -r "$OCCAM_RELEASE_PUBKEY" ] || die "OCCAM_RELEASE_PUBKEY=$OCCAM_RELEASE_PUBKEY is not a readable file"
  [ -n "$STAMPED_RELEASE_KEY" ] && say "note: using OCCAM_RELEASE_PUBKEY instead of the release key stamped into this script"
  cp "$OCCAM_RELEASE_PUBKEY" "$key"
elif [ -n "$STAMPED_RELEASE_KEY" ]; then
  printf '%s\n' "$STAMPED_RELEASE_KEY" >"$key"
else
  die "no release public key to verify against: set OCCAM_RELEASE_PUBKEY to the pinned occam-release-key.pem"
fi

fetch() { curl -fsSL --proto "$proto" --proto-redir "$proto" --retry 2 -o "$2" "$1" || die "download failed: $1"; }

# 4. Manifest, then the signed checksum list.
say "release ${version} for ${rid}"
fetch "$manifest_url" "$work/manifest.json"
json_field() { sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\\([^\"]*\\)\".*/\\1/p" "$work/manifest.json" | head -n 1; }
m_sha="$(lower "$(json_field sha256)")"
m_rid="$(json_field rid)"
m_version="$(json_field version)"
m_policy="$(json_field signaturePolicy)"
[ -n "$m_sha" ] && [ -n "$m_rid" ] && [ -n "$m_version" ] || die "manifest lacks sha256, rid or version: $manifest_url"
[ "$m_rid" = "$rid" ] || die "manifest is for $m_rid, expected $rid"
[ "$m_version" = "$version" ] || die "manifest is for version $m_version, expected $version"

fetch "$sums_url" "$work/SHA256SUMS"
fetch "${sums_url}.sig" "$work/SHA256SUMS.sig"
openssl dgst -sha256 -verify "$key" -signature "$work/SHA256SUMS.sig" "$work/SHA256SUMS" >/dev/null 2>&1 ||
  die "SHA256SUMS signature does not verify against the pinned release key — refusing this release"
listed() { awk -v n="$1" '{ name = $2; sub(/^\*/, "", name); if (name == n) { print tolower($1); exit } }' "$work/SHA256SUMS"; }
manifest_listed="$(listed "${manifest_url##*/}")"
[ -n "$manifest_listed" ] || die "SHA256SUMS does not list ${manifest_url##*/}"
manifest_actual="$(sha256_of "$work/manifest.json")"
[ "$manifest_actual" = "$manifest_listed" ] ||
  die "manifest checksum mismatch: expected $manifest_listed, actual $manifest_actual"

# 5. Archive.
fetch "$archive_url" "$work/${stem}.tar.gz"
actual="$(sha256_of "$work/${stem}.tar.gz")"
if [ "$(lower "$actual")" != "$m_sha" ]; then
  die "archive checksum mismatch: expected $m_sha, actual $actual — nothing was installed"
fi
archive_listed="$(listed "${archive_url##*/}")"
[ "$archive_listed" = "$m_sha" ] || die "archive checksum mismatch: SHA256SUMS lists ${archive_listed:-nothing}, manifest says $m_sha"

# 6. Signature policy (§16.1).
case "${m_policy:-sha256-only}" in
  sha256-only) ;;
  required-cosign-v1)
    command -v cosign >/dev/null 2>&1 || die "this release requires a Cosign signature check but 'cosign' is not installed"
    fetch "${archive_url}.bundle" "$work/${stem}.tar.gz.bundle"
    cosign verify-blob "$work/${stem}.tar.gz" --bundle "$work/${stem}.tar.gz.bundle" \
      --certificate-identity "https://github.com/${RELEASE_REPO}/.github/workflows/release.yml@refs/tags/v${version}" \
      --certificate-oidc-issuer https://token.actions.githubusercontent.com >/dev/null 2>&1 ||
      die "Cosign verification of the archive failed — refusing this release"
    ;;
  *) die "unknown signaturePolicy '${m_policy}' in the manifest" ;;
esac
say "verified: signature, SHA256SUMS and archive SHA-256 ${m_sha}"

# 7. Extract and hand over to the verified binary.
mkdir "$work/x"
tar -xzf "$work/${stem}.tar.gz" -C "$work/x"
staged="$work/x/${stem}"
[ -x "$staged/bin/$exe" ] || die "archive does not contain ${stem}/bin/${exe}"
set -- install --from-dir "$staged" --version "$version"
is_true "${OCCAM_VERBOSE:-}" && set -- "$@" --verbose
"$staged/bin/$exe" "$@"
