// The batch job store contract, run once per backend (embedded SQLite and PostgreSQL) — the same suite.
import { after, before, describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSubmission, pageArgs, splitUrlList } from '../../../src/jobs/batch-request.ts';
import { MAX_ATTEMPTS, type BatchStore, type Owner } from '../../../src/jobs/batch-store.ts';
import { openBatchAt, storeBackends } from '../../helpers/store-backends.ts';

const OPEN: { allowPrivate: boolean } = { allowPrivate: true };
const STRICT = { allowPrivate: false };

function submission(urls: string[], extra: Record<string, unknown> = {}) {
  const check = checkSubmission({ urls: JSON.stringify(urls), ...extra }, 64, OPEN);
  assert.ok(check.ok, check.ok ? '' : check.message);
  return check.submission;
}

const ownerA: Owner = { token: 'aaaa', host: 'h1', pid: 101 };
const ownerB: Owner = { token: 'bbbb', host: 'h1', pid: 202 };
const okOutcome = (md: string) => ({ ok: true, markdown: md, backend: 'http', tokensEstimated: 3, failure: null });

test('playbooks.md §13.1: url lists split on newline, comma, semicolon, space and tab; JSON arrays parse', () => {
  assert.deepEqual(splitUrlList('http://a.test/1\nhttp://a.test/2,http://a.test/3;http://a.test/4 http://a.test/5\thttp://a.test/6'), [
    'http://a.test/1',
    'http://a.test/2',
    'http://a.test/3',
    'http://a.test/4',
    'http://a.test/5',
    'http://a.test/6',
  ]);
  assert.deepEqual(splitUrlList('["http://a.test/x", "http://a.test/y"]'), ['http://a.test/x', 'http://a.test/y']);
  assert.equal(typeof splitUrlList('[not json'), 'string');
});

test('playbooks.md §13.1: invalid submissions → a reason (invalid_request), valid ones normalised with defaults', () => {
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ urls: '' }, /empty/],
    [{ urls: '["http://a.test/", "  "]' }, /blank/],
    [{ urls: JSON.stringify(Array.from({ length: 65 }, (_, i) => `http://a.test/${i}`)) }, /too many/],
    [{ urls: 'ftp://a.test/' }, /http/],
    [{ urls: 'not-a-url' }, /absolute/],
    [{ urls: 'http://a.test/', backend_policy: 'carrier-pigeon' }, /backend_policy/],
    [{ urls: 'http://a.test/', on_oversize: 'truncate' }, /on_oversize/],
    [{ urls: 'http://a.test/', playbook_policy: 'always' }, /playbook_policy/],
    [{ urls: 'http://a.test/', max_tokens: 127 }, /max_tokens/],
    [{ urls: 'http://a.test/', session_profile: '../etc' }, /session_profile/],
  ];
  for (const [input, why] of cases) {
    const check = checkSubmission(input, 64, OPEN);
    assert.equal(check.ok, false, JSON.stringify(input));
    if (!check.ok) assert.match(check.message, why);
  }
  const priv = checkSubmission({ urls: 'http://127.0.0.1:9/' }, 64, STRICT);
  assert.equal(priv.ok, false, 'private URLs fail preflight unless OCCAM_ALLOW_PRIVATE_URLS=1');
  const good = checkSubmission({ urls: 'http://a.test/', backend_policy: 'http-then-browser' }, 64, STRICT);
  assert.ok(good.ok);
  if (good.ok) {
    assert.deepEqual(good.submission.options, {
      backend_policy: 'http_then_browser',
      focus_query: null,
      max_tokens: null,
      fit_markdown: true,
      session_profile: null,
      playbook_policy: 'auto',
      on_oversize: 'fail',
    });
  }
});

test('playbooks.md §13.1: results limit is clamped 1–200, cursor must be ≥ 0', () => {
  assert.deepEqual(pageArgs(undefined, undefined), { cursor: 0, limit: 50 });
  assert.deepEqual(pageArgs(3, 0), { cursor: 3, limit: 1 });
  assert.deepEqual(pageArgs('2', '999'), { cursor: 2, limit: 200 });
  assert.equal(typeof pageArgs(-1, 10), 'string');
  assert.equal(typeof pageArgs(1.5, 10), 'string');
});

