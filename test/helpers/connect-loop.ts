// Child process for the crash-safety test: connects and disconnects Cursor in a loop through the real connect
// core, so a SIGKILL from the parent lands at arbitrary points, many of them inside a config write.
import { runConnect } from '../../src/operator/connect.ts';
import { runDisconnect } from '../../src/operator/disconnect.ts';
import { testContext } from '../../src/runtime/context.ts';

const env = JSON.parse(process.argv[2]) as Record<string, string>;
const ctx = testContext({ env, homeDir: env.HOME, tmpDir: env.TMPDIR, cwd: env.HOME, now: () => Date.now() });
const runtime = { execPath: process.execPath, sourceRoot: null };
let announced = false;
for (;;) {
  await runConnect({ ctx, runtime, canPrompt: false }, { only: ['cursor'], skipOccamVerify: true });
  await runDisconnect(ctx, runtime, { only: ['cursor'] });
  if (!announced) {
    process.stdout.write('cycling\n');
    announced = true;
  }
}
