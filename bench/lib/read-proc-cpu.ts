import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/**
 * Two CPU-time fields of /proc/<pid>/stat summed, in ms. The fields are counted after the
 * command name's closing parenthesis, since the name may hold spaces: `fields[0]` is field 3.
 */
function statFieldsMs(pid: number | 'self', first: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[first - 3]) + Number(fields[first - 2])) * 1000) / clockTicks
}

/** CPU time `pid` has used so far, user + system (utime, stime), all its threads, in ms. */
export function readProcessCpuMs(pid: number): number {
  return statFieldsMs(pid, 14)
}

/**
 * CPU time of this process's children that have ended and been reaped (cutime, cstime), in ms:
 * read before and after a child's run for what that run cost.
 */
export function readChildrenCpuMs(): number {
  return statFieldsMs('self', 16)
}
