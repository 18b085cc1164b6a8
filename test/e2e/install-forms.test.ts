// Every way Occam is delivered registers itself correctly (operator.md §4): the single executable, the npm package
// installed globally (`npm install -g --prefix`) and locally (`npm install` into a project), and the source
// checkout. For each: a fresh HOME, `occam connect --only cursor --yes` through that form's own command, the entry
// it wrote launched exactly as Cursor would (tools/list through the written command, with a PATH that has no
// suitable Node on it), then `occam disconnect`. HOME lies outside TMPDIR: connect refuses temp-dir binaries.
// The npm forms install the tarball `npm pack` made in a fresh clone with no build beforehand
// (test/helpers/build-cache.ts): a package that only works after a manual build fails here.
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { NPM, REPO, npmTarball, releaseBuild, sh } from '../helpers/build-cache.ts';
import { expectedToolCount } from '../../src/operator/verify.ts';
import { VERSION } from '../../src/version.ts';

const NODE = realpathSync(process.execPath);
const NODE_DIR = dirname(process.execPath);
/** What an MCP host typically has: system directories only (this machine's /usr/bin/node is too old for Occam). */
const HOST_PATH = '/usr/bin:/bin';

interface Form {
  name: string;
  /** The `occam` command of this form and any leading args (source: node + bin/occam.ts). */
  occam: () => { command: string; args: string[] };
  expected: () => { command: string; args: string[]; occamHome: string };
}

