import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

/** Which side of a load run a process is on. */
export type BenchRole = 'server' | 'load'

/** The CPU each side is pinned to. */
export const pinnedCpu: Record<BenchRole, number> = { server: 1, load: 0 }

/** Whether processes are pinned: Linux, two CPUs or more, and `taskset`. */
export const canPin = (() => {
  if (process.platform !== 'linux' || availableParallelism() < 2) return false
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

/**
 * The command that runs `command args` on a CPU of its own: the server on CPU 1, the load
 * generator on CPU 0. Unpinned, the scheduler sometimes put both on one core of this 2-core
 * machine and the same row moved by 2 × between runs. Where `taskset` is missing, unpinned.
 */
export function pinnedCommand(
  role: BenchRole,
  command: string,
  args: string[],
): { command: string; args: string[] } {
  if (!canPin) return { command, args }
  return { command: 'taskset', args: ['-c', String(pinnedCpu[role]), command, ...args] }
}

/** Whether processes are pinned, for the bench's header line. */
export const cpuPinning = canPin ? 'server on CPU 1, load on CPU 0 (taskset)' : 'unpinned'
