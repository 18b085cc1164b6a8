#!/usr/bin/env node
// The `occam` executable. `occam mcp` with no further flags is what MCP hosts launch on every start, so it skips
// the CLI framework and goes straight to the stdio server; everything else goes through the verb registry.
const args = process.argv.slice(2);
if (args.length === 1 && args[0] === 'mcp') {
  const [{ serveStdio }, { processContext }] = await Promise.all([
    import('../src/mcp/transports/stdio.ts'),
    import('../src/config/context.ts'),
  ]);
  await serveStdio(processContext());
} else {
  const { runCli } = await import('../commands/index.ts');
  process.exitCode = await runCli(process.argv);
}
