#!/usr/bin/env node
// `npm run test:mutate`: plants each deliberate bug below, one at a time, in a temporary copy of this checkout
// (tracked and untracked files, node_modules symlinked), runs the few test files that guard that promise, and
// prints whether a test caught it. Exit 0 when every mutation is caught, 1 when one got through, 2 when the list
// no longer matches the code (a snippet is missing or ambiguous, or a test file is gone): refresh that row.
// Kept out of `npm test` (it runs the affected tests once per mutation). Tests run with CI=true, so a skip can
// never hide a missing part (test/helpers/requires.ts).
//
//   npm run test:mutate                     every mutation
//   npm run test:mutate -- --list           the list, nothing run
//   npm run test:mutate -- --check          only check that every row still matches the code (exit 0 / 2)
//   npm run test:mutate -- --only a,b       only those ids
//   npm run test:mutate -- --keep           keep the temporary copy (its path is printed)
//   npm run test:mutate -- --no-baseline    skip the unmutated run of each test set (by default a set that is
//                                           already red stops the run: its failure would not prove anything)
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(import.meta.dirname, '..');
const PER_MUTATION_TIMEOUT_MS = 10 * 60_000;

/**
 * The mutations: `find` must occur exactly once in `file`; `tests` are the files run against it; `names`, when
 * given, restricts the run to the tests whose names match (node --test-name-pattern) to keep each run small.
 */
