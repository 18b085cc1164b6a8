// compose.yaml (docs/scaling.md) stays true to the product: every OCCAM_* variable it sets is in the env catalog and
// accepted, the workers run a real `occam mcp` mode, and what the image copies exists in the repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ENV_CATALOG, inspectEnv } from '../../../src/config/env.ts';
import { REPO_ROOT } from '../../helpers/mcp-client.ts';

test('compose.yaml: catalogued variables with accepted values, a real batch-server command, files that exist', () => {
  const compose = parse(readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8'));
  const occam = compose.services.occam;
  const env = occam.environment as Record<string, string>;
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('OCCAM_')) continue;
    assert.ok(ENV_CATALOG.has(name), `${name} is in the env catalog`);
    assert.equal(inspectEnv(name, { [name]: value }).problem, null, `${name}=${value} is accepted`);
  }
  assert.match(env.OCCAM_STORE_URL!, /^postgres:\/\/occam:[^@]+@postgres:5432\/occam$/, 'the workers use the compose PostgreSQL service');
  assert.equal(compose.services.postgres.environment.POSTGRES_PASSWORD, new URL(env.OCCAM_STORE_URL!).password);
  assert.deepEqual(occam.command, ['node', 'bin/occam.ts', 'mcp', '--batch-server']);
  for (const line of (occam.build.dockerfile_inline as string).split('\n')) {
    const copy = /^COPY (.+) \S+$/.exec(line.trim());
    if (copy) for (const path of copy[1]!.split(' ')) assert.ok(existsSync(join(REPO_ROOT, path)), `${path} exists`);
  }
  assert.match(occam.healthcheck.test.join(' '), /127\.0\.0\.1:5051\/v1\/health/);
});
