// occam_verify (tools.md §3.1.12, trust.md §5.1): checks receipts and capsules offline, re-reads for drift,
// builds and checks Merkle citation proofs, validates watch-history chains. `ok` means the call worked, never
// "verified" — read `verdict`.
import { z } from 'zod';
import { defineTool } from '../tool.ts';

const str = (d: string) => z.string().nullable().optional().describe(d);

const inputSchema = z.object({
  receipt: z.string().nullable().optional().describe('[trust] Receipt JSON ({signed, blockLeaves?, timeAnchor?}), a bare envelope, an occam://capsule/… string, or (history mode) an entries array / {history:[…]}. Or pass receipt_id.'),
  receipt_id: z.string().max(64).nullable().optional().describe('[trust] A lean read\'s receipt.id: the signed receipt is taken from this install\'s receipt log.'),
  mode: str('[trust] offline (default) | live | prove | citation | history; case-insensitive, unknown → offline.'),
  markdown: str('[trust] Markdown to check against the signed contentHash (offline, live); a capsule supplies its own.'),
  public_key: str('[trust] PEM to verify against; default: this install\'s key (keys it rotated out still count).'),
  block_index: z.number().int().nullable().optional().meta({ minimum: 0 }).describe('[trust] prove: index of the block leaf to build a membership proof for.'),
  block_text: str('[trust] citation: the quoted block text.'),
  block_selector: str('[trust] citation: the block\'s source selector (empty when none).'),
  proof: str('[trust] citation: JSON array of {hash, siblingIsRight} (from prove or occam_claim_check).'),
  chunks: str('[trust] live: JSON array of chunk leaf hashes to check for staleness (default: the receipt\'s blockLeaves).'),
});

const DESCRIPTION = [
  'Checks a receipt from a previous read: tamper-evident against the signing host\'s key (signed by this install\'s locally minted key unless public_key says otherwise).',
  'mode offline: signature + optional markdown hash; live: re-reads the page and reports drift; prove: Merkle proof for block_index; citation: checks block_text + proof;',
  'history: validates a watch-history chain. A verified receipt means this host asserted this extraction — not that the page is true.',
].join(' ');

export const verifyTool = defineTool({
  name: 'occam_verify',
  description: DESCRIPTION,
  inputSchema,
  handler: async (args, ctx) => {
    const { runVerify } = await import('../../trust/verify.ts');
    const { signingKeyService } = await import('../../trust/keys.ts');
    const { createPublicKey } = await import('node:crypto');
    const { receiptLogService } = await import('../../store/receipt-log.ts');
    return runVerify(args, {
      loggedReceipt: async (id) => (await (await ctx.services.use(receiptLogService)).get(id))?.receipt ?? null,
      defaultPublicKey: async (keyId) => {
        const store = await ctx.services.use(signingKeyService);
        return store.publicKeyFor(keyId) ?? createPublicKey(store.signer.publicKeyPem);
      },
      refetch: async (url, opts) => {
        const { transcode } = await import('../../read/transcode.ts');
        const r = await transcode(
          { url, backend_policy: 'http_then_browser', json_blocks: opts.jsonBlocks },
          { runtime: ctx.runtime, services: ctx.services, signal: ctx.signal, resolveMaxTokens: () => null },
        );
        if (!r.ok || typeof r.markdown !== 'string') return { ok: false };
        const blocks = Array.isArray(r.blocks) ? (r.blocks as Array<{ text: string; sourceSelector?: string }>) : undefined;
        return { ok: true, markdown: r.markdown, ...(blocks ? { blocks } : {}) };
      },
    });
  },
});
