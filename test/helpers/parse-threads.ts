// The parse worker threads of a child process, seen from /proc (Linux): Node names a worker's OS thread after its
// `name` option (PARSE_WORKER_NAME), so a test can see whether an `occam mcp` child has its spare parse worker and
// wait until that worker has finished starting — its start is the host's standing cost, not a read's.
import { readdirSync, readFileSync } from 'node:fs';
import { PARSE_WORKER_NAME } from '../../src/read/extract-worker.ts';

/** Thread ids of the process's parse workers. */
export function parseThreads(pid: number): string[] {
  return readdirSync(`/proc/${pid}/task`).filter((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() === PARSE_WORKER_NAME;
    } catch {
      return false; // the thread ended meanwhile
    }
  });
}

/** CPU time (user + system, clock ticks) of one thread; null once it has ended. */
function cpuTicks(pid: number, tid: string): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the process has exactly one parse worker and that worker is idle: its CPU time unchanged over three
 * samples 400 ms apart (a starting worker compiles its modules without pause). Bounded; throws if it never settles.
 */
export async function waitForIdleSpare(pid: number, timeoutMs = 120_000): Promise<void> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const threads = parseThreads(pid);
    if (threads.length !== 1) {
      await sleep(100);
      continue;
    }
    const samples: Array<number | null> = [cpuTicks(pid, threads[0])];
    for (let i = 0; i < 3; i++) {
      await sleep(400);
      samples.push(cpuTicks(pid, threads[0]));
    }
    if (samples[0] !== null && samples.every((s) => s === samples[0])) return;
  }
  throw new Error(`no idle spare parse worker in process ${pid} within ${timeoutMs} ms (parse threads: ${parseThreads(pid).length})`);
}
