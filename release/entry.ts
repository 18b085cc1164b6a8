// Main script of the single executable. Node 24 runs SEA mains as CommonJS, which has no top-level await, so
// this only chains the shared dispatch (bin/main.ts).
import { runOccam } from '../bin/main.ts';

runOccam(process.argv).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`occam: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
