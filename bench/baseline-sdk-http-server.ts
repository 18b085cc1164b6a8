// Baseline for the transport benchmark: the SDK's own stateless Streamable HTTP pattern (a new McpServer and
// transport per POST, JSON responses) with one no-op tool, on the port given as argv[2]. Prints one line when ready.
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const port = Number(process.argv[2]);
const http = createServer(async (req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const server = new McpServer({ name: 'baseline', version: '1.0.0' });
  server.registerTool('noop', { description: 'Answers {ok:true}.' }, async () => ({
    content: [{ type: 'text', text: '{"ok":true}' }],
    structuredContent: { ok: true },
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, JSON.parse(Buffer.concat(chunks).toString('utf8')));
});
http.listen(port, '127.0.0.1', () => process.stderr.write(`baseline_listening: http://127.0.0.1:${port}/mcp\n`));
