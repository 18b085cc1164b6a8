import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import { CanaryAuthority, type CanaryLogEvent } from '../../../src/trust/canary/authority.ts';
import { CanarySecret } from '../../../src/trust/canary/secret.ts';
import { bucketOf, macInput, sentinelFor, normaliseClaim, generateSessionId, isValidSessionId } from '../../../src/trust/canary/sentinel.ts';
import { CANARY_VECTORS, VECTOR_FILE_SHA256, checkVectorFile, emitVectorFile, vectorSecret } from '../../../src/trust/canary/vectors.ts';
import { canaryOptionsFromEnv, validateCanaryOptions, CanaryOptionsError, DEFAULT_CANARY_OPTIONS } from '../../../src/trust/canary/options.ts';
import { IssueLog } from '../../../src/trust/canary/issue-log.ts';
import { RateLimiter } from '../../../src/trust/canary/rate-limit.ts';

const T0 = 1_800_000_000_000;
const BUCKET_MS = 300_000;

function setup(options = {}, logs: CanaryLogEvent[] = []) {
  let now = T0;
  const clock = { advance: (ms: number) => { now += ms; }, set: (ms: number) => { now = ms; } };
  const authority = new CanaryAuthority({ options, now: () => now, secret: vectorSecret(), log: (e) => logs.push(e) });
  return { authority, clock };
}

test('trust.md #1 (C1): all eight vectors, derived subkeys, hashed client and the vector file hash', () => {
  const secret = vectorSecret();
  for (const v of CANARY_VECTORS) assert.equal(sentinelFor(secret, v.bucket, v.sessionId, v.sentinelBytes), v.sentinel);
  assert.deepEqual(secret.subkeysForTests(), {
    sentinelKeyHex: '7f4a20b8082de04cd73d8b315b876196ec8a1156a22f661080ebbff62feaadcd',
    pepperKeyHex: 'b862ecd90fa49f2d0f7553b1e66812a0c677af6f44265fb418a24ef6dd86181f',
  });
  const { authority } = setup();
  assert.equal(authority.hashedClient('127.0.0.1'), 'h1:fbda2c7858fcebf4');
  assert.equal(authority.hashedClient('  '), 'none');
  assert.equal(authority.hashedClient(null), 'none');
  const file = emitVectorFile();
  assert.equal(Buffer.byteLength(file), 1658);
  assert.equal(createHash('sha256').update(file).digest('hex'), VECTOR_FILE_SHA256);
  assert.ok(file.endsWith('}\n') && !file.endsWith('\n\n') && !file.startsWith('\uFEFF'));
  assert.deepEqual(checkVectorFile(file), { status: 'ok', checked: 8 });
});

test('trust.md §2.3: MAC input framing example and bucket arithmetic', () => {
  assert.equal(macInput(0, 'a').toString('hex'), '6f6363616d2d63616e6172792d7631' + '00' + '0000000000000000' + '00000001' + '61');
  assert.equal(bucketOf(-1, 300), -1);
  assert.equal(bucketOf(600, 300), 2);
  assert.equal(bucketOf(1_800_000_000, 300), 6_000_000);
});

test('trust.md #2 (C2): tampered vector file and wrong protocol fail', () => {
  const file = JSON.parse(emitVectorFile());
  file.vectors[0].sentinel = 'A'.repeat(43);
  assert.deepEqual(checkVectorFile(JSON.stringify(file)), { status: 'mismatch', checked: 8, mismatches: 1 });
  assert.equal(checkVectorFile(JSON.stringify({ ...JSON.parse(emitVectorFile()), protocol: 'occam-canary-v2' })).status, 'mismatch');
});

test('trust.md #3 (C3): determinism, session isolation, time binding', () => {
  const s = vectorSecret();
  assert.equal(sentinelFor(s, 5, 's1', 32), sentinelFor(s, 5, 's1', 32));
  assert.notEqual(sentinelFor(s, 5, 's1', 32), sentinelFor(s, 5, 's2', 32));
  assert.notEqual(sentinelFor(s, 5, 's1', 32), sentinelFor(s, 6, 's1', 32));
});

test('trust.md #4–#6 (C4–C6): fresh sentinel verifies, wrapped claim too, lower-cased does not, one bucket later still fresh', () => {
  const logs: CanaryLogEvent[] = [];
  const { authority, clock } = setup({}, logs);
  const issued = authority.issue('s1', '127.0.0.1', 'agent/1.0');
  const r = authority.verify('s1', issued.sentinel);
  assert.deepEqual([r.verdict, r.bucketDistance, r.matchedBucket], ['READ_VERIFIED', 0, issued.bucket]);
  assert.equal(authority.verify('s1', `  "${issued.sentinel}"\n`).verdict, 'READ_VERIFIED');
  assert.equal(authority.verify('s1', ` \`'${issued.sentinel}'\` `).verdict, 'READ_VERIFIED');
  assert.equal(authority.verify('s1', issued.sentinel.toLowerCase()).verdict, 'HALLUCINATED');
  clock.advance(BUCKET_MS);
  const later = authority.verify('s1', issued.sentinel);
  assert.deepEqual([later.verdict, later.bucketDistance], ['READ_VERIFIED', 1]);
  // Logs never carry the sentinel or the raw client address.
  const text = JSON.stringify(logs);
  assert.ok(!text.includes(issued.sentinel) && !text.includes('127.0.0.1'));
  assert.deepEqual(logs.map((l) => l.event).slice(0, 2), ['canary_issued', 'canary_verified']);
});

