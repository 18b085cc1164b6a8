// Shared output conventions for verbs (operator.md §0): machine output on stdout, humans on stderr, colour only
// on a TTY (or with FORCE_COLOR) and never with NO_COLOR / OCCAM_NO_COLOR / --json. Exit codes: 0 ok, 1 failed, 2 usage.
import { Chalk, type ChalkInstance } from 'chalk';
import type { RuntimeContext } from '../src/runtime/context.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * Colour for humans: never with --json, NO_COLOR or OCCAM_NO_COLOR; FORCE_COLOR (chalk's convention: `0`/`false`
 * off, anything else on) overrides the TTY check, so colour survives a pager or `script`.
 */
export function colourEnabled(ctx: RuntimeContext, json = false): boolean {
  if (json) return false;
  if (ctx.env.NO_COLOR !== undefined && ctx.env.NO_COLOR !== '') return false;
  if (/^(1|true)$/i.test(ctx.env.OCCAM_NO_COLOR ?? '')) return false;
  const force = ctx.env.FORCE_COLOR;
  if (force !== undefined) return !/^(0|false)$/i.test(force.trim());
  return ctx.stdoutIsTTY;
}

export function paint(ctx: RuntimeContext, json = false): ChalkInstance {
  return new Chalk({ level: colourEnabled(ctx, json) ? 1 : 0 });
}

let jsonPrinted = false;

/** Exactly one JSON document (2-space) on stdout. */
export function printJson(value: unknown): void {
  jsonPrinted = true;
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Whether this process already printed its JSON document (so a failure does not add a second one). */
export function jsonWasPrinted(): boolean {
  return jsonPrinted;
}

export function printOut(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function printErr(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** A verb's failure with its exit code; bin/occam.ts prints the message and exits. */
export class VerbError extends Error {
  readonly exitCode: number;
  readonly json: unknown;
  constructor(message: string, exitCode: number = EXIT.failed, json?: unknown) {
    super(message);
    this.name = 'VerbError';
    this.exitCode = exitCode;
    this.json = json;
  }
}

/** Whether --json was given on the verb or globally. */
export function wantsJson(opts: { json?: boolean } | undefined): boolean {
  return Boolean(opts?.json) || process.argv.includes('--json');
}

/** A commander argument parser for a whole number in [min, max]; a bad value is a usage error (exit 2). */
export function intOption(flag: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    const text = raw.trim();
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) {
      throw new VerbError(`${flag} must be a whole number in ${min}–${max} (got ${JSON.stringify(raw)})`, EXIT.usage);
    }
    return n;
  };
}

/**
 * The result of a marker-style subverb (`canary selftest`, `exam selftest`, …): `MARKER k=v…` as text, or
 * `{ok, marker, …fields}` as one JSON document with --json. Object-valued fields appear only in JSON. Returns the
 * exit code (0 ok, 1 failed).
 */
export function emitMarker(out: (text: string) => void, json: boolean, ok: boolean, marker: string, fields: Record<string, unknown> = {}): number {
  if (json) out(`${JSON.stringify({ ok, marker, ...fields }, null, 2)}\n`);
  else {
    const pairs = Object.entries(fields)
      .filter(([, v]) => v === null || typeof v !== 'object')
      .map(([k, v]) => ` ${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}=${String(v)}`);
    out(`${marker}${pairs.join('')}\n`);
  }
  return ok ? EXIT.ok : EXIT.failed;
}
