#!/usr/bin/env node
// The `occam` executable from a source checkout (Node type stripping). Dispatch lives in bin/main.ts so the
// bundled forms share it. Node's on-disk compile cache (which also keeps the type-stripped sources) makes every
// start after the first skip parsing and stripping — MCP hosts launch `occam mcp` often.
import module from 'node:module';

module.enableCompileCache?.();
const { runOccam } = await import('./main.ts');
const code = await runOccam(process.argv);
if (code !== undefined) process.exitCode = code;
