# Occam bootstrap for Windows (operator.md §16.2): download one release, verify it, and hand it to its own
# `occam install`.   irm <raw>/scripts/get-ff-occam.ps1 | iex
# Verification, in order, before anything is extracted or run (same chain as get-ff-occam.sh):
#   1. SHA256SUMS.sig is an ECDSA P-256 signature (DER) over SHA256SUMS by the pinned release key;
#   2. the manifest's and the archive's SHA-256 equal their SHA256SUMS lines;
#   3. the archive's SHA-256 equals the manifest's `sha256`;
#   4. the manifest's signaturePolicy is honoured (`required-cosign-v1` -> cosign verify-blob, fail closed).
# Works on Windows PowerShell 5.1 and PowerShell 7 (signature check through CNG, no extra modules).
# Environment: OCCAM_VERSION, OCCAM_RID, OCCAM_INSTALL_DIR, OCCAM_RELEASE_BASE, OCCAM_RELEASE_URL,
# OCCAM_RELEASE_MANIFEST_URL, OCCAM_RELEASE_ALLOW_HTTP=1, OCCAM_RELEASE_PUBKEY (path of the release public key
# PEM; only when this copy carries none), OCCAM_VERBOSE=1.
$ErrorActionPreference = 'Stop'
$ProgressPreference = 'SilentlyContinue'

$ReleaseRepo = 'ff-occam/ff-occam'
# >>> stamped by release/release.ts
$StampedVersion = ''
$StampedReleaseKey = ''
# <<< stamped

function Say([string]$Text) { [Console]::Error.WriteLine("ff-occam: $Text") }
# Failures throw rather than `exit`: under `irm … | iex` the script runs in the caller's session, and `exit` would
# close the user's PowerShell window. Run as a file (`powershell -File`), an uncaught throw exits 1.
function Fail([string]$Text) { throw "ff-occam: error: $Text" }
function IsTrue([string]$Value) { return @('1', 'true') -contains "$Value".ToLowerInvariant() }

# 1. Tools.
if (-not (Get-Command tar.exe -ErrorAction SilentlyContinue)) { Fail "'tar.exe' is required (Windows 10 1803 or later ships it)" }
if (-not (Get-Command Get-FileHash -ErrorAction SilentlyContinue)) { Fail "'Get-FileHash' is required" }

# 2. Platform id.
$Rid = if ($env:OCCAM_RID) { $env:OCCAM_RID } else { 'win-x64' }
if (@('linux-x64', 'osx-arm64', 'osx-x64', 'win-x64') -notcontains $Rid) { Fail "unsupported OCCAM_RID '$Rid'" }
$Exe = if ($Rid -eq 'win-x64') { 'occam.exe' } else { 'occam' }

$Version = if ($env:OCCAM_VERSION) { $env:OCCAM_VERSION } else { $StampedVersion }
$Version = "$Version".TrimStart('v')
if (-not $Version) { Fail 'no release version: set OCCAM_VERSION (this copy of the script is not stamped by a release)' }

$Stem = "ff-occam-$Version-$Rid"
$Base = if ($env:OCCAM_RELEASE_BASE) { $env:OCCAM_RELEASE_BASE.TrimEnd('/') } else { "https://github.com/$ReleaseRepo/releases/download/v$Version" }
$ArchiveUrl = if ($env:OCCAM_RELEASE_URL) { $env:OCCAM_RELEASE_URL } else { "$Base/$Stem.tar.gz" }
$ManifestUrl = if ($env:OCCAM_RELEASE_MANIFEST_URL) { $env:OCCAM_RELEASE_MANIFEST_URL } else { "$Base/$Stem-manifest.json" }
$SumsUrl = $ManifestUrl.Substring(0, $ManifestUrl.LastIndexOf('/')) + '/SHA256SUMS'

