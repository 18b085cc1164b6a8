// Canary attestations in Occam's own transcripts: when `occam mcp --record` writes the response of an
// occam_canary_verify call, it signs {transcript session, canary session, sentinel, verdict, time} with this
// install's signing key (the receipt key, trust.md §4) and puts the signature on that line. An offline grader on the
// same install verifies it with the public key, so "adjudicated by the recording host's verifier" is checked, not
// assumed from a header anyone could write; a transcript from another install, or an edited verdict, grades as
// claimed. Pure: the bytes both sides sign and check.

export const ATTESTATION_FORMAT = 'occam-canary-attestation-v1';
/**
 * The same proof carried in the occam_canary_verify response itself (OCCAM_EXAM_MCP=1), so a transcript any agent host
 * keeps (Claude Code, Codex, a JSON-RPC log …) holds it too. It is bound to the canary session (the first signed
 * slot) rather than to a recording: it proves this install's verifier gave that verdict for that sentinel.
 */
export const VERDICT_ATTESTATION_FORMAT = 'occam-canary-verdict-v1';
export type AttestationFormat = typeof ATTESTATION_FORMAT | typeof VERDICT_ATTESTATION_FORMAT;

export interface CanaryAttestation {
  format: AttestationFormat;
  keyId: string;
  sig: string;
  /** What was signed (besides the transcript session): the report and the verifier's answer, and when. */
  canarySessionId: string;
  sentinel: string;
  verdict: string;
  t: string;
}

/** The signed bytes: a fixed-order JSON array, so signer and verifier never disagree on key order. */
export function attestationBytes(transcriptSession: string, a: Pick<CanaryAttestation, 'canarySessionId' | 'sentinel' | 'verdict' | 't'> & { format?: AttestationFormat }): Uint8Array {
  return new TextEncoder().encode(JSON.stringify([a.format ?? ATTESTATION_FORMAT, transcriptSession, a.canarySessionId, a.sentinel, a.verdict, a.t]));
}

/** Checks an attestation's signature for a transcript session (the key lookup and crypto are injected). */
export type AttestationVerifier = (transcriptSession: string, attestation: CanaryAttestation) => boolean;

export function isAttestation(v: unknown): v is CanaryAttestation {
  const a = v as Partial<CanaryAttestation> | null;
  return (
    !!a &&
    typeof a === 'object' &&
    (a.format === ATTESTATION_FORMAT || a.format === VERDICT_ATTESTATION_FORMAT) &&
    [a.keyId, a.sig, a.canarySessionId, a.sentinel, a.verdict, a.t].every((x) => typeof x === 'string')
  );
}
