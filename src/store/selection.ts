// Which backend holds the shared state: OCCAM_STORE_URL set = PostgreSQL, unset = the embedded stores.
import type { RuntimeContext } from '../runtime/context.ts';
import { readEnv } from '../config/env.ts';

export type StoreSelection = { kind: 'embedded' } | { kind: 'postgres'; url: string };

export function storeSelection(runtime: Pick<RuntimeContext, 'env' | 'warn'>): StoreSelection {
  const url = readEnv<string | null>('OCCAM_STORE_URL', runtime.env, runtime.warn);
  return url ? { kind: 'postgres', url } : { kind: 'embedded' };
}

/** The URL without its password, for messages and doctor output. */
export function redactStoreUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparsable URL>';
  }
}
