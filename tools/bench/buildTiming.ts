// Times a production build and samples the peak memory of its whole process tree, which is what a
// CI machine must hold (the bundler runs in child processes).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Sums the resident memory of a process and all its descendants (Linux /proc). */
function treeRssKiB(root: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone.
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

export interface BuildTiming {
  seconds: number;
  peakMiB: number;
}

/** Runs `docusaurus build --out-dir <outDir>` with `env` and reports its wall time and peak memory. */
export function timedBuild(outDir: string, env: NodeJS.ProcessEnv, cwd?: string): Promise<BuildTiming> {
  return new Promise((done, fail) => {
    const started = Date.now();
    const child = spawn('npx', ['docusaurus', 'build', '--out-dir', outDir], { env, stdio: 'ignore', cwd });
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, treeRssKiB(child.pid!))), 200);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code !== 0) fail(new Error(`docusaurus build exited with ${code}`));
      else done({ seconds: (Date.now() - started) / 1000, peakMiB: Math.round(peak / 1024) });
    });
  });
}