export const MUTATIONS = [
  // --- the five rows of issue 19 ---
  {
    id: 'budget-exact-trim', area: 'budget', file: 'src/budget/plan.ts',
    promise: 'the exact cost of the rendered markdown is trimmed to the cap (enforce)',
    find: '  while (out.length && cost(render(out)) > cap) {', replace: '  while (false) {',
    tests: ['test/unit/budget/plan-exact-cost.test.ts'],
  },
  {
    id: 'browser-4xx', area: 'browser', file: 'src/fetch/browser/pool.ts',
    promise: 'a 4xx answer in the browser is a typed http_<status> failure',
    find: 'if (status !== null && status >= 400) {', replace: 'if (status !== null && status >= 500) {',
    tests: ['test/e2e/browser-pool.test.ts'], names: '4xx|403/404/410',
  },
  {
    id: 'browser-consent', area: 'browser', file: 'src/fetch/browser/pool.ts',
    promise: 'the browser clicks a cookie-consent button before capture',
    find: '    if (remaining() < 500) return;\n    // Runs in the page', replace: '    return;\n    // Runs in the page',
    tests: ['test/e2e/browser-pool.test.ts'], names: 'consent wall',
  },
  {
    id: 'tool-removed', area: 'surface', file: 'src/mcp/tools/index.ts',
    promise: 'every catalog tool is served',
    find: '  digestTool,\n', replace: '',
    tests: ['test/e2e/mcp-surface.test.ts', 'test/e2e/operator-info.test.ts'], names: 'tools\\.md #1/#2|smoke --offline under',
  },
  {
    id: 'instructions-period', area: 'surface', file: 'src/contract/instructions.ts',
    promise: 'instructions never name a tool that is not exposed, whatever follows the name',
    find: ".join('|')})(?![A-Za-z0-9_])`", replace: ".join('|')})(?![A-Za-z0-9_.])`",
    tests: ['test/unit/contract/instructions.test.ts'], names: 'independent tokenizer',
  },
  // --- guard ---
  {
    id: 'guard-mapped-ipv6', area: 'guard', file: 'src/fetch/guard.ts',
    promise: 'IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged by its IPv4 address',
    find: 'if (startsWith(bytes, [...zeros10, 0xff, 0xff])) return bytes.slice(12);', replace: 'if (false) return bytes.slice(12);',
    tests: ['test/unit/fetch/guard.test.ts'],
  },
  {
    id: 'guard-dns-answers', area: 'guard', file: 'src/fetch/guard.ts',
    promise: 'every DNS answer must be public (loopback, link-local … block too)',
    find: "if (cls !== 'public' && !policy.allowPrivate) throw blocked(url, `dns_${cls}`);",
    replace: "if (cls === 'private' && !policy.allowPrivate) throw blocked(url, `dns_${cls}`);",
    tests: ['test/unit/fetch/guard.test.ts'],
  },
  {
    id: 'guard-metadata', area: 'guard', file: 'src/fetch/guard.ts',
    promise: 'the whole 169.254.0.0/16 (cloud metadata) is link-local',
    find: "v4('169.254.0.0', 16, 'link_local')", replace: "v4('169.254.0.0', 24, 'link_local')",
    tests: ['test/unit/fetch/guard.test.ts'],
  },
  {
    id: 'guard-allowance', area: 'guard', file: 'src/fetch/guard.ts',
    promise: 'a private-origin allowance permits that one origin only',
    find: '    return url.origin === this.#origin;', replace: '    return true;',
    tests: ['test/unit/fetch/guard.test.ts'],
  },
  // --- budget ---
  {
    id: 'budget-receipt-reserve', area: 'budget', file: 'src/budget/plan.ts',
    promise: 'the receipt reserve comes out of max_tokens',
    find: 'pool = Math.max(0, input.maxTokens - reserve);', replace: 'pool = Math.max(0, input.maxTokens);',
    tests: ['test/unit/budget/plan.test.ts'],
  },
  {
    id: 'budget-whole-fits', area: 'budget', file: 'src/budget/plan.ts',
    promise: 'a page is returned whole only when it fits the cap',
    find: 'if (cap === null || facts.total <= cap) return whole;', replace: 'if (cap === null || facts.total <= cap * 2) return whole;',
    tests: ['test/unit/budget/plan.test.ts'],
  },
  // --- connect ---
  {
    id: 'connect-unmanaged', area: 'connect', file: 'src/operator/connect.ts',
    promise: 'a user-owned ff-occam entry is never overwritten without --force',
    find: "if (insp.managed || force) return 'update';", replace: "return 'update';",
    tests: ['test/unit/operator/connect-core.test.ts'],
  },
  {
    id: 'connect-backup', area: 'connect', file: 'src/operator/connect.ts',
    promise: 'a host config is backed up before it is changed',
    find: 'if (existed) row.apply.backupPath = writeBackup(path);', replace: 'if (false) row.apply.backupPath = writeBackup(path);',
    tests: ['test/unit/operator/connect-core.test.ts', 'test/e2e/operator-connect.test.ts'],
  },
  {
    id: 'connect-ci', area: 'connect', file: 'src/operator/connect.ts',
    promise: 'in CI, connect changes no host config unless forced',
    find: "if (ci && !force) return { mode: 'ci', mutateHosts: false, reason: 'CI detected:",
    replace: "if (false) return { mode: 'ci', mutateHosts: false, reason: 'CI detected:",
    tests: ['test/unit/operator/connect-core.test.ts'],
  },
  // --- exam ---
  {
    id: 'exam-canary-verdict', area: 'exam', file: 'src/exam/grader.ts',
    promise: 'the canary task passes only on READ_VERIFIED',
    find: "passed: adj.verdict === 'READ_VERIFIED', detail };", replace: 'passed: adj.verdict !== null, detail };',
    tests: ['test/unit/exam/grader.test.ts'],
  },
  {
    id: 'exam-score', area: 'exam', file: 'src/exam/grader.ts',
    promise: 'the score counts passed tasks only',
    find: 'for (const o of outcomes) if (o.passed) score++;', replace: 'for (const o of outcomes) score++;',
    tests: ['test/unit/exam/grader.test.ts'],
  },
  // --- receipts ---
  {
    id: 'receipt-signature', area: 'receipts', file: 'src/trust/receipts/verify.ts',
    promise: 'a receipt whose signature does not verify is signature_invalid',
    find: '  if (!envelopeSignatureValid(env, publicKey)) {', replace: '  if (false) {',
    tests: ['test/unit/trust/receipts.test.ts'],
  },
  {
    id: 'receipt-content', area: 'receipts', file: 'src/trust/receipts/verify.ts',
    promise: 'markdown that does not hash to the signed contentHash is content_mismatch',
    find: '    if (!match) {', replace: '    if (false) {',
    tests: ['test/unit/trust/receipts.test.ts'],
  },
  {
    id: 'receipt-merkle', area: 'receipts', file: 'src/trust/receipts/merkle.ts',
    promise: 'a Merkle inclusion proof verifies only against its root',
    find: "return `sha256:${cur.toString('hex')}` === root;", replace: 'return true;',
    tests: ['test/unit/trust/receipts.test.ts'],
  },
  // --- transports ---
  {
    id: 'transport-origin', area: 'transports', file: 'src/mcp/transports/http.ts',
    promise: 'local transports refuse a non-loopback Origin',
    find: '  return origin === undefined || isLoopbackOrigin(origin);', replace: '  return true;',
    tests: ['test/unit/mcp/transport-loopback.test.ts'],
  },
  {
    id: 'transport-http-guard', area: 'transports', file: 'src/mcp/transports/streamable-http.ts',
    promise: 'Streamable HTTP answers 403 to a foreign Host',
    find: 'if (loopbackOnly && !passesLoopbackGuard(req)) return sendJson(res, 403, NOT_LOOPBACK_BODY);', replace: 'if (false) return sendJson(res, 403, NOT_LOOPBACK_BODY);',
    tests: ['test/e2e/transport-streamable-http.test.ts'], names: 'tools\\.md #31',
  },
  {
    id: 'transport-ws-binary', area: 'transports', file: 'src/mcp/transports/websocket.ts',
    promise: 'WebSocket binary frames are rejected (1003)',
    find: '    if (isBinary) {', replace: '    if (false) {',
    tests: ['test/e2e/transport-websocket.test.ts'], names: 'binary frames are rejected',
  },
  {
    id: 'transport-ws-size', area: 'transports', file: 'src/mcp/transports/websocket.ts',
    promise: 'a WebSocket message above OCCAM_MCP_MAX_MESSAGE_BYTES is rejected (1009)',
    find: 'maxPayload: maxMessageBytes,', replace: 'maxPayload: maxMessageBytes * 1024,',
    tests: ['test/e2e/transport-websocket.test.ts'], names: 'binary frames are rejected',
  },
  // --- fetch (the guard's other half: pinning, redirects, credentials, caps) ---
  {
    id: 'fetch-dns-pin', area: 'guard', file: 'src/fetch/transport.ts',
    promise: 'the socket dials the validated DNS answer (no rebinding between check and connect)',
    find: '      this.#pins.set(bareHost(url), addresses);', replace: '      void addresses;',
    tests: ['test/e2e/fetch-guard.test.ts'],
  },
  {
    id: 'fetch-credentials-cross-origin', area: 'guard', file: 'src/fetch/acquire.ts',
    promise: 'credential headers are dropped on a cross-origin redirect',
    find: 'const sendHeaders = originOf(url) === originalOrigin ? headers : withoutHeaders(headers, CREDENTIAL_HEADERS);',
    replace: 'const sendHeaders = headers;',
    tests: ['test/e2e/fetch-request.test.ts'],
  },
  {
    id: 'fetch-redirect-limit', area: 'guard', file: 'src/fetch/acquire.ts',
    promise: 'more than 10 redirects is redirect_loop',
    find: '      if (redirects > MAX_REDIRECTS) {', replace: '      if (redirects > MAX_REDIRECTS * 10) {',
    tests: ['test/e2e/fetch-faults.test.ts'], names: 'redirect',
  },
  {
    id: 'fetch-body-cap', area: 'guard', file: 'src/fetch/body.ts',
    promise: 'a body over the byte cap is response_too_large (streamed, not only declared)',
    find: '      if (kept + chunk.length <= cap) {', replace: '      if (true) {',
    tests: ['test/e2e/fetch-faults.test.ts'], names: 'cap|large|bomb',
  },
  // --- canary and remote auth ---
  {
    id: 'canary-replay', area: 'receipts', file: 'src/trust/canary/authority.ts',
    promise: 'an authentic sentinel that was never served is REPLAY_SUSPECT',
    find: '    if (!this.issueLog.wasIssued(sessionId, matched)) {', replace: '    if (false) {',
    tests: ['test/unit/trust/canary.test.ts'],
  },
  {
    id: 'remote-audience', area: 'transports', file: 'src/mcp/transports/remote.ts',
    promise: 'a bearer token for another audience is refused (401)',
    find: '        audience: options.audience,\n', replace: '',
    tests: ['test/e2e/transport-remote.test.ts'], names: 'tools\\.md #30: token in the query',
  },
];

