// Variables of the operator surface (operator.md §3) not declared by another area: install, connect, doctor,
// session, update. Path overrides are applied in paths.ts; everything else is read through readEnv.
import { bad, define, flag, httpUrl, ok, oneOf, text } from './env-spec.ts';

const onOff = (name: string, description: string, aliases?: string[]) =>
  define({ name, area: 'operator', description, default: false, defaultText: 'off', parse: flag(), ...(aliases ? { aliases } : {}) });

const truthyYes = (raw: string) => ok(/^(1|true|yes)$/i.test(raw.trim()));

export type SetupMode = 'auto' | 'manual' | 'ask';
export type ConnectSetting = 'auto' | 'off' | 'detect' | null;

export const operatorVars = [
  define<string | null>({
    name: 'OCCAM_HOME', area: 'operator', default: null, defaultText: 'install root of the running binary',
    description: 'Install root at run time (`<root>/bin/occam`); connect registers this root in hosts.', parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_INSTALL_DIR', area: 'operator', default: null, defaultText: '~/.local/share/ff-occam',
    description: 'Target install root for `occam install` and the bootstrap scripts.', parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_VERSION', area: 'operator', default: null, defaultText: 'latest',
    description: 'Release version the bootstrap fetches.', parse: text(),
  }),
  define({
    name: 'OCCAM_RID', area: 'operator', default: null as string | null, defaultText: 'detected',
    description: 'Platform id override for bootstrap and update.', range: 'linux-x64 | osx-arm64 | osx-x64 | win-x64',
    parse: (raw) => (raw.trim() === '' ? ok(null) : oneOf(['linux-x64', 'osx-arm64', 'osx-x64', 'win-x64'] as const)(raw)),
  }),
  define<string | null>({
    name: 'OCCAM_RELEASE_BASE', area: 'operator', default: null, defaultText: '…/releases/download/v<ver>',
    description: 'Base URL of the release assets (bootstrap).', parse: httpUrl(),
  }),
  define<string | null>({
    name: 'OCCAM_RELEASE_URL', area: 'operator', default: null, defaultText: 'derived',
    description: 'Exact archive URL (bootstrap).', parse: httpUrl(),
  }),
  define<string | null>({
    name: 'OCCAM_RELEASE_MANIFEST_URL', area: 'operator', default: null, defaultText: 'derived',
    description: 'Exact manifest URL (bootstrap).', parse: httpUrl(),
  }),
  onOff('OCCAM_RELEASE_ALLOW_HTTP', '`1` permits `http://` release URLs (a warning is printed); otherwise HTTPS only.'),
  define<string | null>({
    name: 'OCCAM_RELEASE_PUBKEY', area: 'operator', default: null, defaultText: 'the key stamped into the script',
    description: 'Path of the pinned release public key (occam-release-key.pem) the bootstrap verifies SHA256SUMS.sig against; needed only with an unstamped copy of the script (docs/release.md). `occam install --archive` (offline) always needs it.',
    parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_GET_URL', area: 'operator', default: null, defaultText: 'the published get-ff-occam.sh',
    description: 'URL of the bootstrap script shown in doctor/mcp "how to fix" text.', parse: httpUrl(),
  }),
  define<SetupMode>({
    name: 'OCCAM_SETUP', area: 'operator', default: 'auto', defaultText: 'auto', range: 'auto (1) | manual (2) | ask',
    description: 'Install setup mode: connect automatically, always show the host menu, or ask when a prompt is possible.',
    parse: (raw) => {
      const v = raw.trim().toLowerCase();
      if (v === '' || v === 'auto' || v === '1') return ok('auto');
      if (v === 'manual' || v === '2') return ok('manual');
      if (v === 'ask') return ok('ask');
      return bad('expected auto, manual or ask');
    },
  }),
  onOff('OCCAM_VERBOSE', '`1`/`true` shows internals (plans, levels, paths).'),
  onOff('OCCAM_DEBUG', '`1`/`true` shows internals (same as OCCAM_VERBOSE).'),
  onOff('OCCAM_INSTALL_QUIET', '`1`/`true`: install, doctor and smoke print only failures.'),
  onOff('OCCAM_NO_COLOR', '`1`/`true` disables colour (as does a non-empty NO_COLOR).'),
  define({
    name: 'OCCAM_HOST', area: 'operator', default: null as 'hermes' | 'cursor' | null, defaultText: 'generic JSON',
    description: 'Legacy flavour of the fallback snippet (`hermes` prints YAML); never preselects a host.', range: 'hermes | cursor',
    parse: (raw) => (raw.trim() === '' ? ok(null) : oneOf(['hermes', 'cursor'] as const)(raw)),
  }),
  define<ConnectSetting>({
    name: 'OCCAM_CONNECT', area: 'operator', default: null, defaultText: 'auto (ci in CI)',
    range: 'auto | on | 1 | off | 0 | none | detect | report',
    description: 'Connect mode: mutate hosts, skip connecting, or only detect.',
    parse: (raw) => {
      const v = raw.trim().toLowerCase();
      if (v === '') return ok(null);
      if (['auto', 'on', '1'].includes(v)) return ok('auto');
      if (['off', '0', 'none'].includes(v)) return ok('off');
      if (['detect', 'report'].includes(v)) return ok('detect');
      return bad('expected auto|on|1, off|0|none or detect|report');
    },
  }),
  define({ name: 'OCCAM_CONNECT_FORCE', area: 'operator', default: false, defaultText: 'off', description: '`1`/`true`/`yes` allows connect to change host configs in CI.', parse: truthyYes }),
  onOff('OCCAM_CONNECT_ALL', '`1`/`true`: non-interactive consent to connect several hosts (same as `--yes`).'),
  define({ name: 'OCCAM_CONNECT_CI', area: 'operator', default: false, defaultText: 'off', description: '`1` makes connect treat this run as CI.', parse: (raw) => ok(raw.trim() === '1') }),
  define<string | null>({
    name: 'OCCAM_CONNECT_MANAGED', area: 'operator', default: null, defaultText: 'written into entries',
    description: 'Ownership marker Occam writes into its host entries (`occam-managed:v1`); never configuration.', parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_CONFIG', area: 'operator', default: null, defaultText: '~/.occam/onboard.json',
    description: 'Path of the operator defaults file (`onboard.json`).', parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_SESSIONS_ROOT', area: 'operator', default: null, defaultText: '~/.occam/sessions',
    description: 'Directory of session profiles (`occam session`, `session_profile`).', parse: text(),
  }),
  define({
    name: 'OCCAM_BROWSER_AUTOINSTALL', area: 'operator', default: true, defaultText: 'on',
    description: '`0` forbids a browser download repair by `occam doctor --fix`. This release never downloads a browser (it drives a system Chromium), so the variable has no effect yet.', parse: (raw) => ok(raw.trim() !== '0'),
  }),
  define<string | null>({
    name: 'OCCAM_LATEST_VERSION', area: 'operator', default: null, defaultText: 'asked from the releases endpoint',
    description: 'Offline "latest version" for update/status; skips the network.', parse: text(),
  }),
  define<string | null>({
    name: 'OCCAM_RELEASES_API_URL', area: 'operator', default: null, defaultText: 'project releases endpoint',
    description: 'Releases list endpoint for `occam update`.', parse: httpUrl(),
  }),
];
