import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENV_CATALOG, envProblems, inspectEnv, readEnv } from '../../../src/config/env.ts';

const RANGE = /^(-?\d+)–(-?\d+)$/;

test('env catalog: every variable is OCCAM_-prefixed, documented, and its default survives its own parser', () => {
  assert.ok(ENV_CATALOG.size > 10);
  for (const spec of ENV_CATALOG.values()) {
    assert.match(spec.name, /^OCCAM_[A-Z0-9_]+$/);
    assert.ok(spec.description.length > 10, `${spec.name} needs a description`);
    assert.ok(spec.defaultText.length > 0, `${spec.name} needs a default text`);
  }
});

test('env catalog: integer ranges accept their bounds and reject outside them (or clamp) with a reason', () => {
  for (const spec of ENV_CATALOG.values()) {
    const m = spec.range?.match(RANGE);
    if (!m) continue;
    const [min, max] = [Number(m[1]), Number(m[2])];
    const lo = spec.parse(String(min));
    const hi = spec.parse(String(max));
    assert.ok(lo.ok && lo.value === min, `${spec.name} accepts ${min}`);
    assert.ok(hi.ok && hi.value === max, `${spec.name} accepts ${max}`);
    for (const outside of [min - 1, max + 1]) {
      const r = spec.parse(String(outside));
      if (r.ok) assert.ok(r.value === min || r.value === max, `${spec.name} clamps ${outside}`);
      else assert.ok(r.reason.length > 0);
    }
  }
});

test('env catalog: garbage never throws; a rejected value warns once with the variable name and falls back', () => {
  for (const spec of ENV_CATALOG.values()) {
    const warnings: string[] = [];
    const value = readEnv(spec.name, { [spec.name]: '%%garbage%%' }, (l) => warnings.push(l));
    assert.ok(warnings.length <= 1, spec.name);
    if (warnings.length === 1) {
      assert.match(warnings[0], /^\[occam\.config\] /);
      assert.ok(warnings[0].includes(spec.name));
      assert.deepEqual(value, spec.default);
      if (spec.secret) assert.ok(!warnings[0].includes('%%garbage%%'), 'secret values are never echoed');
    }
  }
});

test('tools.md §4.2: OCCAM_PROFILE bogus → reader with one warning naming the value and the six profiles', () => {
  const warnings: string[] = [];
  assert.equal(readEnv('OCCAM_PROFILE', { OCCAM_PROFILE: 'bogus' }, (l) => warnings.push(l)), 'reader');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /bogus/);
  for (const p of ['minimal', 'basic', 'reader', 'researcher', 'auditor', 'full']) assert.ok(warnings[0].includes(p));
  assert.equal(readEnv('OCCAM_PROFILE', { OCCAM_PROFILE: ' Researcher ' }), 'researcher');
  assert.equal(readEnv('OCCAM_PROFILE', {}), 'reader');
});

test('tools.md §2.2: gates are on for 1 or true in any case, off otherwise, never a warning', () => {
  for (const [raw, on] of [['1', true], ['true', true], ['TRUE', true], ['yes', false], ['0', false], ['', false]] as const) {
    const warnings: string[] = [];
    assert.equal(readEnv('OCCAM_EXAM_MCP', { OCCAM_EXAM_MCP: raw }, (l) => warnings.push(l)), on, raw);
    assert.equal(warnings.length, 0);
  }
});

test('tools.md #12: OCCAM_CLIENT_CONTEXT_TOKENS non-integer is silent, out of range warns', () => {
  assert.equal(inspectEnv('OCCAM_CLIENT_CONTEXT_TOKENS', { OCCAM_CLIENT_CONTEXT_TOKENS: 'abc' }).problem, null);
  assert.match(inspectEnv('OCCAM_CLIENT_CONTEXT_TOKENS', { OCCAM_CLIENT_CONTEXT_TOKENS: '500' }).problem ?? '', /range/);
  assert.equal(inspectEnv('OCCAM_CLIENT_CONTEXT_TOKENS', { OCCAM_CLIENT_CONTEXT_TOKENS: '64000' }).value, 64000);
  assert.deepEqual(envProblems({ OCCAM_CLIENT_CONTEXT_TOKENS: '500' }).map((p) => p.name), ['OCCAM_CLIENT_CONTEXT_TOKENS']);
});
