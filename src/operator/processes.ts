// Process scoping for refresh / install / uninstall (operator.md §14): find the running MCP servers of *this*
// install — by executable path or command line under OCCAM_HOME plus an `mcp` argument (or the reference
// launcher) — never by name alone; stop them with SIGTERM, a grace period, then SIGKILL.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { Ctx } from './proc.ts';
import { runTool } from './proc.ts';
import { normalisePath } from './entry.ts';

export interface ProcInfo {
  pid: number;
  exe: string | null;
  argv: string[];
}

/** Linux: /proc; macOS: `ps`; Windows is not enumerated here (reported as unsupported). */
export async function listProcesses(ctx: Ctx): Promise<ProcInfo[] | null> {
  if (ctx.platform === 'linux') {
    const out: ProcInfo[] = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
        let exe: string | null = null;
        try {
          exe = readlinkSync(`/proc/${name}/exe`);
        } catch {
          exe = null;
        }
        if (argv.length > 0) out.push({ pid: Number(name), exe, argv });
      } catch {
        // process ended meanwhile
      }
    }
    return out;
  }
  if (ctx.platform === 'darwin') {
    const r = await runTool(ctx, 'ps', ['-axo', 'pid=,command=']);
    if (r.exitCode !== 0) return null;
    return r.stdout.split('\n').filter(Boolean).map((line) => {
      const m = /^\s*(\d+)\s+(.*)$/.exec(line)!;
      return { pid: Number(m[1]), exe: null, argv: m[2].split(/\s+/) };
    });
  }
  return null;
}

const under = (path: string, root: string) => {
  const p = normalisePath(path);
  const r = normalisePath(root);
  return p === r || p.startsWith(`${r}/`);
};

/** Whether a process is an MCP server of the install at `occamHome`. */
export function isOurServer(p: ProcInfo, occamHome: string, selfPid: number): boolean {
  if (p.pid === selfPid) return false;
  const pathUnder = (p.exe !== null && under(p.exe, occamHome)) || p.argv.some((a) => under(a, occamHome));
  if (!pathUnder) return false;
  return p.argv.includes('mcp') || p.argv.some((a) => a.includes('launch-mcp-host.mjs'));
}

export async function findOurServers(ctx: Ctx, occamHome: string, selfPid = process.pid): Promise<ProcInfo[] | null> {
  const all = await listProcesses(ctx);
  return all ? all.filter((p) => isOurServer(p, occamHome, selfPid)) : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (exited, not yet reaped by its parent) no longer runs.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** SIGTERM, 1500 ms grace, SIGKILL; returns the pids still running (in use). */
export async function stopProcesses(pids: number[], graceMs = 1500): Promise<number[]> {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await sleep(100);
  for (const pid of pids.filter(alive)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  await sleep(200);
  return pids.filter(alive);
}
