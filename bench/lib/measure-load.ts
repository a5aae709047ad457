import { execFile, execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { runWrk } from '../load/run-wrk.js'
import { pinnedCommand } from './cpu-pinning.js'
import { readChildrenCpuMs } from './read-proc-cpu.js'

const exec = promisify(execFile)
const loadScript = resolve(import.meta.dirname, '../load/run-autocannon.ts')

/** The load generators the bench can drive; see {@link loadGenerator}. */
export type LoadGenerator = 'wrk' | 'autocannon'

const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (error) {
    // wrk prints its version and exits 1: found all the same.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
})()

/**
 * `BENCH_LOAD=wrk|autocannon`; by default wrk where it is installed (Debian's `wrk`). On this
 * 2-core machine the generator has one core: autocannon, single-threaded JavaScript, spends
 * about as much CPU per request as a bare `node:http` server does, so it saturated its core
 * before the server did and the rows measured autocannon. wrk, in C, needs a fraction of that
 * and leaves the server the limit (the busy columns show which side was full).
 */
export const loadGenerator: LoadGenerator = (() => {
  const wanted = process.env.BENCH_LOAD
  if (wanted === 'wrk' || wanted === 'autocannon') return wanted
  if (wanted !== undefined) throw new Error(`BENCH_LOAD is "wrk" or "autocannon", not "${wanted}"`)
  return hasWrk ? 'wrk' : 'autocannon'
})()

/** One request of a load, as autocannon sends it. */
export interface LoadRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** What the load generator itself counts in a run, whichever generator runs it. */
export interface LoadFigures {
  requestsPerSecond: number
  total: number
  p50: number
  p99: number
  errors: number
  timeouts: number
  non2xx: number
}

/** What a load run measured. */
export interface LoadResult extends LoadFigures {
  /**
   * The server process's CPU time (user + system, all its threads) over the measured run,
   * divided by the requests answered, in ms: when {@link measureLoad} was given `serverCpuMs`.
   */
  serverCpuMsPerRequest?: number
  /**
   * The server's CPU time over the run divided by the run's wall time (1 = one core full, more
   * with worker threads): below 1 the server waited on something, the load generator or its
   * own timers. With `serverCpuMs` only.
   */
  serverBusy?: number
  /** The load generator's CPU time over the run divided by its wall time (1 = its core full). */
  loadBusy: number
}

/** Options of {@link measureLoad}. */
export interface LoadOptions {
  connections: number
  durationSeconds: number
  warmupSeconds: number
}

/**
 * Drives a server with the {@link loadGenerator} from a separate process: a warm-up run first
 * (its figures are dropped: the JIT and caches settle), then the measured run. Bounded by the
 * durations. With `serverCpuMs` (a server process's `cpuMs`), read just before and after the
 * measured run, the result also has the server's CPU time per request and how busy it was.
 */
export async function measureLoad(
  origin: string,
  requests: LoadRequest[],
  options: LoadOptions,
  serverCpuMs?: () => number,
): Promise<LoadResult> {
  if (options.warmupSeconds > 0)
    await runLoad(origin, requests, options.connections, options.warmupSeconds)
  const cpuBefore = serverCpuMs?.()
  const result = await runLoad(origin, requests, options.connections, options.durationSeconds)
  if (serverCpuMs === undefined || cpuBefore === undefined) return result
  const serverMs = serverCpuMs() - cpuBefore
  return {
    ...result,
    // To 0.1 µs: a ratio of two figures near 0.014 ms read to 1 µs moved by 7 % on rounding alone.
    serverCpuMsPerRequest: Math.round((serverMs / result.total) * 10_000) / 10_000,
    serverBusy: Math.round((serverMs / (options.durationSeconds * 1000)) * 100) / 100,
  }
}

async function runLoad(
  origin: string,
  requests: LoadRequest[],
  connections: number,
  durationSeconds: number,
): Promise<LoadResult> {
  if (loadGenerator === 'wrk') {
    // wrk is a child of this process: once reaped, its CPU time is in this one's cutime/cstime.
    const before = readChildrenCpuMs()
    const result = await runWrk(
      pinnedCommand('load', 'wrk', []),
      origin,
      requests,
      connections,
      durationSeconds,
    )
    const loadMs = readChildrenCpuMs() - before
    return { ...result, loadBusy: Math.round((loadMs / (durationSeconds * 1000)) * 100) / 100 }
  }
  const config = JSON.stringify({ url: origin, connections, durationSeconds, requests })
  const pinned = pinnedCommand('load', process.execPath, ['--import', 'tsx', loadScript, config])
  const { stdout } = await exec(pinned.command, pinned.args, {
    timeout: (durationSeconds + 30) * 1000,
    maxBuffer: 10 * 1024 * 1024,
  })
  return JSON.parse(stdout) as LoadResult
}
