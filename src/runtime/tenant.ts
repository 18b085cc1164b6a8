// Tenancy: who owns a batch job or a search handle. A tenant is the authenticated principal of a shared HTTP
// surface (src/mcp/transports/http-auth.ts); without authentication every caller on this machine is the one local
// tenant (the operator's own CLI, stdio hosts and loopback servers alike), so nothing changes for a single user.
export const LOCAL_TENANT = 'local';
