import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  PrivateOriginAllowance,
  STRICT_POLICY,
  checkUrlLiteral,
  classifyAddress,
  classifyUrlLiteral,
  formatIp,
  isPrivateUrlLiteral,
  localAddressesFor,
  parseIpLiteral,
  privacyModeOf,
  resolveAndCheck,
  type Resolver,
} from '../../../src/fetch/guard.ts';
import { OccamError } from '../../../src/contract/failures.ts';

const ip = (text: string) => {
  const parsed = parseIpLiteral(text);
  return parsed ? formatIp(parsed) : null;
};

test('IPv4 literals normalise from every notation to the same address', () => {
  for (const form of ['127.0.0.1', '2130706433', '0x7f000001', '0X7F000001', '0177.0.0.1', '127.1', '127.0.1', '0x7f.1', '127.0.0.1.']) {
    assert.equal(ip(form), '127.0.0.1', form);
  }
  assert.equal(ip('0'), '0.0.0.0');
  assert.equal(ip('10.258'), '10.0.1.2');
  assert.equal(ip('256.1.1.1'), null, 'a part over 255 before the last is invalid');
  assert.equal(ip('1.2.3.4.5'), null);
  assert.equal(ip('09.1.1.1'), null, '09 is not octal');
  assert.equal(ip('example.com'), null);
  assert.equal(ip('1.2.3.example'), null);
});

test('IPv6 literals parse with brackets, zones, compression and embedded IPv4', () => {
  assert.equal(ip('[::1]'), '0:0:0:0:0:0:0:1');
  assert.equal(ip('::ffff:127.0.0.1'), '0:0:0:0:0:ffff:7f00:1');
  assert.equal(ip('[::ffff:7f00:1]'), '0:0:0:0:0:ffff:7f00:1');
  assert.equal(ip('fe80::1%eth0'), 'fe80:0:0:0:0:0:0:1');
  assert.equal(ip('1:2:3:4:5:6:7:8'), '1:2:3:4:5:6:7:8');
  assert.equal(ip('1::2::3'), null);
  assert.equal(ip('1:2:3:4:5:6:7:8:9'), null);
  assert.equal(ip('::g'), null);
});

