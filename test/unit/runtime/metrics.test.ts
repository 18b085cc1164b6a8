// The metrics recorder: a no-op until a server enables it; then tool calls are labelled by tool, the backend that
// answered (a cached response counts as `cache` and as a cache hit) and the outcome (ok or the failure code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { enableMetrics, observeToolCall } from '../../../src/runtime/metrics.ts';

test('metrics: tool calls by backend and outcome, cached reads as cache hits, failures by code', async () => {
  observeToolCall('occam_transcode', Date.now(), { ok: true, backend: 'node_readability_turndown' }); // before enable: dropped
  const registry = await enableMetrics();
  observeToolCall('occam_transcode', Date.now(), { ok: true, backend: 'node_readability_turndown', cached: true });
  observeToolCall('occam_transcode', Date.now(), { ok: false, backend: null, failure: { code: 'timeout' } });
  observeToolCall('occam_batch_status', Date.now(), { ok: false, error: { code: 'job_not_found' } });
  const text = await registry.metrics();
  assert.match(text, /^occam_tool_call_seconds_count\{tool="occam_transcode",backend="cache",outcome="ok"\} 1$/m);
  assert.match(text, /^occam_tool_call_seconds_count\{tool="occam_transcode",backend="none",outcome="timeout"\} 1$/m);
  assert.match(text, /^occam_tool_call_seconds_count\{tool="occam_batch_status",backend="none",outcome="job_not_found"\} 1$/m);
  assert.match(text, /^occam_cache_hits_total\{tool="occam_transcode"\} 1$/m);
  assert.doesNotMatch(text, /backend="node_readability_turndown",outcome="ok"/, 'the call before enableMetrics was not recorded');
  assert.equal(await enableMetrics(), registry, 'one registry per process');
});
