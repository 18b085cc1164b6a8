// Baseline for start-up benchmarks: the smallest useful MCP server written with the SDK alone (one tool).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'baseline', version: '1.0.0' });
server.registerTool('echo', { description: 'Echo text back.', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}));
await server.connect(new StdioServerTransport());
