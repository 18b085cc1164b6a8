// occam_probe limits (tools.md §3.1.4, reading.md §8), kept apart from the probe itself so the tool module can
// publish them without loading the fetch and DOM code at tools/list time.
export const PROBE_TIMEOUT_DEFAULT_MS = 10_000;
export const PROBE_TIMEOUT_MIN_MS = 1_000;
export const PROBE_TIMEOUT_MAX_MS = 120_000;
/** Body sample read by the probe (absolute max 4 MiB). */
export const PROBE_SAMPLE_BYTES = 256 * 1024;
