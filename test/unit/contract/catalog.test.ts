import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG, CORE_TOOLS, OPT_IN_TOOLS, OPT_IN_GATES, coreToolsOf, profileSizes } from '../../../src/contract/catalog.ts';
import { PROFILES, parseProfile } from '../../../src/contract/profiles.ts';
import { FAILURE_CODES, failureCodeOf, isFailureCode, nestedFailure, normaliseError, topFailure } from '../../../src/contract/failures.ts';

test('tools.md §2: 18 core tools in frozen order, 8 opt-in tools behind 6 gates', () => {
  assert.equal(CORE_TOOLS.length, 18);
  assert.equal(OPT_IN_TOOLS.length, 8);
  assert.equal(OPT_IN_GATES.length, 6);
  assert.equal(CORE_TOOLS[0].name, 'occam_client_capabilities');
  assert.equal(CORE_TOOLS[17].name, 'occam_canary_verify');
  assert.equal(new Set(CATALOG.map((t) => t.name)).size, CATALOG.length, 'names are unique');
});

test('tools.md #2: profile sizes are 1/3/11/12/15/18', () => {
  assert.deepEqual(profileSizes(), { minimal: 1, basic: 3, reader: 11, researcher: 12, auditor: 15, full: 18 });
  assert.deepEqual(coreToolsOf('minimal').map((t) => t.name), ['occam']);
  assert.deepEqual(coreToolsOf('basic').map((t) => t.name).sort(), ['occam', 'occam_digest', 'occam_search']);
});

test('tools.md #3: each profile contains the previous one', () => {
  for (let i = 1; i < PROFILES.length; i++) {
    const narrower = new Set(coreToolsOf(PROFILES[i - 1]).map((t) => t.name));
    const wider = new Set(coreToolsOf(PROFILES[i]).map((t) => t.name));
    for (const name of narrower) assert.ok(wider.has(name), `${name} of ${PROFILES[i - 1]} missing from ${PROFILES[i]}`);
  }
});

test('tools.md #4: profile names are trimmed and case-folded', () => {
  assert.equal(parseProfile(' Researcher '), 'researcher');
  assert.equal(parseProfile('bogus'), null);
});

test('tools.md W7: every tool is open-world; writers are marked not read-only', () => {
  for (const t of CATALOG) assert.equal(t.annotations.openWorldHint, true, t.name);
  for (const name of ['occam_playbook_heal', 'occam_playbook_save', 'occam_browser_interact']) {
    const a = CATALOG.find((t) => t.name === name)!.annotations;
    assert.deepEqual([a.readOnlyHint, a.destructiveHint, a.idempotentHint], [false, false, false], name);
  }
  for (const name of ['occam', 'occam_canary_issue', 'occam_canary_verify', 'occam_exam_submit']) {
    assert.deepEqual(CATALOG.find((t) => t.name === name)!.annotations, { openWorldHint: true }, name);
  }
});

test('tools.md §7.1: envelopes carry exactly one code in their shape', () => {
  const top = topFailure('timeout', 'slow');
  const nested = nestedFailure({ code: 'http_404', message: 'gone' });
  assert.equal(failureCodeOf(top), 'timeout');
  assert.equal(failureCodeOf(nested), 'http_404');
  assert.equal('failureCode' in nested, false);
  assert.equal('failure' in top, false);
  assert.equal(nested.failure.retryable, false);
  assert.equal(nestedFailure({ code: 'http_503', message: 'x' }).failure.retryable, true);
});

test('tools.md §7.3: raw error names fold into the taxonomy', () => {
  assert.equal(normaliseError(Object.assign(new Error('x'), { code: 'ENOTFOUND' })).code, 'dns_error');
  assert.equal(normaliseError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })).code, 'network_error');
  assert.equal(normaliseError(Object.assign(new Error('x'), { name: 'AbortError' })).code, 'timeout');
  assert.equal(normaliseError(new TypeError('boom')).code, 'extraction_failed');
  assert.equal(normaliseError(Object.assign(new Error('x'), { code: 'private-ip-blocked' })).code, 'extraction_failed');
  assert.equal(normaliseError(Object.assign(new Error('x'), { code: 'private_ip_blocked' })).code, 'private_url_blocked');
  for (const code of Object.keys(FAILURE_CODES)) assert.match(code, /^[a-z][a-z0-9_]*$/);
  assert.ok(isFailureCode('http_418') && isFailureCode('search_http_502') && !isFailureCode('TypeError'));
});
