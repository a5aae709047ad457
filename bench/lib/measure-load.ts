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
 */
export async function measureLoad(
  origin: string,
  requests: LoadRequest[],
  options: LoadOptions,
): Promise<LoadResult> {
  if (options.warmupSeconds > 0)
    await runLoad(origin, requests, options.connections, options.warmupSeconds)
  return runLoad(origin, requests, options.connections, options.durationSeconds)
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