test('trust.md #7 (C7): clock skew — issuer one bucket ahead is fresh (distance −1), two ahead is HALLUCINATED', () => {
  const { authority, clock } = setup();
  clock.advance(BUCKET_MS);
  const ahead = authority.issue('s1');
  clock.advance(-BUCKET_MS);
  const r = authority.verify('s1', ahead.sentinel);
  assert.deepEqual([r.verdict, r.bucketDistance], ['READ_VERIFIED', -1]);
  clock.advance(2 * BUCKET_MS);
  const farAhead = authority.issue('s1');
  clock.advance(-2 * BUCKET_MS);
  assert.equal(authority.verify('s1', farAhead.sentinel).verdict, 'HALLUCINATED');
});

test('trust.md #8, #9 (C8, C9): stale window, exact horizon, beyond the horizon', () => {
  const { authority, clock } = setup();
  const issued = authority.issue('s1');
  clock.advance(2 * BUCKET_MS);
  let r = authority.verify('s1', issued.sentinel);
  assert.deepEqual([r.verdict, r.bucketDistance], ['READ_STALE', 2]);
  clock.set(T0 + 24 * BUCKET_MS);
  assert.equal(authority.verify('s1', issued.sentinel).verdict, 'READ_STALE');
  clock.set(T0 + 25 * BUCKET_MS);
  r = authority.verify('s1', issued.sentinel);
  assert.deepEqual([r.verdict, r.matchedBucket, r.bucketDistance], ['HALLUCINATED', null, null]);
});

test('trust.md #10 (C10): an authentic but unserved sentinel is REPLAY_SUSPECT (provenance before freshness)', () => {
  const { authority } = setup();
  const forged = authority.sentinelFor('never-served', authority.currentBucket());
  const r = authority.verify('never-served', forged);
  assert.deepEqual([r.verdict, r.matchedBucket], ['REPLAY_SUSPECT', authority.currentBucket()]);
});

test('trust.md #11, #12 (C11, C12): invented values and cross-session sentinels are HALLUCINATED', () => {
  const { authority } = setup();
  const a = authority.issue('sessA');
  authority.issue('sessB');
  for (const claim of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '', '   ', 'I read the page and it was about cats', 'x'.repeat(44), `${a.sentinel}x`]) {
    assert.equal(authority.verify('sessA', claim).verdict, 'HALLUCINATED', claim);
  }
  assert.equal(authority.verify('sessB', a.sentinel).verdict, 'HALLUCINATED');
});

test('trust.md #13 (C13): invalid session ids are HALLUCINATED on verify and refused on issue', () => {
  const { authority } = setup();
  for (const sid of [null, '', 'has space', '<script>alert(1)</script>', 'z'.repeat(129)]) {
    assert.equal(authority.verify(sid, 'whatever').verdict, 'HALLUCINATED');
    assert.throws(() => authority.issue(sid as string));
  }
  assert.ok(isValidSessionId(generateSessionId()));
  assert.equal(generateSessionId().length, 22);
  assert.equal(normaliseClaim(' "`x`" '), 'x');
});

test('trust.md #14 (C14): expiresAt − issuedAt = 600 s at a bucket-aligned instant; 16-byte sentinels', () => {
  const { authority, clock } = setup({ sentinelBytes: 16 });
  const issued = authority.issue('s1');
  assert.equal(issued.expiresAt - issued.issuedAt, 600_000);
  assert.equal(issued.sentinel.length, 22);
  assert.equal(authority.verify('s1', issued.sentinel).verdict, 'READ_VERIFIED');
  clock.advance(2 * BUCKET_MS);
  assert.equal(authority.verify('s1', issued.sentinel).verdict, 'READ_STALE');
});

