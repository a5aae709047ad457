import { execFile, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { pinnedCommand } from './cpu-pinning.js'
import { generatePlugin } from './generate-plugin.js'
import { measureColdStart, type ReadyProbe } from './measure-cold-start.js'
import type { LatencySample } from './sample-latency.js'
import { freePort, serverHandle } from './server-process.js'

const exec = promisify(execFile)
const sampleScript = resolve(import.meta.dirname, '../load/sample-latency-client.ts')

/**
 * `sampleLatency` of `count` requests from a process of its own on the load generator's
 * CPU, as the throughput rows are driven, with the server on the other.
 */
async function sampleApart(
  url: string,
  request: ReadyProbe,
  count: number,
): Promise<LatencySample> {
  const options = JSON.stringify({ url, ...request, count })
  const pinned = pinnedCommand('load', process.execPath, ['--import', 'tsx', sampleScript, options])
  const { stdout } = await exec(pinned.command, pinned.args, { timeout: 300_000 })
  return JSON.parse(stdout) as LatencySample
}

/** What a plugin of a given size costs. */
export interface GrowthRow {
  tools: number
  buildMs: number
  startMs: number
  toolsList: LatencySample
  openApi: LatencySample
  peakRssMiB: number
}

/**
 * Generates a plugin of `toolCount` tools, times `portico build`, then `portico start` to the
 * first `tools/list`, then the latency of `tools/list` and `/open-api.json` and the peak RSS.
 */
export async function measureGrowth(
  cliPath: string,
  dir: string,
  toolCount: number,
  listRequest: ReadyProbe,
): Promise<GrowthRow> {
  await generatePlugin(dir, toolCount)
  const buildStarted = performance.now()
  await exec(process.execPath, [cliPath, 'build', dir], { timeout: 120_000 })
  const buildMs = Math.round(performance.now() - buildStarted)

  const start = await measureColdStart(
    (port) => [cliPath, 'start', dir, '--port', String(port)],
    listRequest,
    3,
  )

  const port = await freePort()
  const pinned = pinnedCommand('server', process.execPath, [
    cliPath,
    'start',
    dir,
    '--port',
    String(port),
  ])
  const child = spawn(pinned.command, pinned.args, { stdio: 'ignore' })
  const server = serverHandle(child, port)
  try {
    const send = () =>
      fetch(`${server.origin}${listRequest.path}`, {
        method: listRequest.method,
        headers: listRequest.headers,
        ...(listRequest.body ? { body: listRequest.body } : {}),
      })
    for (let tries = 0; ; tries++) {
      try {
        if ((await send()).ok) break
      } catch {
        if (tries > 2000) throw new Error('the growth server did not start')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    const toolsList = await sampleApart(`${server.origin}${listRequest.path}`, listRequest, 200)
    const openApi = await sampleApart(
      `${server.origin}/open-api.json`,
      { method: 'GET', path: '/open-api.json', headers: {} },
      100,
    )
    return {
      tools: toolCount,
      buildMs,
      startMs: start.median,
      toolsList,
      openApi,
      peakRssMiB: server.peakRssMiB(),
    }
  } finally {
    await server.stop()
  }
}
