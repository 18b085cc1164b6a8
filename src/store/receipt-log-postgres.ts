// The receipt log on the shared PostgreSQL store (OCCAM_STORE_URL): one row per receipt id, the entry as text,
// so a receipt logged by one instance verifies from any other.
import { postgresFor, registerMigrations } from './index.ts';
import type { Services } from '../runtime/services.ts';
import { parseLogged, RECEIPT_ID_PATTERN, type LoggedReceipt, type ReceiptLog } from './receipt-log.ts';

export const RECEIPT_LOG_KIND = 'receipt-log';

registerMigrations(RECEIPT_LOG_KIND, [
  {
    version: 1,
    name: 'receipt log entries',
    sql: `
CREATE TABLE receipt_log (
  id text PRIMARY KEY,
  logged_at_ms bigint NOT NULL,
  entry text NOT NULL
);
`,
  },
]);

export class PostgresReceiptLog implements ReceiptLog {
  private readonly services: Services;
  private readonly now: () => number;

  constructor(services: Services, now: () => number) {
    this.services = services;
    this.now = now;
  }

  async put(entry: LoggedReceipt): Promise<void> {
    if (!RECEIPT_ID_PATTERN.test(entry.id)) throw new Error(`invalid receipt id ${JSON.stringify(entry.id)}`);
    const pool = await postgresFor(this.services, RECEIPT_LOG_KIND);
    await pool.query(
      `INSERT INTO receipt_log (id, logged_at_ms, entry) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET logged_at_ms = excluded.logged_at_ms, entry = excluded.entry`,
      [entry.id, Math.round(this.now()), JSON.stringify(entry)],
    );
  }

  async get(id: string): Promise<LoggedReceipt | null> {
    if (!RECEIPT_ID_PATTERN.test(id)) return null;
    const pool = await postgresFor(this.services, RECEIPT_LOG_KIND);
    const { rows } = await pool.query<{ entry: string }>('SELECT entry FROM receipt_log WHERE id = $1', [id]);
    return rows[0] ? parseLogged(rows[0].entry) : null;
  }
}