test('trust.md #15 (C15): retention eviction turns a genuine read into REPLAY_SUSPECT; capacity drops the oldest', () => {
  const warnings: string[] = [];
  canaryOptionsFromEnv({ env: { OCCAM_CANARY_ISSUE_LOG_HOURS: '1' }, warn: (l) => warnings.push(l) });
  assert.ok(warnings.some((w) => w.includes('REPLAY_SUSPECT')));
  const { authority, clock } = setup({ issueLogHours: 1 });
  const issued = authority.issue('s1');
  clock.advance(13 * BUCKET_MS);
  assert.equal(authority.verify('s1', issued.sentinel).verdict, 'REPLAY_SUSPECT');
  const log = new IssueLog({ retentionHours: 24, capacity: 256, now: () => T0 });
  for (let i = 0; i < 257; i++) log.append({ sessionId: `s${i}`, bucket: 1, hashedClient: 'none', issuedAt: T0, userAgent: null });
  assert.equal(log.wasIssued('s0', 1), false);
  assert.equal(log.wasIssued('s1', 1), true);
  assert.equal(log.size, 256);
  assert.equal(log.wasIssued('', 1), false);
  assert.equal(log.snapshot()[0].sessionId, 's1');
});

test('trust.md #16 (C16): rate limiter windows, other keys, rollover and bounded key tracking', () => {
  let now = 0;
  const rl = new RateLimiter({ limit: 2, windowSeconds: 60, maxKeys: 64, now: () => now });
  assert.ok(rl.hit('k').allowed);
  assert.ok(rl.hit('k').allowed);
  const denied = rl.hit('k');
  assert.equal(denied.allowed, false);
  assert.ok(!denied.allowed && denied.retryAfterSeconds > 0);
  assert.ok(rl.hit('other').allowed);
  now = 61_000;
  assert.ok(rl.hit('k').allowed);
  for (let i = 0; i < 500; i++) {
    now += 1;
    rl.hit(`flood-${i}`);
    assert.ok(rl.trackedKeys <= 64);
  }
});

test('trust.md #17 (C17): option validation, all failures together, env clamping and fallback', () => {
  assert.throws(() => validateCanaryOptions({ freshTolerance: 4, staleHorizon: 4 }), CanaryOptionsError);
  for (const b of [8, 15, 33]) assert.throws(() => validateCanaryOptions({ sentinelBytes: b }));
  for (const b of [16, 24, 32]) assert.equal(validateCanaryOptions({ sentinelBytes: b }).sentinelBytes, b);
  for (const w of [29, 3601]) assert.throws(() => validateCanaryOptions({ bucketSeconds: w }));
  try {
    validateCanaryOptions({ bucketSeconds: 29, sentinelBytes: 8, freshTolerance: 4, staleHorizon: 4 });
    assert.fail('expected a throw');
  } catch (e) {
    assert.ok(e instanceof CanaryOptionsError);
    assert.equal(e.problems.length, 3);
  }
  const warnings: string[] = [];
  const o = canaryOptionsFromEnv({ env: { OCCAM_CANARY_SENTINEL_BYTES: '99' }, warn: (l) => warnings.push(l) });
  assert.equal(o.sentinelBytes, 32);
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /^\[occam\.config\] OCCAM_CANARY_SENTINEL_BYTES="99" .*clamped to 32/);
  const w2: string[] = [];
  assert.equal(canaryOptionsFromEnv({ env: { OCCAM_CANARY_SENTINEL_BYTES: 'abc' }, warn: (l) => w2.push(l) }).sentinelBytes, 32);
  assert.equal(w2.length, 1);
  assert.deepEqual(canaryOptionsFromEnv({ env: {}, warn: () => assert.fail('no warning expected') }), DEFAULT_CANARY_OPTIONS);
  assert.throws(() => canaryOptionsFromEnv({ env: { OCCAM_CANARY_FRESH_TOLERANCE: '8', OCCAM_CANARY_STALE_HORIZON: '2' }, warn: () => {} }), CanaryOptionsError);
});

test('trust.md #18 (C18): a disposed secret refuses to derive and never prints itself', () => {
  const secret = CanarySecret.generate();
  for (const shown of [String(secret), JSON.stringify({ secret }), inspect(secret), `${secret}`]) {
    assert.ok(shown.includes('redacted') && !/[0-9a-f]{32}/.test(shown));
  }
  secret.dispose();
  assert.ok(secret.disposed);
  assert.throws(() => secret.macSentinel(Buffer.from('x')), (e: Error) => !/[0-9a-f]{32}/.test(e.message));
  assert.throws(() => CanarySecret.fromRootKeyForTests(Buffer.alloc(31)));
  const { authority } = setup();
  authority.dispose();
  assert.throws(() => authority.issue('s1'));
});

test('trust.md #21 (C21): a new process secret makes earlier sentinels HALLUCINATED', () => {
  let now = T0;
  const first = new CanaryAuthority({ now: () => now });
  const issued = first.issue('s1');
  assert.equal(first.verify('s1', issued.sentinel).verdict, 'READ_VERIFIED');
  const restarted = new CanaryAuthority({ now: () => now });
  restarted.issue('s1');
  assert.equal(restarted.verify('s1', issued.sentinel).verdict, 'HALLUCINATED');
});