function occurrences(text, needle) {
  let n = 0;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) n++;
  return n;
}

/** Every row must still match today's code exactly once, and its test files must exist. */
export function checkList(mutations, root = REPO) {
  const problems = [];
  const ids = new Set();
  for (const m of mutations) {
    if (ids.has(m.id)) problems.push(`${m.id}: duplicate id`);
    ids.add(m.id);
    const path = join(root, m.file);
    if (!existsSync(path)) {
      problems.push(`${m.id}: ${m.file} no longer exists`);
      continue;
    }
    const n = occurrences(readFileSync(path, 'utf8'), m.find);
    if (n === 0) problems.push(`${m.id}: the original snippet is no longer found in ${m.file} — refresh this row in scripts/mutate.mjs:\n    ${JSON.stringify(m.find)}`);
    if (n > 1) problems.push(`${m.id}: the original snippet occurs ${n} times in ${m.file} — make it unique:\n    ${JSON.stringify(m.find)}`);
    for (const t of m.tests) if (!existsSync(join(root, t))) problems.push(`${m.id}: test file ${t} no longer exists`);
  }
  return problems;
}

function copyCheckout(into) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const rel of listed.stdout.split('\0').filter(Boolean)) {
    if (rel === 'node_modules' || rel.startsWith('node_modules/')) continue;
    const from = join(REPO, rel);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(into, rel)), { recursive: true });
    copyFileSync(from, join(into, rel));
  }
  symlinkSync(join(REPO, 'node_modules'), join(into, 'node_modules'), 'dir');
}

