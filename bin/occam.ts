#!/usr/bin/env node
// The `occam` executable from a source checkout (Node type stripping), and the entry of the npm bundle. Dispatch
// lives in bin/main.ts so the bundled forms share it. Node's on-disk compile cache (which also keeps the
// type-stripped sources) makes every start after the first skip parsing and stripping — MCP hosts launch `occam
// mcp` often. The Node version is checked first: the npm package runs on whatever Node is on PATH.
import module from 'node:module';
import { nodeIsSupported, unsupportedNodeLine } from '../src/runtime/node-version.ts';

/** A usage-level failure: this command cannot run here at all (operator.md §0 exit 2). */
const EXIT_UNSUPPORTED_NODE = 2;

if (!nodeIsSupported(process.version)) {
  process.stderr.write(`${unsupportedNodeLine(process.version)}\n`);
  process.exit(EXIT_UNSUPPORTED_NODE);
}
module.enableCompileCache?.();
const { runOccam } = await import('./main.ts');
const code = await runOccam(process.argv);
if (code !== undefined) process.exitCode = code;
