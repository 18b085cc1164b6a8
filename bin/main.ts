// Process dispatch shared by every form of the `occam` executable: the source launcher (bin/occam.ts), the npm
// bundle and the single executable (release/entry.ts, CommonJS there, so no top-level await in this path).
// `occam mcp` with no further flags is what MCP hosts launch on every start, so it skips the CLI framework and
// goes straight to the stdio server; everything else goes through the verb registry.

/** Runs one invocation; resolves to the exit code, or undefined once the stdio server has taken over. */
export async function runOccam(argv: readonly string[]): Promise<number | undefined> {
  const args = argv.slice(2);
  if (args.length === 1 && args[0] === 'mcp') {
    const [{ serveStdio }, { processContext }, { mcpHostRuntime }] = await Promise.all([
      import('../src/mcp/transports/stdio.ts'),
      import('../src/runtime/context.ts'),
      import('../src/mcp/host-env.ts'),
    ]);
    await serveStdio(mcpHostRuntime(processContext()));
    return undefined;
  }
  const { runCli } = await import('../commands/index.ts');
  return runCli(argv);
}
