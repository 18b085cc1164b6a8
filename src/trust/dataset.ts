// occam_dataset_export (tools.md §3.1.16, trust.md §3.13): reads 1–20 URLs with blocks, gives each row its own
// receipt, and binds every row, in order, under one signed manifest root. `ok` means the export ran, not that
// every row read.
import { nestedFailure, nowIso } from '../contract/failures.ts';
import type { ClaimCheckDeps } from './claims.ts';
import { blockLeaf, merkleRootPrefixed } from './receipts/merkle.ts';
import { buildManifest, rowLeafHex, type DatasetRowFacts } from './receipts/manifest.ts';
import { receiptsEnabled, signReadReceipt } from './receipts/read-receipt.ts';
import { signingKeyService } from './keys.ts';

export const DATASET_MAX_URLS = 20;
const PARALLEL_READS = 3;

/** Parses `urls`: a JSON array of 1–20 absolute http(s) URLs; a message on failure. */
export function parseDatasetUrls(text: string): string[] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'urls must be a JSON array of http(s) URLs';
  }
  if (!Array.isArray(value) || value.length === 0) return 'urls must be a non-empty JSON array of http(s) URLs';
  if (value.length > DATASET_MAX_URLS) return `urls has ${value.length} entries; at most ${DATASET_MAX_URLS}`;
  const out: string[] = [];
  for (const v of value) {
    if (typeof v !== 'string') return 'every url must be a string';
    const u = v.trim();
    try {
      const parsed = new URL(u);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `not an http(s) URL: ${JSON.stringify(u)}`;
    } catch {
      return `not an absolute URL: ${JSON.stringify(u)}`;
    }
    out.push(u);
  }
  return out;
}

type Row = DatasetRowFacts & { rowLeaf?: string; receipt?: unknown };

async function readRow(url: string, opts: { backendPolicy: string; sessionProfile: string | null }, deps: ClaimCheckDeps): Promise<Row> {
  const read = await deps.read(url, opts);
  const finalUrl = (read.url as { finalUrl?: string | null } | undefined)?.finalUrl || url;
  if (!read.ok) {
    const code = (read.failure as { code?: string } | undefined)?.code ?? 'extraction_failed';
    const negative = (read.receipt as Record<string, unknown> | undefined)?.signed ? read.receipt : undefined;
    return { url, finalUrl, ok: false, failureCode: code, ...(negative ? { receipt: negative } : {}) };
  }
  const blocks = Array.isArray(read.blocks) ? (read.blocks as Array<{ text: string; sourceSelector?: string }>) : [];
  const truncated = Boolean((read.compile as { truncated?: boolean } | undefined)?.truncated);
  const receipt = await signReadReceipt(
    {
      kind: 'extraction', url, finalUrl, backend: read.backend as string, markdown: read.markdown as string,
      contentHash: read.contentHash as string, blocks, leafSetComplete: blocks.length > 0 && !truncated,
      confidence: typeof read.confidence === 'number' ? read.confidence : null,
    },
    deps,
  );
  const signed = receipt?.signed as { contentHash?: string; blockMerkleRoot?: string } | undefined;
  const contentHash = signed?.contentHash ?? `sha256:${String(read.contentHash).toLowerCase()}`;
  const root = signed?.blockMerkleRoot ?? merkleRootPrefixed(blocks.map((b) => blockLeaf(b.text, b.sourceSelector ?? ''))) ?? undefined;
  return { url, finalUrl, ok: true, contentHash, ...(root ? { blockMerkleRoot: root } : {}), ...(receipt ? { receipt } : {}) };
}

export async function datasetExport(
  urls: readonly string[],
  opts: { backendPolicy: string; sessionProfile: string | null },
  deps: ClaimCheckDeps,
): Promise<{ ok: boolean } & Record<string, unknown>> {
  const rows: Row[] = new Array(urls.length);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      try {
        rows[i] = await readRow(urls[i], opts, deps);
      } catch {
        rows[i] = { url: urls[i], finalUrl: urls[i], ok: false, failureCode: 'extraction_failed' };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, urls.length) }, worker));
  for (const r of rows) r.rowLeaf = rowLeafHex(r);
  const store = await deps.services.use(signingKeyService).catch(() => null);
  const signer = store && receiptsEnabled(deps.runtime) ? store.signer : null;
  const timestamp = nowIso(deps.runtime.now);
  let manifest;
  try {
    manifest = buildManifest(rows, timestamp, signer);
  } catch (err) {
    return nestedFailure({ code: 'extraction_failed', message: `manifest could not be built: ${(err as Error).message}` }, { timestamp });
  }
  const successCount = rows.filter((r) => r.ok).length;
  const failureCount = rows.length - successCount;
  return {
    ok: true,
    status: successCount === rows.length ? 'complete' : successCount === 0 ? 'no_content' : 'partial',
    successCount,
    failureCount,
    manifest,
    rows: rows.map((r) => ({
      url: r.url,
      finalUrl: r.finalUrl,
      ok: r.ok,
      ...(r.contentHash ? { contentHash: r.contentHash } : {}),
      ...(r.blockMerkleRoot ? { blockMerkleRoot: r.blockMerkleRoot } : {}),
      ...(r.failureCode ? { failureCode: r.failureCode } : {}),
      rowLeaf: r.rowLeaf,
      ...(r.receipt ? { receipt: r.receipt } : {}),
    })),
    timestamp,
  };
}
