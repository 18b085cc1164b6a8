// Whose grade a submission is (issue 31): a grade belongs to the session that earned it. The subject of a grade
// submitted over MCP is what the server observed on the submitting connection — the clientInfo of its initialize,
// the model it declared (occam_client_capabilities(model_id) or the OCCAM_CLIENT_CONTEXT_TOKENS + OCCAM_CLIENT_MODEL_ID bootstrap), its session id — never what
// the record says. A record that names another client (or another model than the one declared) is refused, so one
// connection cannot size another client's surface.
import { clientInfoText, subjectOf, UNKNOWN, type ExamRecord, type ExamSubject } from './record.ts';

/** What the exam needs of a connection (structural: the MCP layer's SessionState satisfies it). */
export interface ObservedConnection {
  id: string;
  clientInfo: { name?: string | null; version?: string | null } | null;
  capabilities: { snapshot: { modelId: string | null } };
}

/** The connection's own subject; null before initialize named a client. */
export function observedSubject(conn: ObservedConnection): ExamSubject | null {
  const clientInfo = clientInfoText(conn.clientInfo);
  if (clientInfo === null) return null;
  return subjectOf({ clientInfo, modelHint: conn.capabilities.snapshot.modelId, sessionId: conn.id });
}

/**
 * Why a record cannot be this connection's grade, or null. A blank field is no claim; a named client must be the
 * connection's, and a named model must match the model the connection declared (when it declared one). The
 * record's sessionId is the harness's label and is replaced by the connection's.
 */
export function subjectConflict(record: ExamRecord, observed: ExamSubject): string | null {
  const claimed = subjectOf(record);
  if (claimed.clientInfo !== UNKNOWN && claimed.clientInfo !== observed.clientInfo) {
    return `the record names client ${JSON.stringify(claimed.clientInfo)} but this connection is ${JSON.stringify(observed.clientInfo)}; a grade applies only to the connection that submits it — submit from that client, or leave clientInfo out`;
  }
  if (claimed.modelHint !== UNKNOWN && observed.modelHint !== UNKNOWN && claimed.modelHint !== observed.modelHint) {
    return `the record names model ${JSON.stringify(claimed.modelHint)} but this connection declared ${JSON.stringify(observed.modelHint)}`;
  }
  return null;
}
