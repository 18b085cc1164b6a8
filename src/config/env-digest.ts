// Many-page reading variables (reading.md §16.2).
import { define, int, ok } from './env-spec.ts';

export const digestVars = [
  define({
    name: 'OCCAM_DIGEST_PARALLEL',
    area: 'reading',
    description: '`0` reads digest URLs one after another; anything else reads them in parallel.',
    default: true,
    defaultText: 'parallel',
    parse: (raw) => ok(raw.trim() !== '0'),
  }),
  define({
    name: 'OCCAM_DIGEST_MAX_PARALLEL',
    area: 'reading',
    description: 'How many digest URLs are read at once (browser escalations are further bounded by OCCAM_BROWSER_MAX_PARALLEL).',
    default: 20,
    defaultText: '20',
    range: '1–32',
    parse: int(1, 32),
  }),
  define({
    name: 'OCCAM_TOOL_DEADLINE_MS',
    area: 'reading',
    description:
      'Overall deadline of one tool call, split across its stages (HTTP, browser, receipt); when it is hit the tool returns `timeout` with the stage timings. The default stays below common client request timeouts (60 s); `deadline_ms` on a call may extend it. `0` turns it off.',
    default: 45_000,
    defaultText: '45000',
    range: '0 or 5000–600000',
    parse: (raw) => (raw.trim() === '0' ? ok(0) : int(5000, 600_000)(raw)),
  }),
  define({
    name: 'OCCAM_READ_MEMORY_BUDGET_MB',
    area: 'reading',
    description:
      'Memory that concurrent page parses may reserve together (each reserves the measured peak of one read: for pages of 1 MiB and more, parsed in a worker thread with a capped heap, 48 MB for the worker plus its heap limit plus 6 × the page, about 180 MB for 6 MB; for smaller pages 32 MB plus 40 × the page); digest and batch reads queue for it instead of growing without bound. One read larger than the whole budget still runs, alone.',
    default: 1024,
    defaultText: '1024',
    range: '64–65536',
    parse: int(64, 65_536),
  }),
  define({
    name: 'OCCAM_READ_SPARE_WORKER',
    area: 'reading',
    description:
      'A long-lived host (`occam mcp`, every MCP transport) keeps one page-parse worker thread started ahead of need, so a read of a page of 1 MiB or more pays neither the thread\'s start (150–300 ms) nor its memory in its own peak; each page still gets a fresh worker, and the next spare starts when no read is in progress. It holds about 17 MB of resident memory while idle (about 40 MB from a source checkout), outside OCCAM_READ_MEMORY_BUDGET_MB. `0` starts a worker per page instead.',
    default: true,
    defaultText: 'on',
    parse: (raw) => ok(raw.trim() !== '0'),
  }),
];
