import { spawn } from 'node:child_process'
import { median } from './sample-latency.js'
import { freePort } from './server-process.js'

/** The request whose first 200 marks a server as started. */
export interface ReadyProbe {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** Every run's time from spawn to the first 200, and their median, in milliseconds. */
export interface ColdStartResult {
  runs: number[]
  median: number
}

/**
 * Spawns `<node> <args>` `runs` times and measures, each time, from spawn to the first 200 on the
 * probe (polled every 2 ms). Returns every run and the median, in milliseconds.
 */
export async function measureColdStart(
  args: (port: number) => string[],
  probe: ReadyProbe,
  runs: number,
  node: string = process.execPath,
): Promise<ColdStartResult> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const port = await freePort()
    const started = performance.now()
    const child = spawn(node, args(port), {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
      stdio: 'ignore',
    })
    const deadline = started + 20_000
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${probe.path}`, {
          method: probe.method,
          headers: probe.headers,
          ...(probe.body ? { body: probe.body } : {}),
        })
        await response.arrayBuffer()
        if (response.status === 200) break
      } catch {
        // Not listening yet.
      }
      if (performance.now() > deadline)
        throw new Error(`${args(port).join(' ')} never answered 200`)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    times.push(Math.round(performance.now() - started))
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGKILL')
    })
  }
  return { runs: times, median: median(times) }
}
