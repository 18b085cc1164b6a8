// The injected runtime context. Core modules never read process.env, os.homedir(), process.platform or the clock
// directly: they take a RuntimeContext, so tests can emulate another OS, another HOME or another time.
import { homedir, tmpdir } from 'node:os';

export type Platform = 'linux' | 'darwin' | 'win32';
export type EnvMap = Readonly<Record<string, string | undefined>>;

export interface RuntimeContext {
  env: EnvMap;
  platform: Platform;
  homeDir: string;
  tmpDir: string;
  cwd: string;
  /** Milliseconds since the epoch. */
  now: () => number;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  /** One diagnostic line to stderr (never stdout: stdout belongs to protocol frames and machine output). */
  warn: (line: string) => void;
  /**
   * This machine's interfaces (the shape of os.networkInterfaces()); the outbound guard denies every address on
   * them. Absent: the real interfaces. Tests inject a list so no packet is ever aimed at a real address.
   */
  networkInterfaces?: () => Record<string, Array<{ address: string }> | undefined>;
}

function normalisePlatform(p: string): Platform {
  return p === 'darwin' || p === 'win32' ? p : 'linux';
}

/** The context of the real process. Only entry points (bin/, commands/) call this. */
export function processContext(overrides: Partial<RuntimeContext> = {}): RuntimeContext {
  const env = overrides.env ?? process.env;
  const platform = overrides.platform ?? normalisePlatform(process.platform);
  const home =
    overrides.homeDir ??
    (platform === 'win32' ? env.USERPROFILE || env.HOME : env.HOME) ??
    homedir();
  return {
    env,
    platform,
    homeDir: home || homedir(),
    tmpDir: overrides.tmpDir ?? tmpdir(),
    cwd: overrides.cwd ?? process.cwd(),
    now: overrides.now ?? Date.now,
    stdinIsTTY: overrides.stdinIsTTY ?? Boolean(process.stdin.isTTY),
    stdoutIsTTY: overrides.stdoutIsTTY ?? Boolean(process.stdout.isTTY),
    warn: overrides.warn ?? ((line) => process.stderr.write(line.endsWith('\n') ? line : `${line}\n`)),
  };
}

/** A context for tests: fixed platform/home, captured warnings, no TTY. */
export function testContext(overrides: Partial<RuntimeContext> & { warnings?: string[] } = {}): RuntimeContext {
  const warnings = overrides.warnings ?? [];
  return {
    env: {},
    platform: 'linux',
    homeDir: '/home/test',
    tmpDir: '/tmp',
    cwd: '/',
    now: () => Date.UTC(2026, 10, 30, 12, 0, 0),
    stdinIsTTY: false,
    stdoutIsTTY: false,
    warn: (line) => warnings.push(line),
    ...overrides,
  };
}
