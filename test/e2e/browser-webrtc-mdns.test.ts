// Issue 30 item 8: Chromium sends nothing outside the egress proxy, not even the mDNS multicast (224.0.0.251:5353)
// a WebRTC `.local` candidate makes it send. A page adds a remote `.local` candidate (and names a `.local` STUN
// server); the render runs the way Occam runs it (BrowserPool, egress proxy, the shipped launch flags) with
// Chromium under strace, inside a network namespace of its own (`unshare -n`: loopback plus one veth pair whose far
// end counts every packet that leaves, so not one datagram can reach a real network). Where namespaces are not
// available the same render runs under strace alone. Either way: no datagram to any address but loopback, no
// multicast group joined, and nothing left through the namespace's only other interface.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../helpers/mcp-client.ts';
import { chromiumPath, requireChromium, requireOrSkip } from '../helpers/requires.ts';

const dir = mkdtempSync(join(tmpdir(), 'occam-webrtc-mdns-'));
const src = (...parts: string[]) => pathToFileURL(join(REPO_ROOT, 'src', ...parts)).href;
/** The namespace's one non-loopback interface, and its peer that counts what leaves through it. */
const NS_IF = 'occam0';
const NS_PEER = 'occam1';
const CANDIDATE_ADDED = 'candidate added';

const PAGE = `<!doctype html><html><head><title>WebRTC page</title></head><body><main><article><h1>WebRTC page</h1>
<p>This page adds a remote mDNS candidate and names a .local STUN server; the reader must still read it.</p></article></main>
<script>
(async () => {
  const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:stun-server.local:3478' }] });
  pc.createDataChannel('x');
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  const peer = new RTCPeerConnection();
  peer.createDataChannel('y');
  await peer.setRemoteDescription(offer);
  const answer = await peer.createAnswer();
  await peer.setLocalDescription(answer);
  await pc.setRemoteDescription(answer);
  await pc.addIceCandidate({ candidate: 'candidate:1 1 udp 2122260223 0a1b2c3d-1111-4222-8333-123456789abc.local 54321 typ host', sdpMid: '0', sdpMLineIndex: 0 });
  document.title = ${JSON.stringify(CANDIDATE_ADDED)};
})().catch((e) => { document.title = 'webrtc error ' + e; });
</script></body></html>`;

/** Renders PAGE with the shipped pool and prints {title, bytesOut} (packets through NS_IF, when it exists). */
const CHILD = `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { BrowserPool } from ${JSON.stringify(src('fetch', 'browser', 'pool.ts'))};
import { testContext } from ${JSON.stringify(src('runtime', 'context.ts'))};
import { PrivateOriginAllowance } from ${JSON.stringify(src('fetch', 'guard.ts'))};
const page = readFileSync(process.env.PAGE_FILE, 'utf8');
const packetsThrough = (name) => {
  const line = readFileSync('/proc/net/dev', 'utf8').split('\\n').find((l) => l.trim().startsWith(name + ':'));
  return line ? Number(line.split(':')[1].trim().split(/\\s+/)[1]) : null; // received packets of the peer
};
const server = createServer((_q, r) => { r.writeHead(200, { 'content-type': 'text/html' }); r.end(page); });
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = 'http://127.0.0.1:' + server.address().port;
const before = packetsThrough(${JSON.stringify(NS_PEER)});
const runtime = testContext({ env: { OCCAM_BROWSER_EXECUTABLE_PATH: process.env.TRACED_CHROMIUM }, homeDir: process.env.WORK_DIR, tmpDir: process.env.WORK_DIR, now: Date.now });
const pool = new BrowserPool(runtime);
let title = null;
try {
  const rendered = await pool.render(origin + '/', { policy: { allowPrivate: false, allowance: PrivateOriginAllowance.forOrigin(origin) }, settleMs: 3000 });
  title = rendered.title;
} finally {
  await pool.close();
  server.close();
}
const after = packetsThrough(${JSON.stringify(NS_PEER)});
process.stdout.write(JSON.stringify({ title, packetsOut: before === null ? null : after - before }));
`;

/** Namespace set-up: loopback up, IPv6 off (no router solicitations or MLD of the kernel's own), one veth pair
 *  with a default route through it — the interface Chromium would multicast on. */
const NETNS_SETUP = `set -e
ip link set lo up
sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1 2>/dev/null || true
ip link add ${NS_IF} type veth peer name ${NS_PEER}
ip addr add 10.203.0.2/24 dev ${NS_IF}
ip link set ${NS_PEER} up
ip link set ${NS_IF} up
ip route add default dev ${NS_IF}
exec "$@"
`;

const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The strace lines that put a datagram or a multicast membership outside loopback. */
function offProxyTraffic(trace: string): string[] {
  return trace.split('\n').filter((line) => {
    if (/IP_ADD_MEMBERSHIP|IPV6_ADD_MEMBERSHIP|IPV6_JOIN_GROUP|MCAST_JOIN|224\.0\.0\.251|ff02::fb|htons\(5353\)/i.test(line)) return true;
    if (!/\b(sendto|sendmsg|sendmmsg)\(/.test(line)) return false;
    const v4 = [...line.matchAll(/inet_addr\("([^"]+)"\)/g)].map((m) => m[1]);
    const v6 = [...line.matchAll(/inet_pton\(AF_INET6, "([^"]+)"/g)].map((m) => m[1]);
    return [...v4, ...v6].some((address) => address !== '127.0.0.1' && address !== '::1');
  });
}

test('a page with a WebRTC .local candidate makes Chromium send no mDNS and no UDP outside the proxy', async (t) => {
  if (!requireChromium(t)) return;
  if (!requireOrSkip(t, 'strace', has('strace', ['-V']), 'apt-get install -y strace')) return;
  const inNamespace = process.platform === 'linux' && has('unshare', ['-n', 'ip', 'link', 'add', 'probe0', 'type', 'veth', 'peer', 'name', 'probe1']);
  if (!inNamespace) process.stderr.write('[tests] browser-webrtc-mdns: no network namespace here (unshare -n with a veth pair); strace alone decides\n');

  const tracePath = join(dir, 'chromium.strace');
  const traced = join(dir, 'traced-chromium.sh');
  writeFileSync(traced, `#!/bin/sh\nexec strace -f -qq -o ${JSON.stringify(tracePath)} -e trace=network ${JSON.stringify(chromiumPath()!)} "$@"\n`);
  chmodSync(traced, 0o755);
  writeFileSync(join(dir, 'page.html'), PAGE);
  writeFileSync(join(dir, 'child.mjs'), CHILD);
  writeFileSync(join(dir, 'netns.sh'), NETNS_SETUP);
  const env = { TRACED_CHROMIUM: traced, PAGE_FILE: join(dir, 'page.html'), WORK_DIR: dir };
  const child = [process.execPath, join(dir, 'child.mjs')];
  const r = inNamespace ? await run('unshare', ['-n', 'sh', join(dir, 'netns.sh'), ...child], env) : await run(child[0], child.slice(1), env);
  assert.equal(r.code, 0, r.stderr);
  const outcome = JSON.parse(r.stdout) as { title: string | null; packetsOut: number | null };
  assert.equal(outcome.title, CANDIDATE_ADDED, 'the page really added its .local candidate');

  const trace = readFileSync(tracePath, 'utf8');
  assert.match(trace, /connect\(/, 'strace saw Chromium open its connections');
  assert.deepEqual(offProxyTraffic(trace), [], 'Chromium sent a datagram or joined a multicast group outside loopback');
  if (inNamespace) assert.equal(outcome.packetsOut, 0, `packets left through ${NS_IF}`);
});
