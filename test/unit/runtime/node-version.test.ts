// The Node.js floor the `occam` executable checks first (src/runtime/node-version.ts) is package.json's engines range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_NODE_TEXT, nodeIsSupported, unsupportedNodeLine } from '../../../src/runtime/node-version.ts';
import { REPO } from '../../helpers/build-cache.ts';

test('MIN_NODE is package.json engines.node; versions either side of it', () => {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  assert.equal(pkg.engines.node, `>=${MIN_NODE_TEXT}`);
  for (const v of ['v22.18.0', '22.19.1', 'v23.0.0', 'v24.21.0']) assert.equal(nodeIsSupported(v), true, v);
  for (const v of ['v20.20.2', 'v22.17.9', 'v18.0.0']) assert.equal(nodeIsSupported(v), false, v);
  assert.doesNotMatch(unsupportedNodeLine('v20.20.2'), /\n/);
});
