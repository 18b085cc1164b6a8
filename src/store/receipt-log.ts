// The local receipt log (issue 29): a lean read carries only `receipt: {id, keyId}`; the full signed receipt
// ({signed, blockLeaves?, timeAnchor?, capsule?}) is kept here under that id, so `occam_verify {receipt_id}`,
// `occam verify --id` and `occam receipts show` can fetch and check it offline later. One JSON file per receipt
// under the per-user state dir (files 0600, the directory 0700), or one row per receipt in the shared PostgreSQL
// store when OCCAM_STORE_URL is set. An entry is stored as written: tampering with it breaks its signature.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { occamPaths } from '../config/paths.ts';
import type { RuntimeContext } from '../runtime/context.ts';
import { defineService, type Services } from '../runtime/services.ts';
import { storeSelection } from './selection.ts';

/** One logged receipt: the signed bundle and what it was for. */
export interface LoggedReceipt {
  id: string;
  /** The receipt bundle exactly as a full read would have returned it inline. */
  receipt: Record<string, unknown>;
  url: string | null;
  loggedAtMs: number;
}

export interface ReceiptLog {
  /** Stores one receipt; throws when it cannot (the caller then returns the receipt inline). */
  put(entry: LoggedReceipt): Promise<void>;
  /** The entry, or null when this log holds no such id. */
  get(id: string): Promise<LoggedReceipt | null>;
}

/** Receipt ids are lowercase hex (src/read/detail.ts RECEIPT_ID_HEX); anything else names no file. */
export const RECEIPT_ID_PATTERN = /^[0-9a-f]{8,64}$/;

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

export class FileReceiptLog implements ReceiptLog {
  readonly dir: string;
  private readonly posix: boolean;

  constructor(dir: string, platform: NodeJS.Platform) {
    this.dir = dir;
    this.posix = platform !== 'win32';
  }

  private file(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  async put(entry: LoggedReceipt): Promise<void> {
    if (!RECEIPT_ID_PATTERN.test(entry.id)) throw new Error(`invalid receipt id ${JSON.stringify(entry.id)}`);
    await mkdir(this.dir, { recursive: true, mode: DIR_MODE });
    if (this.posix) await chmod(this.dir, DIR_MODE);
    const tmp = join(this.dir, `.${entry.id}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(tmp, `${JSON.stringify(entry)}\n`, { mode: FILE_MODE });
    await rename(tmp, this.file(entry.id));
  }

  async get(id: string): Promise<LoggedReceipt | null> {
    if (!RECEIPT_ID_PATTERN.test(id)) return null;
    let text: string;
    try {
      text = await readFile(this.file(id), 'utf8');
    } catch {
      return null;
    }
    return parseLogged(text);
  }
}

/** A stored entry back to its shape; a corrupt entry reads as null-free garbage the verifier then rejects. */
export function parseLogged(text: string): LoggedReceipt | null {
  try {
    const v = JSON.parse(text) as LoggedReceipt;
    return v && typeof v === 'object' && typeof v.id === 'string' && v.receipt && typeof v.receipt === 'object' ? v : null;
  } catch {
    return null;
  }
}

/** The log OCCAM_STORE_URL selects: PostgreSQL when set, else files under the state dir. */
export async function openReceiptLog(runtime: RuntimeContext, services: Services): Promise<ReceiptLog> {
  if (storeSelection(runtime).kind === 'embedded') return new FileReceiptLog(occamPaths(runtime).receiptsDir, runtime.platform);
  const { PostgresReceiptLog } = await import('./receipt-log-postgres.ts');
  return new PostgresReceiptLog(services, runtime.now);
}

export const receiptLogService = defineService({ id: 'store.receipt-log', create: openReceiptLog });

/** One lookup outside a server (the `occam verify --id` and `occam receipts show` verbs): opens the log the
 *  environment selects, reads the entry, releases the store. */
export async function readLoggedReceipt(runtime: RuntimeContext, id: string): Promise<LoggedReceipt | null> {
  const { Services } = await import('../runtime/services.ts');
  const services = new Services(runtime);
  try {
    return await (await services.use(receiptLogService)).get(id.trim().toLowerCase());
  } finally {
    await services.disposeAll();
  }
}
