import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { pinnedCommand } from './cpu-pinning.js'

const exec = promisify(execFile)
const loadScript = resolve(import.meta.dirname, '../load/run-autocannon.ts')

/** One request of a load, as autocannon sends it. */
export interface LoadRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** What a load run measured. */
export interface LoadResult {
  requestsPerSecond: number
  total: number
  p50: number
  p99: number
  errors: number
  timeouts: number
  non2xx: number
  /**
   * The server process's CPU time (user + system, all its threads) over the measured run,
   * divided by the requests answered, in ms: when {@link measureLoad} was given `serverCpuMs`.
   */
  serverCpuMsPerRequest?: number
}

/** Options of {@link measureLoad}. */
export interface LoadOptions {
  connections: number
  durationSeconds: number
  warmupSeconds: number
}

/**
 * Drives a server with autocannon from a separate process: a warm-up run first (its figures
 * are dropped: the JIT and caches settle), then the measured run. Bounded by the durations.
 * With `serverCpuMs` (a server process's `cpuMs`), read just before and after the
 * measured run, the result also has the server's CPU time per request.
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
  const perRequest = (serverCpuMs() - cpuBefore) / result.total
  return { ...result, serverCpuMsPerRequest: Math.round(perRequest * 1000) / 1000 }
}

async function runLoad(
  origin: string,
  requests: LoadRequest[],
  connections: number,
  durationSeconds: number,
): Promise<LoadResult> {
  const config = JSON.stringify({ url: origin, connections, durationSeconds, requests })
  const pinned = pinnedCommand('load', process.execPath, ['--import', 'tsx', loadScript, config])
  const { stdout } = await exec(pinned.command, pinned.args, {
    timeout: (durationSeconds + 30) * 1000,
    maxBuffer: 10 * 1024 * 1024,
  })
  return JSON.parse(stdout) as LoadResult
}
