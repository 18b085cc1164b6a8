// Process dispatch shared by every form of the `occam` executable: the source launcher (bin/occam.ts), the npm
// bundle and the single executable (release/entry.ts, CommonJS there, so no top-level await in this path).
// `occam mcp` with no further flags is what MCP hosts launch on every start, so it skips the CLI framework and
// goes straight to the stdio server; everything else goes through the verb registry.

/** Runs one invocation; resolves to the exit code, or undefined once the stdio server has taken over. */
export async function runOccam(argv: readonly string[]): Promise<number | undefined> {
  const args = argv.slice(2);
  // Before any module loads: start-up's own survivors (tokenizer tables) would otherwise grow it (issue 14).
  (await import('../src/runtime/young-generation.ts')).stopYoungGenerationGrowth();
  // A fault that escapes every handler (a page's behaviour reaching a bug) is logged with its scope and, where
  // the scope is known, survived: one page never takes the CLI's read, the stdio session or a server down.
  (await import('../src/runtime/fault-policy.ts')).installFaultPolicy();
  if (args.length === 1 && args[0] === 'mcp') {
    const [{ serveStdio }, { processContext }, { mcpHostRuntime }] = await Promise.all([
      import('../src/mcp/transports/stdio.ts'),
      import('../src/runtime/context.ts'),
      import('../src/mcp/host-env.ts'),
    ]);
    await serveStdio(mcpHostRuntime(processContext()));
    return undefined;
  }
  exitQuietlyOnClosedPipe();
  const { runCli } = await import('../commands/index.ts');
  return runCli(argv);
}

/**
 * `occam --help | head -1`: once the reader has gone, writing to stdout fails with EPIPE. That is not an error
 * of the command (its output simply is not wanted any more), so exit without a stack trace, keeping the exit
 * code so far. The stdio MCP server is not covered: there a closed stdout means the host went away, which the
 * transport handles.
 */
function exitQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
      throw err;
    });
  }
}