for (const backend of storeBackends()) {
  describe(`batch store [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('batch store: submit → claim in order → complete; status, paged results and job state follow', async () => {
    const store = await openBatchAt(await backend.place(), () => 1_000);
    const job = await store.submit(submission(['http://a.test/1', 'http://a.test/2', 'http://a.test/3']));
    assert.match(job.jobId, /^[0-9a-f]{32}$/);
    assert.deepEqual(await store.status(job.jobId), { job_id: job.jobId, state: 'queued', progress: { total: 3, done: 0, failed: 0, running: 0 } });

    const first = await store.claimNext(ownerA, 60_000);
    assert.equal(first?.seq, 0);
    assert.equal((await store.status(job.jobId))?.state, 'running');
    assert.equal((await store.status(job.jobId))?.progress.running, 1);
    assert.ok(await store.complete(ownerA, job.jobId, 0, okOutcome('# one')));
    assert.equal(await store.complete(ownerA, job.jobId, 0, okOutcome('# again')), false, 'a result is recorded once');
    assert.equal(await store.complete(ownerB, job.jobId, 1, okOutcome('# not claimed')), false, 'only the claim owner records');

    const second = (await store.claimNext(ownerA, 60_000))!;
    const third = (await store.claimNext(ownerB, 60_000))!;
    assert.deepEqual([second.seq, third.seq], [1, 2]);
    assert.equal(await store.claimNext(ownerA, 60_000), null);
    await store.complete(ownerA, job.jobId, 1, {
      ok: false,
      markdown: null,
      backend: 'http',
      tokensEstimated: null,
      failure: { code: 'http_404', message: 'HTTP 404' },
    });
    const page1 = (await store.results(job.jobId, 0, 2))!;
    assert.equal(page1.items.length, 2);
    assert.equal(page1.next_cursor, 2);
    assert.deepEqual(page1.items[0], { url: 'http://a.test/1', ok: true, markdown: '# one', backend: 'http', tokens_estimated: 3, failure: null, state: 'done' });
    assert.deepEqual(page1.items[1].failure, { code: 'http_404', message: 'HTTP 404' });
    const page2 = (await store.results(job.jobId, 2, 2))!;
    assert.deepEqual(page2.items[0], { url: 'http://a.test/3', ok: false, markdown: null, backend: null, tokens_estimated: null, failure: null, state: 'running' });
    assert.equal(page2.next_cursor, null);

    await store.complete(ownerB, job.jobId, 2, okOutcome('# three'));
    assert.deepEqual(await store.status(job.jobId), { job_id: job.jobId, state: 'done', progress: { total: 3, done: 2, failed: 1, running: 0 } });
    assert.equal(await store.status('nope'), null);
    assert.equal(await store.results('nope', 0, 10), null);
    await store.close();
  });

    it('batch store: the same idempotency_key within 24 h returns the newest existing job; after 24 h a new one', async () => {
    let now = 5_000_000;
    const store = await openBatchAt(await backend.place(), () => now);
    const a = await store.submit(submission(['http://a.test/1'], { idempotency_key: 'k1' }));
    const again = await store.submit(submission(['http://a.test/other', 'http://a.test/two'], { idempotency_key: 'k1' }));
    assert.equal(again.jobId, a.jobId);
    assert.equal(again.existing, true);
    assert.equal(again.total, 1);
    assert.notEqual((await store.submit(submission(['http://a.test/1'], { idempotency_key: 'k2' }))).jobId, a.jobId);
    now += 24 * 3600 * 1000 + 1;
    assert.notEqual((await store.submit(submission(['http://a.test/1'], { idempotency_key: 'k1' }))).jobId, a.jobId);
    await store.close();
  });

    it('batch store: jobs survive reopening; claims of a dead process resume, live ones stay; repeated crashes fail the item', async () => {
    const place = await backend.place();
    let store = await openBatchAt(place, () => 10_000);
    const job = await store.submit(submission(['http://a.test/1', 'http://a.test/2', 'http://a.test/3']));
    const deadClaim = (await store.claimNext(ownerA, 60_000))!; // ownerA "crashes"
    const liveClaim = (await store.claimNext(ownerB, 60_000))!; // ownerB is still alive
    await store.close();

    store = await openBatchAt(place, () => 20_000);
    const self: Owner = { token: 'cccc', host: 'h1', pid: 303 };
    const alive = (pid: number) => pid === 202;
    assert.deepEqual(await store.recover(self, alive), { resumed: 1, failed: 0 });
    const results = (await store.results(job.jobId, 0, 10))!;
    assert.equal(results.items[deadClaim.seq].state, 'pending');
    assert.equal(results.items[liveClaim.seq].state, 'running');
    // another host's claim resumes only after its lease runs out
    const remoteOwner: Owner = { token: 'dddd', host: 'h2', pid: 101 };
    const remoteClaim = (await store.claimNext(remoteOwner, 5_000))!;
    assert.deepEqual(await store.recover(self, alive), { resumed: 0, failed: 0 });
    await store.close();
    store = await openBatchAt(place, () => 30_000);
    assert.deepEqual(await store.recover(self, alive), { resumed: 1, failed: 0 });
    assert.equal((await store.results(job.jobId, 0, 10))!.items[remoteClaim.seq].state, 'pending');

    // an item whose reads keep killing their process is failed after MAX_ATTEMPTS claims
    const crashJob = await store.submit(submission(['http://a.test/crash']));
    let failedAfter = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      let claim = await store.claimNext({ token: `t${attempt}`, host: 'h1', pid: 900 + attempt }, 60_000);
      while (claim && claim.jobId !== crashJob.jobId) {
        await store.complete({ token: `t${attempt}`, host: 'h1', pid: 900 + attempt }, claim.jobId, claim.seq, okOutcome('x'));
        claim = await store.claimNext({ token: `t${attempt}`, host: 'h1', pid: 900 + attempt }, 60_000);
      }
      const r = await store.recover(self, () => false);
      if (r.failed) {
        failedAfter = attempt;
        break;
      }
    }
    assert.equal(failedAfter, MAX_ATTEMPTS);
    const crashed = (await store.results(crashJob.jobId, 0, 1))!.items[0];
    assert.equal(crashed.state, 'failed');
    assert.equal(crashed.failure?.code, 'transcode_failed');
    assert.equal((await store.status(crashJob.jobId))?.state, 'done');
    await store.close();
  });

    it('batch store: leases renew only for the claims still being read; a given-up claim expires and comes back, to its own owner too', async () => {
    let now = 1_000;
    const store = await openBatchAt(await backend.place(), () => now);
    const job = await store.submit(submission(['http://a.test/1', 'http://a.test/2', 'http://a.test/3']));
    const reading = (await store.claimNext(ownerA, 10_000))!;
    const stranded = (await store.claimNext(ownerA, 10_000))!; // its result could not be recorded
    const handedBack = (await store.claimNext(ownerA, 10_000))!;
    assert.equal(await store.releaseClaim(ownerA, { jobId: handedBack.jobId, seq: handedBack.seq }), true);
    assert.equal(await store.releaseClaim(ownerB, { jobId: reading.jobId, seq: reading.seq }), false, 'only the owner hands a claim back');
    now = 9_000;
    await store.renewLeases(ownerA, 10_000, [{ jobId: reading.jobId, seq: reading.seq }]);
    now = 12_000; // the stranded claim's lease (until 11 000) ran out; the one being read was renewed to 19 000
    const self = { ...ownerA }; // the same process: its pid is alive, only the lease can free its claims
    assert.deepEqual(await store.recover(self, () => true, [{ jobId: reading.jobId, seq: reading.seq }]), { resumed: 1, failed: 0 });
    const items = (await store.results(job.jobId, 0, 10))!.items;
    assert.equal(items[reading.seq].state, 'running');
    assert.equal(items[stranded.seq].state, 'pending');
    assert.equal(items[handedBack.seq].state, 'pending');
    await store.close();
  });

    it('batch store: retention sweep deletes only the jobs finished before the cutoff, with their items', async () => {
    let now = 1_000;
    const store = await openBatchAt(await backend.place(), () => now);
    const old = await store.submit(submission(['http://a.test/old1', 'http://a.test/old2']));
    for (const seq of [0, 1]) {
      const c = (await store.claimNext(ownerA, 60_000))!;
      assert.equal(c.jobId, old.jobId);
      await store.complete(ownerA, c.jobId, c.seq, okOutcome(`# old ${seq}`));
    }
    now = 50_000;
    const unfinished = await store.submit(submission(['http://a.test/open']));
    const recent = await store.submit(submission(['http://a.test/new']));
    now = 60_000;
    (await store.claimNext(ownerA, 60_000))!; // the unfinished job's item, still running
    const r = (await store.claimNext(ownerA, 60_000))!;
    await store.complete(ownerA, r.jobId, r.seq, okOutcome('# new'));
    assert.deepEqual(await store.sweep(10_000), { jobs: 1, items: 2 });
    assert.equal(await store.status(old.jobId), null, 'the old finished job is gone');
    assert.equal((await store.status(recent.jobId))?.state, 'done', 'a job finished after the cutoff stays');
    assert.equal((await store.status(unfinished.jobId))?.state, 'running', 'an unfinished job is never swept, however old');
    assert.deepEqual(await store.sweep(10_000), { jobs: 0, items: 0 });
    await store.close();
  });

    it('batch store: claims are shared fairly across tenants (fewest running first), earliest job first within one', async () => {
    let now = 1_000;
    const store = await openBatchAt(await backend.place(), () => now);
    const big = await store.submit(submission(Array.from({ length: 6 }, (_, i) => `http://a.test/big/${i}`)), 'big-tenant');
    now += 1;
    const small = await store.submit(submission(['http://a.test/small/0', 'http://a.test/small/1']), 'small-tenant');
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = (await store.claimNext(ownerA, 60_000))!;
      order.push(c.jobId === big.jobId ? `big${c.seq}` : `small${c.seq}`);
    }
    // Running counts decide: big (0 vs 0, earlier job), small (1 vs 0), big (1 vs 1, earlier), small (2 vs 1), then big.
    assert.deepEqual(order, ['big0', 'small0', 'big1', 'small1', 'big2', 'big3']);
    assert.equal(await store.unfinishedItems('big-tenant'), 6);
    assert.equal(await store.unfinishedItems('small-tenant'), 2);
    assert.equal(await store.status(big.jobId, 'small-tenant'), null, 'another tenant\'s job is not found');
    assert.equal(await store.results(big.jobId, 0, 10, 'small-tenant'), null);
    assert.equal((await store.status(big.jobId, 'big-tenant'))?.progress.running, 4);
    await store.close();
  });

    it('batch store: release hands an owner\'s unfinished claims back', async () => {
    const store = await openBatchAt(await backend.place(), () => 1);
    const job = await store.submit(submission(['http://a.test/1', 'http://a.test/2']));
    await store.claimNext(ownerA, 60_000);
    await store.claimNext(ownerA, 60_000);
    assert.equal(await store.release(ownerA), 2);
    assert.equal((await store.status(job.jobId))?.progress.running, 0);
    assert.equal((await store.claimNext(ownerB, 60_000))?.seq, 0);
    await store.close();
  });

    it('batch store: concurrent claimers on two stores never take one item twice; earliest job first; concurrent completions close each job once', async () => {
      const place = await backend.place();
      const a = await openBatchAt(place, Date.now);
      const b = await openBatchAt(place, Date.now);
      const first = await a.submit(submission(Array.from({ length: 12 }, (_, i) => `http://a.test/first/${i}`)));
      const second = await b.submit(submission(Array.from({ length: 12 }, (_, i) => `http://a.test/second/${i}`)));
      // One at a time, alternating stores: the whole first job before the second, items in order.
      const order: string[] = [];
      for (let i = 0; i < 6; i++) {
        const c = await (i % 2 ? b : a).claimNext(ownerA, 60_000);
        order.push(`${c!.jobId === first.jobId ? 'first' : 'second'}:${c!.seq}`);
      }
      assert.deepEqual(order, ['first:0', 'first:1', 'first:2', 'first:3', 'first:4', 'first:5']);
      // Then six claimers at once (three per store) drain the rest.
      const claims: Array<{ jobId: string; seq: number; owner: Owner }> = [];
      await Promise.all(
        Array.from({ length: 6 }, async (_, n) => {
          const store = n % 2 ? b : a;
          const owner: Owner = { token: `w${n}`, host: 'h1', pid: 1000 + n };
          for (let c = await store.claimNext(owner, 60_000); c; c = await store.claimNext(owner, 60_000)) claims.push({ jobId: c.jobId, seq: c.seq, owner });
        }),
      );
      const keys = claims.map((c) => `${c.jobId}:${c.seq}`);
      assert.equal(keys.length, 18);
      assert.equal(new Set(keys).size, 18, 'no item claimed twice');
      // Everything completes at once, from both stores: each job ends done exactly when its last item lands.
      const recorded = await Promise.all([
        ...claims.map((c, n) => (n % 2 ? b : a).complete(c.owner, c.jobId, c.seq, okOutcome(`# ${c.seq}`))),
        ...[0, 1, 2, 3, 4, 5].map((seq) => a.complete(ownerA, first.jobId, seq, okOutcome('# early'))),
      ]);
      assert.ok(recorded.every(Boolean));
      for (const job of [first, second]) {
        assert.deepEqual(await b.status(job.jobId), { job_id: job.jobId, state: 'done', progress: { total: 12, done: 12, failed: 0, running: 0 } });
      }
      await a.close();
      await b.close();
    });
  });
}
