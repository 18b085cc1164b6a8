#!/usr/bin/env node
// The `occam` executable: hands argv to the verb registry.
import { runCli } from '../commands/index.ts';

const code = await runCli(process.argv);
process.exitCode = code;
