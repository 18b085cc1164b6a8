// opencode's local MCP server entry (`mcp.<name>` in opencode.json), written as zod from opencode's published
// config reference (opencode.ai/docs/mcp-servers, "Local": type, command, environment, enabled, timeout) and from
// the behaviour of its 1.0.x–1.3.x releases, whose schema is a strict object: any other key — `cwd` among them —
// makes opencode reject the whole config file ("Unrecognized key" / "Invalid input mcp.<name>").
import { z } from 'zod';

export const OpencodeMcpEntry = z
  .object({
    type: z.literal('local'),
    /** The command and its arguments; the first element is the executable. */
    command: z.array(z.string()).min(1),
    /** Extra environment for the server process. */
    environment: z.record(z.string(), z.string()).optional(),
    /** false keeps the entry without starting it (default true). */
    enabled: z.boolean().optional(),
    /** Milliseconds to wait when fetching the server's tools. */
    timeout: z.number().int().positive().optional(),
  })
  .strict();