function runTests(cwd, m) {
  // A test that hangs under a mutation fails after 3 min instead of holding the run (and counts as caught).
  const args = ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-timeout=180000'];
  if (m.names) args.push(`--test-name-pattern=${m.names}`);
  args.push(...m.tests);
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, CI: 'true', NODE_NO_WARNINGS: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, PER_MUTATION_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, out, timedOut });
    });
  });
}

/** tests / fail counts from the spec reporter's summary, and the first failing test's name. */
function summarise(out) {
  const count = (label) => Number(new RegExp(`^ℹ ${label} (\\d+)`, 'm').exec(out)?.[1] ?? NaN);
  const failing = out.split('\n').find((l) => /^\s*✖ /.test(l) && !/failing tests:/.test(l));
  return { tests: count('tests'), fail: count('fail'), firstFailure: failing ? failing.trim().replace(/^✖ /, '').replace(/ \([\d.]+ms\)$/, '') : '' };
}

function table(rows) {
  const head = ['mutation', 'area', 'file', 'result', 'caught by'];
  const lines = rows.map((r) => [r.id, r.area, r.file, r.result, r.by]);
  const width = head.map((h, i) => Math.min(96, Math.max(h.length, ...lines.map((l) => l[i].length))));
  const fmt = (cells) => `| ${cells.map((c, i) => (c.length > width[i] ? `${c.slice(0, width[i] - 1)}…` : c.padEnd(width[i]))).join(' | ')} |`;
  return [fmt(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}

async function main() {
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1]?.split(',') ?? [] : null;
  const keep = argv.includes('--keep');
  if (argv.includes('--list')) {
    for (const m of MUTATIONS) console.log(`${m.id.padEnd(24)} ${m.area.padEnd(10)} ${m.file}  — ${m.promise}  [${m.tests.join(', ')}]`);
    return 0;
  }
  const problems = checkList(MUTATIONS);
  if (problems.length) {
    console.error(`mutate: the mutation list no longer matches the code (${problems.length} problem${problems.length > 1 ? 's' : ''}):`);
    for (const p of problems) console.error(`  - ${p}`);
    return 2;
  }
  if (argv.includes('--check')) {
    console.log(`mutate: all ${MUTATIONS.length} mutations match the code`);
    return 0;
  }
  const chosen = only ? MUTATIONS.filter((m) => only.includes(m.id)) : MUTATIONS;
  const unknown = only ? only.filter((id) => !MUTATIONS.some((m) => m.id === id)) : [];
  if (unknown.length || chosen.length === 0) {
    console.error(`mutate: unknown mutation id(s): ${unknown.join(', ') || '(none given)'}; see --list`);
    return 2;
  }
  const work = mkdtempSync(join(tmpdir(), 'occam-mutate-'));
  console.error(`mutate: copying the checkout to ${work}`);
  copyCheckout(work);
  const rows = [];
  try {
    if (!argv.includes('--no-baseline')) {
      // Each distinct test set must pass unmutated in the copy, or a failure under a mutation proves nothing.
      const sets = new Map();
      for (const m of chosen) sets.set(`${m.tests.join(' ')}|${m.names ?? ''}`, m);
      for (const m of sets.values()) {
        process.stderr.write(`mutate: baseline ${m.tests.join(' ')}${m.names ? ` [${m.names}]` : ''} … `);
        const run = await runTests(work, m);
        const s = summarise(run.out);
        const green = run.code === 0 && s.tests > 0;
        process.stderr.write(green ? `green (${s.tests} tests)\n` : 'RED\n');
        if (!green) {
          console.error(run.out.split('\n').slice(-40).join('\n'));
          console.error(`mutate: the unmutated test set for ${m.id} is not green (${s.tests} tests, ${s.fail} failed): fix it first`);
          return 2;
        }
      }
    }
    for (const m of chosen) {
      const path = join(work, m.file);
      const original = readFileSync(path, 'utf8');
      writeFileSync(path, original.replace(m.find, m.replace));
      const started = Date.now();
      process.stderr.write(`mutate: ${m.id} (${m.file}) → ${m.tests.join(' ')}${m.names ? ` [${m.names}]` : ''} … `);
      let run;
      try {
        run = await runTests(work, m);
      } finally {
        writeFileSync(path, original);
      }
      const s = summarise(run.out);
      let result;
      let by = '';
      if (run.timedOut) {
        result = 'caught (timeout)';
        by = `no result within ${PER_MUTATION_TIMEOUT_MS / 60_000} min`;
      } else if (!(s.tests > 0)) {
        result = 'NOT CAUGHT (no test ran)';
        by = 'the name pattern or files select no test';
      } else if (run.code !== 0) {
        result = 'caught';
        by = s.firstFailure ? `${s.fail > 1 ? `${s.fail} failed, first: ` : ''}${s.firstFailure}` : `exit ${run.code}`;
      } else {
        result = 'NOT CAUGHT';
        by = `${s.tests} tests passed`;
      }
      process.stderr.write(`${result} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
      rows.push({ id: m.id, area: m.area, file: m.file, result, by });
    }
  } finally {
    if (keep) console.error(`mutate: kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  console.log(table(rows));
  const missed = rows.filter((r) => r.result.startsWith('NOT'));
  console.log(`\n${rows.length - missed.length} of ${rows.length} mutations caught${missed.length ? `; not caught: ${missed.map((r) => r.id).join(', ')}` : ''}`);
  return missed.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then((code) => process.exit(code), (err) => {
    console.error(`mutate: ${err?.stack ?? err}`);
    process.exit(2);
  });
}
