#!/usr/bin/env node
// The `occam` executable from a source checkout (Node type stripping). Dispatch lives in bin/main.ts so the
// bundled forms share it.
import { runOccam } from './main.ts';

const code = await runOccam(process.argv);
if (code !== undefined) process.exitCode = code;
