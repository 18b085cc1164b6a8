// `occam canary selftest` (trust.md §2.12): the protocol's assertions, runnable from the shipped binary without
// a network or a test runner — vector root key, manual clock at 1 800 000 000 s.
import { CanaryAuthority } from './authority.ts';
import { validateCanaryOptions } from './options.ts';
import { RateLimiter } from './rate-limit.ts';
import { CanarySecret } from './secret.ts';
import { bucketOf, sentinelFor } from './sentinel.ts';
import { CANARY_VECTORS, vectorSecret } from './vectors.ts';

export const SELFTEST_NOW_MS = 1_800_000_000_000;

export interface SelftestCheck {
  name: string;
  run: () => boolean;
}

function fixture(options = {}) {
  let now = SELFTEST_NOW_MS;
  const authority = new CanaryAuthority({ options, now: () => now, secret: vectorSecret() });
  const width = authority.options.bucketSeconds * 1000;
  return { authority, advanceBuckets: (n: number) => { now += n * width; } };
}

export const CANARY_SELFTEST_CHECKS: readonly SelftestCheck[] = [
  { name: 'default options valid', run: () => validateCanaryOptions().staleHorizon > validateCanaryOptions().freshTolerance },
  {
    name: 'published vectors',
    run: () => {
      const s = vectorSecret();
      return CANARY_VECTORS.every((v) => sentinelFor(s, v.bucket, v.sessionId, v.sentinelBytes) === v.sentinel);
    },
  },
  {
    name: 'determinism, session isolation, time binding',
    run: () => {
      const s = vectorSecret();
      const a = sentinelFor(s, 7, 's1', 32);
      return a === sentinelFor(s, 7, 's1', 32) && a !== sentinelFor(s, 7, 's2', 32) && a !== sentinelFor(s, 8, 's1', 32);
    },
  },
  {
    name: 'fresh read verifies, with quote and whitespace tolerance',
    run: () => {
      const { authority } = fixture();
      const i = authority.issue('s1');
      return authority.verify('s1', i.sentinel).verdict === 'READ_VERIFIED' && authority.verify('s1', ` "\`${i.sentinel}\`"\n`).verdict === 'READ_VERIFIED';
    },
  },
  {
    name: 'READ_STALE past the fresh window, HALLUCINATED past the horizon',
    run: () => {
      const { authority, advanceBuckets } = fixture();
      const i = authority.issue('s1');
      advanceBuckets(2);
      const stale = authority.verify('s1', i.sentinel).verdict === 'READ_STALE';
      advanceBuckets(23);
      return stale && authority.verify('s1', i.sentinel).verdict === 'HALLUCINATED';
    },
  },
  {
    name: 'REPLAY_SUSPECT for an authentic unserved value',
    run: () => {
      const { authority } = fixture();
      return authority.verify('unserved', authority.sentinelFor('unserved', authority.currentBucket())).verdict === 'REPLAY_SUSPECT';
    },
  },
  {
    name: 'HALLUCINATED for invented, case-folded and cross-session claims',
    run: () => {
      const { authority } = fixture();
      const a = authority.issue('sa');
      authority.issue('sb');
      return ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '', a.sentinel.toLowerCase()].every((c) => authority.verify('sa', c).verdict === 'HALLUCINATED') &&
        authority.verify('sb', a.sentinel).verdict === 'HALLUCINATED';
    },
  },
  { name: 'floor bucket arithmetic', run: () => bucketOf(-1, 300) === -1 && bucketOf(600, 300) === 2 && bucketOf(1_800_000_000, 300) === 6_000_000 },
  {
    name: 'rate-limit refusal and rollover',
    run: () => {
      let now = 0;
      const rl = new RateLimiter({ limit: 2, windowSeconds: 60, maxKeys: 64, now: () => now });
      const first = rl.hit('k').allowed && rl.hit('k').allowed && !rl.hit('k').allowed;
      now = 61_000;
      return first && rl.hit('k').allowed;
    },
  },
  {
    name: 'session charset rejection',
    run: () => {
      const { authority } = fixture();
      let refused = false;
      try {
        authority.issue('has space');
      } catch {
        refused = true;
      }
      return refused && authority.verify('<script>', 'x').verdict === 'HALLUCINATED';
    },
  },
  {
    name: 'disposed secret refuses to derive',
    run: () => {
      const s = CanarySecret.generate();
      s.dispose();
      try {
        s.macSentinel(Buffer.from('x'));
        return false;
      } catch {
        return String(s).includes('redacted');
      }
    },
  },
];

export function runCanarySelftest(checks: readonly SelftestCheck[] = CANARY_SELFTEST_CHECKS): { failed: string[] } {
  const failed: string[] = [];
  for (const c of checks) {
    let ok = false;
    try {
      ok = c.run();
    } catch {
      ok = false;
    }
    if (!ok) failed.push(c.name);
  }
  return { failed };
}
