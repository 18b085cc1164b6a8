// occam_client_capabilities (seed 003, tools.md §3.1.1 and §5): declare the model's context window so reads
// inherit a safe budget, inspect or clear it, and switch the live tool surface with `profile`.
import { z } from 'zod';
import { CONTEXT_MAX, CONTEXT_MIN, EMPTY_SNAPSHOT, type CapabilitySnapshot } from '../capabilities.ts';
import { nowIso } from '../../contract/failures.ts';
import { PROFILES, parseProfile, profileRank, type ProfileId } from '../../contract/profiles.ts';
import { defineTool, type ToolContext, type ToolResultObject } from '../tool.ts';

const inputSchema = z.object({
  context_tokens: z
    .number()
    .int()
    .nullable()
    .optional()
    .meta({ minimum: CONTEXT_MIN, maximum: CONTEXT_MAX })
    .describe(`[core] Context window of this model in tokens (${CONTEXT_MIN}–${CONTEXT_MAX}). Omit to inspect.`),
  model_id: z.string().nullable().optional().describe('[core] Optional model id, echoed back.'),
  clear: z
    .boolean()
    .optional()
    .describe('[core] Drop the value set by this tool and re-read the operator env bootstrap (OCCAM_CLIENT_CONTEXT_TOKENS).'),
  profile: z
    .string()
    .nullable()
    .optional()
    .describe(`[advanced] Switch the live tool surface: ${PROFILES.join(' | ')}. Then call tools/list before any other tool.`),
});

const DESCRIPTION = [
  "Declare this model's context window so reads that omit max_tokens inherit a safe output budget (20 % of the window, 512–16384 tokens); omit context_tokens to inspect, clear=true to reset to the operator's env value.",
  `profile=${PROFILES.join('|')} switches the live tool surface without a restart. When the response says mustRelistTools:true, call tools/list before any other Occam tool.`,
  'Narrowing to minimal or basic removes this tool for the rest of the connection. Describes no page content.',
].join(' ');

function snapshotFields(s: CapabilitySnapshot) {
  return {
    configured: s.configured,
    contextTokens: s.contextTokens,
    outputBudgetTokens: s.outputBudgetTokens,
    suggestedProfile: s.suggestedProfile,
    modelId: s.modelId,
    source: s.source,
  };
}

/** §5.3: on failure every data field is null, nothing changed. */
function failure(note: string, ctx: ToolContext): ToolResultObject {
  return {
    ok: false,
    failureCode: 'invalid_arguments',
    note,
    ...snapshotFields(EMPTY_SNAPSHOT),
    activeProfile: null,
    profileApplied: null,
    profileLocked: null,
    listChangedSent: null,
    mustRelistTools: null,
    timestamp: nowIso(ctx.runtime.now),
  };
}

const trimmedOrNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

export const clientCapabilitiesTool = defineTool({
  name: 'occam_client_capabilities',
  description: DESCRIPTION,
  inputSchema,
  async handler(args, ctx) {
    const store = ctx.session.capabilities;
    const surface = ctx.session.surface;

    // Validate everything before changing anything: a failed call changes neither store nor surface.
    let targetProfile: ProfileId | null = null;
    if (args.profile != null) {
      targetProfile = parseProfile(args.profile);
      if (!targetProfile) {
        return failure(`profile must be one of ${PROFILES.join(', ')} (got ${JSON.stringify(args.profile)}).`, ctx);
      }
    }
    const clear = args.clear === true;
    const tokens = args.context_tokens ?? null;
    if (!clear && tokens != null && (tokens < CONTEXT_MIN || tokens > CONTEXT_MAX)) {
      return failure(`context_tokens must be in ${CONTEXT_MIN}–${CONTEXT_MAX} (got ${tokens}); nothing was changed.`, ctx);
    }

    const notes: string[] = [];
    let snapshot: CapabilitySnapshot;
    if (clear) {
      snapshot = store.bootstrapFromEnv();
      notes.push(
        snapshot.configured
          ? `Cleared; the operator env value applies again (${snapshot.contextTokens} tokens → budget ${snapshot.outputBudgetTokens}).`
          : 'Cleared; no budget is configured, reads that omit max_tokens return the full payload.',
      );
    } else if (tokens != null) {
      snapshot = store.configure(tokens, trimmedOrNull(args.model_id));
      notes.push(
        `Budget applied: reads that omit max_tokens / per_url_max_tokens now inherit ${snapshot.outputBudgetTokens} tokens. suggestedProfile is advisory; pass profile= to apply one.`,
      );
    } else {
      snapshot = store.snapshot;
      notes.push(
        snapshot.configured
          ? `Configured from ${snapshot.source}: ${snapshot.contextTokens} tokens → output budget ${snapshot.outputBudgetTokens}.`
          : 'Not configured: pass context_tokens (your context window) so reads inherit a safe budget, or have the operator set OCCAM_CLIENT_CONTEXT_TOKENS.',
      );
    }

    let profileApplied = false;
    let listChangedSent = false;
    let mustRelistTools = false;
    if (targetProfile) {
      const change = surface.apply(targetProfile, 'client_capabilities');
      if (change.locked) {
        notes.push('The operator locked the tool surface (OCCAM_PROFILE_LOCK); the profile was not changed.');
      } else if (!change.changed) {
        notes.push(`Profile ${targetProfile} is already active.`);
      } else {
        profileApplied = true;
        mustRelistTools = true;
        listChangedSent = await ctx.notifyToolsChanged();
        notes.push(
          `Profile ${change.from} → ${change.to}: call tools/list now, before any other Occam tool. Tools absent from tools/list must not be called, even if the instructions named them.`,
        );
        if (profileRank(change.to) < profileRank('reader')) {
          notes.push('This surface no longer includes occam_client_capabilities; only an exam grade or a reconnect can widen it.');
        }
      }
    }

    const result: ToolResultObject = {
      ok: true,
      ...snapshotFields(snapshot),
      note: notes.join(' '),
      activeProfile: surface.activeProfile,
      profileApplied,
      profileLocked: surface.locked,
      listChangedSent,
      mustRelistTools,
    };
    if (mustRelistTools) result.suggestedNext = 'tools/list';
    return result;
  },
});
