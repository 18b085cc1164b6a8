// The receipt log on both backends (issue 29): a lean read's receipt id verifies offline from the log — read by
// another instance on the same store (a second Services: another process, a restart) — on the embedded store
// (files under the state dir) and on a throwaway PostgreSQL (OCCAM_STORE_URL), and stops verifying once the logged
// entry is tampered with. Reads go through transcode() to a local HTTP server on 127.0.0.1; verification is the
// occam_verify path (src/trust/verify.ts runVerify with the log and this install's keys).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testContext } from '../../src/runtime/context.ts';
import { Services } from '../../src/runtime/services.ts';
import { transcode } from '../../src/read/transcode.ts';
import { runVerify } from '../../src/trust/verify.ts';
import { signingKeyService } from '../../src/trust/keys.ts';
import { receiptLogService } from '../../src/store/receipt-log.ts';
import { RECEIPT_LOG_KIND } from '../../src/store/receipt-log-postgres.ts';
import { html, startFixtureServer, type FixtureServer } from '../helpers/http-fixture.ts';
import { storeBackends, type StorePlace } from '../helpers/store-backends.ts';

const para = (n: number) => `<p>Paragraph ${n} of the logged page says something an agent will want to cite later, with its receipt.</p>`;
const ARTICLE = `<!doctype html><html><head><title>Logged page</title></head><body><main><article><h1>Logged page</h1>
${[1, 2, 3, 4, 5, 6].map(para).join('')}</article></main></body></html>`;

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer({ '/article': html(ARTICLE) });
});
after(() => server.close());

/** One instance of Occam on a store place: its runtime and services (a second call is another instance). */
function instance(place: StorePlace) {
  const runtime = testContext({ env: { ...place.env, OCCAM_ALLOW_PRIVATE_URLS: '1' }, homeDir: place.dir, tmpDir: place.dir });
  const services = new Services(runtime);
  const verify = (receiptId: string, markdown?: string) =>
    runVerify(
      { receipt_id: receiptId, ...(markdown !== undefined ? { markdown } : {}) },
      {
        loggedReceipt: async (id) => (await (await services.use(receiptLogService)).get(id))?.receipt ?? null,
        defaultPublicKey: async (keyId) => {
          const store = await services.use(signingKeyService);
          return store.publicKeyFor(keyId) ?? createPublicKey(store.signer.publicKeyPem);
        },
      },
    ) as Promise<Record<string, any>>;
  return { runtime, services, verify };
}

/** Rewrites the logged entry of `id` with `change` applied, in the backend's own storage. */
async function tamper(place: StorePlace, id: string, change: (entry: Record<string, any>) => void): Promise<void> {
  if (place.backend === 'embedded') {
    const file = join(place.dir, '.occam', 'receipts', `${id}.json`);
    const entry = JSON.parse(readFileSync(file, 'utf8'));
    change(entry);
    writeFileSync(file, JSON.stringify(entry));
    return;
  }
  const pool = await place.pool(RECEIPT_LOG_KIND);
  const { rows } = await pool.query<{ entry: string }>('SELECT entry FROM receipt_log WHERE id = $1', [id]);
  assert.equal(rows.length, 1, 'the lean read logged its receipt in PostgreSQL');
  const entry = JSON.parse(rows[0].entry);
  change(entry);
  await pool.query('UPDATE receipt_log SET entry = $1 WHERE id = $2', [JSON.stringify(entry), id]);
}

for (const backend of storeBackends()) {
  describe(`receipt log [${backend.name}]`, { skip: backend.skip }, () => {
    before(() => backend.start());
    after(() => backend.stop());

    it('a lean read\'s receipt id verifies from the log on another instance, and fails once the entry is tampered with', async () => {
      const place = await backend.place();
      const reader = instance(place);
      const checker = instance(place);
      try {
        const lean = (await transcode({ url: server.url('/article'), detail: 'lean' }, { runtime: reader.runtime, services: reader.services, resolveMaxTokens: () => null, browser: null })) as Record<string, any>;
        assert.equal(lean.ok, true, JSON.stringify(lean.failure));
        assert.match(lean.receipt, /^[0-9a-f]{16}$/);
        assert.equal(lean.receiptLog, undefined, 'the log was written, so the receipt is not inline');

        const ok = await checker.verify(lean.receipt, lean.markdown);
        assert.equal(ok.verdict, 'verified', JSON.stringify(ok));
        assert.equal(ok.signatureValid, true);
        assert.equal(ok.contentHashMatch, true);
        // The markdown of another page does not match the logged receipt's hash.
        const other = await checker.verify(lean.receipt, `${lean.markdown}\n\nOne more line.`);
        assert.equal(other.contentHashMatch, false);

        await tamper(place, lean.receipt, (entry) => {
          entry.receipt.signed.finalUrl = 'https://elsewhere.example/';
        });
        const tampered = await checker.verify(lean.receipt);
        assert.notEqual(tampered.verdict, 'verified');
        assert.equal(tampered.signatureValid, false);

        const missing = await checker.verify('ffffffffffffffff');
        assert.equal(missing.ok, false);
        assert.equal(missing.failureCode, 'receipt_not_found');
      } finally {
        await reader.services.disposeAll();
        await checker.services.disposeAll();
      }
    });
  });
}