# 3. HTTPS only, unless explicitly allowed.
$AllowHttp = IsTrue $env:OCCAM_RELEASE_ALLOW_HTTP
if ($AllowHttp) { Say 'warning: OCCAM_RELEASE_ALLOW_HTTP=1 - plain http:// downloads are permitted (use only on a trusted local network)' }
foreach ($Url in @($ArchiveUrl, $ManifestUrl, $SumsUrl)) {
  if ($Url.StartsWith('https://')) { continue }
  if ($Url.StartsWith('http://')) {
    if (-not $AllowHttp) { Fail "refusing non-HTTPS URL $Url (set OCCAM_RELEASE_ALLOW_HTTP=1 to permit http)" }
    continue
  }
  Fail "unsupported URL $Url"
}
[Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12

# The pinned release key: the one stamped into this script, else OCCAM_RELEASE_PUBKEY.
if ($env:OCCAM_RELEASE_PUBKEY) {
  if (-not (Test-Path -LiteralPath $env:OCCAM_RELEASE_PUBKEY -PathType Leaf)) { Fail "OCCAM_RELEASE_PUBKEY=$($env:OCCAM_RELEASE_PUBKEY) is not a readable file" }
  if ($StampedReleaseKey) { Say 'note: using OCCAM_RELEASE_PUBKEY instead of the release key stamped into this script' }
  $KeyPem = Get-Content -LiteralPath $env:OCCAM_RELEASE_PUBKEY -Raw
} elseif ($StampedReleaseKey) {
  $KeyPem = $StampedReleaseKey
} else {
  Fail 'no release public key to verify against: set OCCAM_RELEASE_PUBKEY to the pinned occam-release-key.pem'
}

$Work = Join-Path ([IO.Path]::GetTempPath()) ("ff-occam-" + [Guid]::NewGuid().ToString('N'))
New-Item -ItemType Directory -Path $Work | Out-Null

function Fetch([string]$Url, [string]$Path) {
  try { Invoke-WebRequest -UseBasicParsing -Uri $Url -OutFile $Path } catch { Fail "download failed: $Url ($($_.Exception.Message))" }
}
function Sha256Of([string]$Path) { return (Get-FileHash -Algorithm SHA256 -LiteralPath $Path).Hash.ToLowerInvariant() }

# ECDSA P-256 verify of a DER signature with a SPKI PEM key, via CNG (present on every supported Windows).
function Test-ReleaseSignature([string]$Pem, [byte[]]$Data, [byte[]]$DerSignature) {
  $b64 = ($Pem -replace '-----[A-Z ]+-----', '' -replace '\s', '')
  $spki = [Convert]::FromBase64String($b64)
  $prefix = [byte[]](0x30,0x59,0x30,0x13,0x06,0x07,0x2a,0x86,0x48,0xce,0x3d,0x02,0x01,0x06,0x08,0x2a,0x86,0x48,0xce,0x3d,0x03,0x01,0x07,0x03,0x42,0x00,0x04)
  if ($spki.Length -ne 91) { return $false }
  for ($i = 0; $i -lt $prefix.Length; $i++) { if ($spki[$i] -ne $prefix[$i]) { return $false } }
  # BCRYPT_ECCPUBLIC_BLOB: magic 'ECS1', key length 32, then X and Y (the SPKI's last 64 bytes).
  $blob = New-Object byte[] 72
  [Array]::Copy([byte[]](0x45,0x43,0x53,0x31,0x20,0x00,0x00,0x00), 0, $blob, 0, 8)
  [Array]::Copy($spki, 27, $blob, 8, 64)
  # DER SEQUENCE { INTEGER r, INTEGER s } (short-form lengths for P-256) -> r||s, each left-padded to 32 bytes.
  $p1363 = New-Object byte[] 64
  try {
    if ($DerSignature.Length -lt 8 -or $DerSignature[0] -ne 0x30 -or $DerSignature[1] -ne ($DerSignature.Length - 2)) { return $false }
    $at = 2
    foreach ($slot in 0, 1) {
      if ($DerSignature[$at] -ne 0x02) { return $false }
      $len = [int]$DerSignature[$at + 1]
      $start = $at + 2
      while ($len -gt 32 -and $DerSignature[$start] -eq 0) { $start++; $len-- }
      if ($len -gt 32 -or $len -lt 1) { return $false }
      [Array]::Copy($DerSignature, $start, $p1363, $slot * 32 + (32 - $len), $len)
      $at = $start + $len
    }
    if ($at -ne $DerSignature.Length) { return $false }
    $key = [Security.Cryptography.CngKey]::Import($blob, [Security.Cryptography.CngKeyBlobFormat]::EccPublicBlob)
    $ecdsa = New-Object Security.Cryptography.ECDsaCng($key)
    return $ecdsa.VerifyData($Data, $p1363, [Security.Cryptography.HashAlgorithmName]::SHA256)
  } catch { return $false }
}

try {
  # 4. Manifest, then the signed checksum list.
  Say "release $Version for $Rid"
  $ManifestPath = Join-Path $Work 'manifest.json'
  Fetch $ManifestUrl $ManifestPath
  try { $Manifest = Get-Content -LiteralPath $ManifestPath -Raw | ConvertFrom-Json } catch { Fail "manifest is not JSON: $ManifestUrl" }
  if (-not $Manifest.sha256 -or -not $Manifest.rid -or -not $Manifest.version) { Fail "manifest lacks sha256, rid or version: $ManifestUrl" }
  if ($Manifest.rid -ne $Rid) { Fail "manifest is for $($Manifest.rid), expected $Rid" }
  if ($Manifest.version -ne $Version) { Fail "manifest is for version $($Manifest.version), expected $Version" }
  $Expected = "$($Manifest.sha256)".ToLowerInvariant()

  $SumsPath = Join-Path $Work 'SHA256SUMS'
  Fetch $SumsUrl $SumsPath
  Fetch "$SumsUrl.sig" (Join-Path $Work 'SHA256SUMS.sig')
  $SumsBytes = [IO.File]::ReadAllBytes($SumsPath)
  $SigBytes = [IO.File]::ReadAllBytes((Join-Path $Work 'SHA256SUMS.sig'))
  if (-not (Test-ReleaseSignature $KeyPem $SumsBytes $SigBytes)) { Fail 'SHA256SUMS signature does not verify against the pinned release key - refusing this release' }
  $Listed = @{}
  foreach ($Line in [Text.Encoding]::UTF8.GetString($SumsBytes) -split "`n") {
    if ($Line -match '^([0-9a-fA-F]{64}) [ *](.+?)\r?$') { $Listed[$Matches[2]] = $Matches[1].ToLowerInvariant() }
  }
  $ManifestName = $ManifestUrl.Substring($ManifestUrl.LastIndexOf('/') + 1)
  if (-not $Listed.ContainsKey($ManifestName)) { Fail "SHA256SUMS does not list $ManifestName" }
  $ManifestActual = Sha256Of $ManifestPath
  if ($ManifestActual -ne $Listed[$ManifestName]) { Fail "manifest checksum mismatch: expected $($Listed[$ManifestName]), actual $ManifestActual" }

  # 5. Archive.
  $ArchivePath = Join-Path $Work "$Stem.tar.gz"
  Fetch $ArchiveUrl $ArchivePath
  $Actual = Sha256Of $ArchivePath
  if ($Actual -ne $Expected) { Fail "archive checksum mismatch: expected $Expected, actual $Actual - nothing was installed" }
  $ArchiveName = $ArchiveUrl.Substring($ArchiveUrl.LastIndexOf('/') + 1)
  if ($Listed[$ArchiveName] -ne $Expected) { Fail "archive checksum mismatch: SHA256SUMS lists $($Listed[$ArchiveName]), manifest says $Expected" }

  # 6. Signature policy (§16.1).
  $Policy = if ($Manifest.signaturePolicy) { "$($Manifest.signaturePolicy)" } else { 'sha256-only' }
  switch ($Policy) {
    'sha256-only' { }
    'required-cosign-v1' {
      if (-not (Get-Command cosign -ErrorAction SilentlyContinue)) { Fail "this release requires a Cosign signature check but 'cosign' is not installed" }
      Fetch "$ArchiveUrl.bundle" "$ArchivePath.bundle"
      $ErrorActionPreference = 'Continue'  # native stderr must not become a terminating error on PowerShell 5.1
      & cosign verify-blob $ArchivePath --bundle "$ArchivePath.bundle" `
        --certificate-identity "https://github.com/$ReleaseRepo/.github/workflows/release.yml@refs/tags/v$Version" `
        --certificate-oidc-issuer https://token.actions.githubusercontent.com 2>$null | Out-Null
      $ErrorActionPreference = 'Stop'
      if ($LASTEXITCODE -ne 0) { Fail 'Cosign verification of the archive failed - refusing this release' }
    }
    default { Fail "unknown signaturePolicy '$Policy' in the manifest" }
  }
  Say "verified: signature, SHA256SUMS and archive SHA-256 $Expected"

  # 7. Extract and hand over to the verified binary.
  $Extract = Join-Path $Work 'x'
  New-Item -ItemType Directory -Path $Extract | Out-Null
  $ErrorActionPreference = 'Continue'
  & tar.exe -xzf $ArchivePath -C $Extract
  $TarCode = $LASTEXITCODE
  $ErrorActionPreference = 'Stop'
  if ($TarCode -ne 0) { Fail 'could not extract the archive' }
  $Staged = Join-Path $Extract $Stem
  $Binary = Join-Path (Join-Path $Staged 'bin') $Exe
  if (-not (Test-Path -LiteralPath $Binary -PathType Leaf)) { Fail "archive does not contain $Stem/bin/$Exe" }
  $InstallArgs = @('install', '--from-dir', $Staged, '--version', $Version)
  if (IsTrue $env:OCCAM_VERBOSE) { $InstallArgs += '--verbose' }
  & $Binary @InstallArgs
  $Code = $LASTEXITCODE
} finally {
  Remove-Item -LiteralPath $Work -Recurse -Force -ErrorAction SilentlyContinue
}
if ($Code -ne 0) { throw "ff-occam: occam install exited with code $Code" }
