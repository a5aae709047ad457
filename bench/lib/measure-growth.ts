import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { generatePlugin } from './generate-plugin.js'
import { measureColdStart, type ReadyProbe } from './measure-cold-start.js'
import { type LatencySample, sampleLatency } from './sample-latency.js'
import { freePort, serverHandle } from './server-process.js'

const exec = promisify(execFile)

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
  const child = spawn(process.execPath, [cliPath, 'start', dir, '--port', String(port)], {
    stdio: 'ignore',
  })
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
    const toolsList = await sampleLatency(send, 200)
    const openApi = await sampleLatency(() => fetch(`${server.origin}/open-api.json`), 100)
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
