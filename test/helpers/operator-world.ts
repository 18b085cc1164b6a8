// Test harness of operator.md §0: a temporary HOME with fixture configs, fake host CLIs on a temp PATH that
// record argv/stdin, a fake install root (bin/occam forwarding to this checkout), and `occam` runs with an
// explicit env (CI, GITHUB_ACTIONS, OCCAM_CONNECT* never inherited).
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testContext, type RuntimeContext } from '../../src/runtime/context.ts';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NODE_DIR = dirname(process.execPath);

export interface World {
  root: string;
  home: string;
  tmp: string;
  bin: string;
  log: string;
  occamHome: string;
  env: Record<string, string>;
  cleanup: () => void;
}

/** A fresh world; the install root lives under HOME (never under TMPDIR, which connect refuses). */
export function makeWorld(opts: { install?: boolean } = {}): World {
  const root = mkdtempSync(join(tmpdir(), 'occam-op-'));
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  const bin = join(root, 'fakebin');
  for (const d of [home, tmp, bin]) mkdirSync(d, { recursive: true });
  const occamHome = join(home, '.local', 'share', 'ff-occam');
  if (opts.install !== false) installFakeOccam(occamHome);
  const log = join(root, 'cli.log');
  const env: Record<string, string> = {
    HOME: home,
    TMPDIR: tmp,
    PATH: `${bin}:${NODE_DIR}:/usr/bin:/bin`,
    OCCAM_HOME: occamHome,
    NO_COLOR: '1',
    FAKE_CLI_LOG: log,
  };
  return { root, home, tmp, bin, log, occamHome, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** `<root>/bin/occam` that runs this checkout (a real, working Occam launcher). */
export function installFakeOccam(occamHome: string, body?: string): void {
  mkdirSync(join(occamHome, 'bin'), { recursive: true });
  const script = body ?? `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'bin', 'occam.ts')}" "$@"\n`;
  writeFileSync(join(occamHome, 'bin', 'occam'), script, { mode: 0o755 });
}

export function writeFile(path: string, text: string, mode?: number): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode !== undefined) chmodSync(path, mode);
  return path;
}

/**
 * A fake host CLI: logs `CALL <name>\t<arg>\t<arg>…` and `STDIN <base64>` lines, then runs `body` (bash, with
 * "$*" available) to print canned output.
 */
export function fakeCli(w: World, name: string, body = 'exit 0'): void {
  const script = `#!/bin/bash
{ printf 'CALL %s' "${name}"; for a in "$@"; do printf '\\t%s' "$a"; done; printf '\\n'; } >> "$FAKE_CLI_LOG"
STDIN_DATA=$(cat | base64 -w0)
printf 'STDIN %s\\n' "$STDIN_DATA" >> "$FAKE_CLI_LOG"
ARGS="$*"
${body}
`;
  writeFile(join(w.bin, name), script, 0o755);
}

export interface CliCall {
  name: string;
  argv: string[];
  stdin: string;
}

export function cliCalls(w: World): CliCall[] {
  if (!existsSync(w.log)) return [];
  const out: CliCall[] = [];
  for (const line of readFileSync(w.log, 'utf8').split('\n')) {
    if (line.startsWith('CALL ')) {
      const [name, ...argv] = line.slice(5).split('\t');
      out.push({ name, argv, stdin: '' });
    } else if (line.startsWith('STDIN ') && out.length > 0) {
      out[out.length - 1].stdin = Buffer.from(line.slice(6), 'base64').toString('utf8');
    }
  }
  return out;
}

export interface OccamRun {
  code: number;
  stdout: string;
  stderr: string;
  json: any;
}

export function runOccam(w: World, args: string[], extraEnv: Record<string, string> = {}, input?: string): OccamRun {
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'occam.ts'), ...args], {
    env: { ...w.env, ...extraEnv },
    cwd: w.home,
    encoding: 'utf8',
    input: input ?? '',
    timeout: 120_000,
  });
  let json: any = null;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = null;
  }
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json };
}

/** Starts `occam` without waiting (crash-safety tests). */
export function spawnOccam(w: World, args: string[], extraEnv: Record<string, string> = {}) {
  return spawn(process.execPath, [join(REPO, 'bin', 'occam.ts'), ...args], { env: { ...w.env, ...extraEnv }, cwd: w.home, stdio: 'ignore' });
}

/** A RuntimeContext for in-process core calls inside a world. */
export function worldContext(w: World, overrides: Partial<RuntimeContext> = {}): RuntimeContext {
  return testContext({ env: { ...w.env }, homeDir: w.home, tmpDir: w.tmp, cwd: w.home, now: () => Date.now(), ...overrides });
}

export const read = (path: string) => readFileSync(path, 'utf8');