test('address classes cover loopback, private, link-local, CGNAT, multicast and the IPv6 forms', () => {
  const cases: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['100.64.0.1', 'shared_cgnat'],
    ['100.127.255.254', 'shared_cgnat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fe80::1', 'link_local'],
    ['febf::1', 'link_local'],
    ['fec0::1', 'site_local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    // public
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['100.128.0.7', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
  ];
  for (const [address, expected] of cases) assert.equal(classifyAddress(address), expected, address);
});

test('reading.md §3.1: the literal classifier judges scheme, private names and IP literals', () => {
  const privateUrls = [
    'http://localhost/x',
    'http://LOCALHOST./x',
    'http://a.local/',
    'http://b.internal/',
    'http://foo.localhost/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://[::ffff:127.0.0.1]/',
    'http://10.1.2.3/',
    'http://172.20.0.1/',
    'http://192.168.1.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://100.64.1.1/',
    'file:///etc/passwd',
    'ftp://example.com/',
    'data:text/html,hi',
  ];
  for (const u of privateUrls) assert.equal(isPrivateUrlLiteral(u), true, u);
  for (const u of ['https://example.com/', 'http://100.128.0.7/', 'http://[2606:4700::1111]/', 'http://localhost.example.com/']) {
    assert.equal(isPrivateUrlLiteral(u), false, u);
  }
  assert.equal(isPrivateUrlLiteral('not a url'), true, 'unparsable fails closed');
});

test('checkUrlLiteral throws private_url_blocked with the contract message', () => {
  assert.throws(
    () => checkUrlLiteral(new URL('http://127.0.0.1:9/'), STRICT_POLICY),
    (err: unknown) => err instanceof OccamError && err.code === 'private_url_blocked' && err.message === 'Private or local URLs are blocked.',
  );
  // Env override lifts the private denial but never a non-http(s) scheme.
  checkUrlLiteral(new URL('http://127.0.0.1:9/'), { allowPrivate: true });
  assert.throws(() => checkUrlLiteral(new URL('file:///etc/passwd'), { allowPrivate: true }), /blocked/);
});

test('a PrivateOriginAllowance covers exactly one origin and never a host name', () => {
  const allowance = PrivateOriginAllowance.forOrigin('http://127.0.0.1:4000/demo');
  const policy = { allowPrivate: false, allowance };
  checkUrlLiteral(new URL('http://127.0.0.1:4000/other/path?q=1'), policy);
  for (const other of ['http://127.0.0.1:4001/', 'https://127.0.0.1:4000/', 'http://127.0.0.2:4000/', 'http://localhost:4000/', 'http://10.0.0.1:4000/']) {
    assert.throws(() => checkUrlLiteral(new URL(other), policy), /blocked/, other);
  }
  assert.throws(() => PrivateOriginAllowance.forOrigin('http://localhost:4000/'), /IP-literal/);
  assert.throws(() => PrivateOriginAllowance.forOrigin('file:///tmp/x'), /http/);
  // A look-alike object is not an allowance.
  const fake = { permits: () => true, origin: 'http://127.0.0.1:4000' } as unknown as PrivateOriginAllowance;
  assert.throws(() => checkUrlLiteral(new URL('http://127.0.0.1:4000/'), { allowPrivate: false, allowance: fake }), /blocked/);
  assert.equal(privacyModeOf(new URL('http://127.0.0.1:4000/'), policy), 'local_private');
  assert.equal(privacyModeOf(new URL('http://127.0.0.1:4001/'), policy), 'blocked_by_policy');
  assert.equal(privacyModeOf(new URL('https://example.com/'), policy), 'local_public');
});

test('resolveAndCheck validates every DNS answer and maps resolution failures to dns_error', async () => {
  const table: Record<string, string[]> = {
    'pub.test': ['100.128.0.7', '2606:4700::1111'],
    'mixed.test': ['100.128.0.7', '10.0.0.5'],
    'loop.test': ['127.0.0.1'],
    'v6loop.test': ['::1'],
    'mapped.test': ['::ffff:169.254.169.254'],
    'empty.test': [],
    'garbage.test': ['not-an-ip'],
  };
  const resolve: Resolver = async (host) => {
    if (!(host in table)) throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    return table[host].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const ok = await resolveAndCheck(new URL('http://pub.test/'), STRICT_POLICY, resolve);
  assert.deepEqual(ok.map((a) => a.address), ['100.128.0.7', '2606:4700:0:0:0:0:0:1111']);
  for (const host of ['mixed.test', 'loop.test', 'v6loop.test', 'mapped.test', 'garbage.test']) {
    await assert.rejects(resolveAndCheck(new URL(`http://${host}/`), STRICT_POLICY, resolve), { code: 'private_url_blocked' }, host);
  }
  await assert.rejects(resolveAndCheck(new URL('http://nope.test/'), STRICT_POLICY, resolve), { code: 'dns_error' });
  await assert.rejects(resolveAndCheck(new URL('http://empty.test/'), STRICT_POLICY, resolve), { code: 'dns_error' });
  // OCCAM_ALLOW_PRIVATE_URLS=1: resolution still runs (and still pins), private answers pass.
  const allowed = await resolveAndCheck(new URL('http://loop.test/'), { allowPrivate: true }, resolve);
  assert.deepEqual(allowed, [{ address: '127.0.0.1', family: 4 }]);
  // An allowance for an IP origin never widens to a name that resolves to it.
  const allowance = PrivateOriginAllowance.forOrigin('http://127.0.0.1:80/');
  await assert.rejects(resolveAndCheck(new URL('http://loop.test/'), { allowPrivate: false, allowance }, resolve), {
    code: 'private_url_blocked',
  });
});

test('classifyUrlLiteral reports the reason without DNS', () => {
  assert.deepEqual(classifyUrlLiteral(new URL('ftp://x/')), { private: true, reason: 'scheme' });
  assert.deepEqual(classifyUrlLiteral(new URL('http://a.internal/')), { private: true, reason: 'hostname' });
  assert.deepEqual(classifyUrlLiteral(new URL('http://169.254.169.254/')), { private: true, reason: 'link_local' });
});

test('IANA special-purpose ranges: documentation, benchmarking and tunnel blocks are not public', () => {
  const cases: Array<[string, string]> = [
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.200', 'documentation'],
    ['233.252.0.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.254', 'benchmarking'],
    ['192.88.99.1', 'tunnel'],
    ['192.0.0.8', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['2001:db8:ffff::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'tunnel'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'tunnel'], // a Teredo address
    ['2001:2::1', 'benchmarking'],
    ['2001:10::1', 'reserved'],
    ['2001:100::1', 'reserved'],
    ['100::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'], // outside 2000::/3
    ['::ffff:192.0.2.1', 'documentation'],
    ['64:ff9b::198.51.100.1', 'documentation'],
    ['2002:cb00:7101::', 'documentation'], // 6to4 of 203.0.113.1
    // Globally reachable assignments inside special blocks stay public (registry column "Globally Reachable").
    ['192.0.0.9', 'public'],
    ['192.0.0.10', 'public'],
    ['2001:1::1', 'public'],
    ['2001:3::1', 'public'],
    ['2001:4:112::1', 'public'],
    ['2001:20::1', 'public'],
    ['198.20.0.1', 'public'],
    ['2a00:1450::1', 'public'],
  ];
  for (const [address, expected] of cases) assert.equal(classifyAddress(address), expected, address);
  for (const u of ['http://192.0.2.1/', 'http://[2001:db8::1]/', 'http://198.18.0.1:8080/', 'http://[2001::1]/']) {
    assert.equal(isPrivateUrlLiteral(u), true, u);
  }
});

test('an address on one of this machine\'s interfaces is denied, as a literal and as a DNS answer', async () => {
  // 100.128.0.7 is a public address reported as this machine's own; nothing here opens a socket.
  const interfaces = () => ({ lo: [{ address: '127.0.0.1' }, { address: '::1' }], eth0: [{ address: '100.128.0.7' }, { address: '2a00:1450::7' }] });
  const policy = { allowPrivate: false, allowance: null, localAddresses: localAddressesFor(interfaces) };
  for (const u of ['http://100.128.0.7:8080/', 'http://[2a00:1450::7]/', 'http://1686110215/', 'http://[::ffff:100.128.0.7]/']) {
    assert.throws(() => checkUrlLiteral(new URL(u), policy), (err: any) => err.code === 'private_url_blocked' && err.details.reason === 'local_interface', u);
  }
  checkUrlLiteral(new URL('http://100.128.0.8/'), policy);
  const resolve: Resolver = async () => [{ address: '100.128.0.7', family: 4 }];
  await assert.rejects(resolveAndCheck(new URL('http://own.test/'), policy, resolve), (err: any) => err.details.reason === 'dns_local_interface');
  // The env override lifts it like any private destination.
  await resolveAndCheck(new URL('http://own.test/'), { ...policy, allowPrivate: true }, resolve);
  assert.deepEqual(classifyUrlLiteral(new URL('http://100.128.0.7/'), policy.localAddresses), { private: true, reason: 'local_interface' });
});

test('the interface list is read again after a change', async () => {
  let addresses = [{ address: '100.128.0.7' }];
  const local = localAddressesFor(() => ({ eth0: addresses }));
  const ip = parseIpLiteral('100.128.0.9')!;
  assert.equal(local.has(ip), false);
  addresses = [{ address: '100.128.0.9' }];
  await new Promise((r) => setTimeout(r, 1100));
  assert.equal(local.has(ip), true, 'a new address is denied once the snapshot is refreshed');
});

test('a tunnel (CONNECT) under an allowance reaches the allowed host and port only', () => {
  const allowance = PrivateOriginAllowance.forOrigin('http://127.0.0.1:4000/');
  const policy = { allowPrivate: false, allowance };
  checkUrlLiteral(new URL('https://127.0.0.1:4000/'), policy, { tunnel: true });
  assert.throws(() => checkUrlLiteral(new URL('https://127.0.0.1:4000/'), policy), /blocked/, 'a request keeps the exact origin');
  for (const other of ['https://127.0.0.1:4001/', 'https://127.0.0.2:4000/', 'https://[::1]:4000/']) {
    assert.throws(() => checkUrlLiteral(new URL(other), policy, { tunnel: true }), /blocked/, other);
  }
});
