// In-process IO for the trust verbs: captures stdout/stderr, reads real files.
import { readFileSync } from 'node:fs';
import { testContext, type RuntimeContext } from '../../../src/runtime/context.ts';
import type { TrustIo } from '../../../commands/trust-io.ts';

export interface CapturedIo extends TrustIo {
  stdout: () => string;
  stdoutBytes: () => Buffer;
  stderr: () => string;
}

export function captureIo(runtime: Partial<RuntimeContext> = {}, stdin = ''): CapturedIo {
  const out: Buffer[] = [];
  let err = '';
  return {
    runtime: testContext({ now: Date.now, ...runtime }),
    out: (t) => out.push(typeof t === 'string' ? Buffer.from(t) : Buffer.from(t)),
    err: (t) => {
      err += t.endsWith('\n') ? t : `${t}\n`;
    },
    readText: (p) => (p === '-' ? stdin : readFileSync(p, 'utf8')),
    stdout: () => Buffer.concat(out).toString('utf8'),
    stdoutBytes: () => Buffer.concat(out),
    stderr: () => err,
  };
}