describe('install forms: connect → verify the written entry → disconnect', () => {
  const root = mkdtempSync(join(tmpdir(), 'occam-forms-'));
  const tmp = join(root, 'tmp');
  mkdirSync(tmp);
  const homeOf = (name: string) => join(root, name, 'home');
  const npmPrefix = join(homeOf('npm-global'), '.npm-global');
  const localApp = join(homeOf('npm-local'), 'project');
  const seaRoot = join(homeOf('single-executable'), 'opt', 'ff-occam');
  after(() => rmSync(root, { recursive: true, force: true }));

  before(async () => {
    for (const name of ['source', 'npm-global', 'npm-local', 'single-executable']) mkdirSync(homeOf(name), { recursive: true });
    const tarball = await npmTarball();
    const common = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
    const npmEnv = { ...process.env, npm_config_update_notifier: 'false' };
    const g = await sh(NPM, ['install', '-g', '--prefix', npmPrefix, tarball, ...common], { cwd: root, env: npmEnv });
    assert.equal(g.code, 0, g.stderr);
    mkdirSync(localApp);
    writeFileSync(join(localApp, 'package.json'), JSON.stringify({ name: 'occam-forms-project', private: true }));
    const l = await sh(NPM, ['install', tarball, ...common], { cwd: localApp, env: npmEnv });
    assert.equal(l.code, 0, l.stderr);
    const { summary } = await releaseBuild();
    mkdirSync(join(seaRoot, 'bin'), { recursive: true });
    // A second directory entry for the cached executable's bytes (no 120 MB copy), laid out as an install root
    // with the release tree's manifest, VERSION and side modules beside it (the doctor checks all three).
    linkSync(summary.executable, join(seaRoot, 'bin', 'occam'));
    const tree = dirname(dirname(summary.executable));
    for (const file of ['release-manifest.json', 'VERSION']) copyFileSync(join(tree, file), join(seaRoot, file));
    symlinkSync(join(tree, 'lib'), join(seaRoot, 'lib'));
  });

  const forms: Form[] = [
    {
      name: 'source-checkout',
      occam: () => ({ command: process.execPath, args: [join(REPO, 'bin', 'occam.ts')] }),
      expected: () => ({ command: process.execPath, args: [join(REPO, 'bin', 'occam.ts'), 'mcp'], occamHome: REPO }),
    },
    {
      name: 'npm-global',
      occam: () => ({ command: join(npmPrefix, 'bin', 'occam'), args: [] }),
      expected: () => {
        const pkg = join(npmPrefix, 'lib', 'node_modules', 'ff-occam');
        return { command: NODE, args: [join(pkg, 'dist', 'bin', 'occam.js'), 'mcp'], occamHome: pkg };
      },
    },
    {
      name: 'npm-local',
      occam: () => ({ command: join(localApp, 'node_modules', '.bin', 'occam'), args: [] }),
      expected: () => {
        const pkg = join(localApp, 'node_modules', 'ff-occam');
        return { command: NODE, args: [join(pkg, 'dist', 'bin', 'occam.js'), 'mcp'], occamHome: pkg };
      },
    },
    {
      name: 'single-executable',
      occam: () => ({ command: join(seaRoot, 'bin', 'occam'), args: [] }),
      expected: () => ({ command: join(seaRoot, 'bin', 'occam'), args: ['mcp'], occamHome: seaRoot }),
    },
  ];

  test('npm-global, packed from a clean clone with no build first (prepack builds): --version and doctor --json run', async () => {
    const home = homeOf('npm-global');
    const env = { HOME: home, TMPDIR: tmp, PATH: `${NODE_DIR}:${HOST_PATH}`, NO_COLOR: '1' };
    const occam = join(npmPrefix, 'bin', 'occam');
    const version = await sh(occam, ['--version'], { cwd: home, env });
    assert.equal(version.code, 0, version.stderr);
    assert.match(version.stdout, new RegExp(`^${VERSION.replace(/\./g, '\\.')} `));
    const doctor = await sh(occam, ['doctor', '--json'], { cwd: home, env });
    const report = JSON.parse(doctor.stdout);
    assert.equal(doctor.code, report.status === 'fail' ? 1 : 0, doctor.stderr);
    const handshake = report.checks.find((c: { id: string }) => c.id === 'mcp.handshake');
    assert.equal(handshake?.status, 'pass', JSON.stringify(handshake));
  });

  for (const form of forms) {
    test(`${form.name}: occam connect writes an entry that starts this form's server; disconnect removes it`, async () => {
      const home = homeOf(form.name);
      const cursor = join(home, '.cursor', 'mcp.json');
      mkdirSync(dirname(cursor), { recursive: true });
      writeFileSync(cursor, '{\n  "mcpServers": {}\n}\n');
      // An explicit environment: nothing inherited (no CI, no OCCAM_*), the npm bin links find Node on PATH.
      const env = { HOME: home, TMPDIR: tmp, PATH: `${NODE_DIR}:${HOST_PATH}`, NO_COLOR: '1' };
      const { command, args } = form.occam();

      const connected = await sh(command, [...args, 'connect', '--only', 'cursor', '--yes', '--json'], { cwd: home, env });
      assert.equal(connected.code, 0, `${connected.stderr}\n${connected.stdout.slice(0, 2000)}`);
      const report = JSON.parse(connected.stdout);
      const want = form.expected();
      assert.equal(report.occamVerify.ok, true, JSON.stringify(report.occamVerify));
      assert.equal(report.occamHome, want.occamHome);
      assert.deepEqual({ command: report.launch.command, args: report.launch.args }, { command: want.command, args: want.args });

      const entry = JSON.parse(readFileSync(cursor, 'utf8')).mcpServers['ff-occam'];
      assert.deepEqual(entry, {
        command: want.command,
        args: want.args,
        env: { OCCAM_HOME: want.occamHome, OCCAM_BANNER: '0', OCCAM_CONNECT_MANAGED: 'occam-managed:v1' },
        cwd: want.occamHome,
      });
      // Launched as Cursor would: the written command, args, env and cwd, and a PATH with no Node ≥ 22 on it.
      const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: { ...entry.env, HOME: home, TMPDIR: tmp, PATH: HOST_PATH }, cwd: entry.cwd, stderr: 'pipe' });
      const client = new Client({ name: 'install-forms-test', version: '1.0.0' });
      await client.connect(transport);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        assert.ok(names.includes('occam_client_capabilities'), names.join(','));
        assert.equal(names.length, expectedToolCount(entry.env).count);
      } finally {
        await client.close();
      }

      const removed = await sh(command, [...args, 'disconnect', '--only', 'cursor', '--json'], { cwd: home, env });
      assert.equal(removed.code, 0, removed.stderr);
      const after = JSON.parse(readFileSync(cursor, 'utf8'));
      assert.equal(after.mcpServers?.['ff-occam'], undefined);
      assert.equal(readFileSync(cursor, 'utf8'), '{\n  "mcpServers": {}\n}\n', 'disconnect gives the original bytes back');
      assert.equal(existsSync(`${cursor}.occam-bak`), false, 'and leaves no backup of them behind');
    });
  }

  // Issue 32: a `fix:` line is a command that works in the form that printed it. A fresh HOME per form with the
  // problems the doctor can repair from here (an unregistered host, a key and a sessions directory others can
  // read, and for the release install no launcher); every fix line that is a command runs through that form's own
  // `occam`, exits 0, and the doctor then passes what it flagged. Advice that is not a command (reinstall …) is
  // not run.
  for (const form of forms) {
    test(`${form.name}: every fix line the doctor prints is a command that works in this form`, async () => {
      const home = join(root, form.name, 'fixes-home');
      mkdirSync(join(home, '.cursor'), { recursive: true });
      writeFileSync(join(home, '.cursor', 'mcp.json'), '{\n  "mcpServers": {}\n}\n');
      const key = join(home, '.occam', 'keys', 'signing-key.pem');
      mkdirSync(dirname(key), { recursive: true });
      writeFileSync(key, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, { mode: 0o644 });
      chmodSync(key, 0o644);
      mkdirSync(join(home, '.occam', 'sessions'), { mode: 0o755 });
      chmodSync(join(home, '.occam', 'sessions'), 0o755);
      const env = { HOME: home, TMPDIR: tmp, PATH: `${join(home, '.local', 'bin')}:${NODE_DIR}:${HOST_PATH}`, NO_COLOR: '1' };
      const { command, args } = form.occam();
      const doctor = async () => {
        const r = await sh(command, [...args, 'doctor', '--json', '--skip-browser', '--skip-mcp'], { cwd: home, env });
        return JSON.parse(r.stdout).checks as Array<{ id: string; status: string; fix: string | null }>;
      };
      const flagged = (await doctor()).filter((c) => c.status !== 'pass' && c.status !== 'skip' && c.fix);
      const expected = ['hosts.cursor', 'state.keys', 'state.sessions', ...(form.name === 'single-executable' ? ['install.launcher'] : [])];
      assert.deepEqual(expected.filter((id) => !flagged.some((c) => c.id === id)), [], JSON.stringify(flagged));
      const ran: string[] = [];
      for (const check of flagged) {
        // The command is what comes before an explanation in parentheses; `a && b` runs both.
        const steps = check.fix!.split(' (')[0].split(' && ').map((step) => step.trim().split(/\s+/));
        if (!steps.every(([word]) => FIX_COMMANDS.has(word))) continue; // advice, not a command
        for (const [word, ...rest] of steps) {
          const r = word === 'occam' ? await sh(command, [...args, ...rest], { cwd: home, env }) : await sh(word, rest, { cwd: home, env });
          assert.equal(r.code, 0, `${check.id}: \`${check.fix}\` exited ${r.code}: ${r.stderr.slice(0, 400)}`);
        }
        ran.push(check.id);
      }
      assert.deepEqual(expected.filter((id) => !ran.includes(id)), [], `fix lines run: ${ran.join(', ')}`);
      const after = await doctor();
      for (const id of ran) assert.equal(after.find((c) => c.id === id)?.status, 'pass', `${id} after its fix: ${JSON.stringify(after.find((c) => c.id === id))}`);
    });
  }
});

/** The words a fix line may start with to count as a command (anything else is advice to a person). */
const FIX_COMMANDS = new Set(['occam', 'chmod', 'mkdir', 'rm']);
