import { spawn } from 'node:child_process'
import { cp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { freePort } from './server-process.js'

/** How long the dev loop takes, in milliseconds. */
export interface DevLoopResult {
  /** `portico dev` spawned until the first 200. */
  firstStart: number
  /** A tool file saved until its new tool shows in `/open-api.json`. */
  toolSaveToSchema: number
  /** `portico.config.ts` saved until the server serves the new config. */
  configSaveToRestart: number
  /** Requests sent one after another from the config save until the new config answers. */
  requestsDuringRestart: number
  /** Of those, the ones refused, reset or answered with an error: the dev loop should drop none. */
  failedDuringRestart: number
}

/** Runs `portico dev` on a copy of a plugin and times its reloads. */
export async function measureDevLoop(
  cliPath: string,
  pluginDir: string,
  workDir: string,
): Promise<DevLoopResult> {
  await rm(workDir, { recursive: true, force: true })
  await cp(pluginDir, workDir, { recursive: true, filter: (path) => !path.includes('.portico') })
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn(process.execPath, [cliPath, 'dev', workDir, '--port', String(port)], {
    stdio: 'ignore',
  })
  try {
    await until(async () => (await fetch(`${origin}/open-api.json`)).ok)
    const firstStart = performance.now() - started

    const toolFile = join(workDir, 'tools/calc.ts')
    const source = await readFile(toolFile, 'utf8')
    const saved = performance.now()
    await writeFile(
      toolFile,
      source.replace(
        /\n}\n$/,
        '\n\n  /** Subtract. */\n  async sub(input: { a: number; b: number }): Promise<{ difference: number }> {\n    return { difference: input.a - input.b }\n  }\n}\n',
      ),
    )
    await until(async () => '/api/Calc/sub' in (await openApiPaths(origin)))
    const toolSaveToSchema = performance.now() - saved

    const configSaved = performance.now()
    await writeFile(
      join(workDir, 'portico.config.ts'),
      "export default { title: 'Calc Restarted' }\n",
    )
    const traffic = await requestsUntil(origin, 'Calc Restarted')
    const configSaveToRestart = performance.now() - configSaved
    return {
      firstStart: Math.round(firstStart),
      toolSaveToSchema: Math.round(toolSaveToSchema),
      configSaveToRestart: Math.round(configSaveToRestart),
      requestsDuringRestart: traffic.sent,
      failedDuringRestart: traffic.failed,
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
    await rm(workDir, { recursive: true, force: true })
  }
}

/** Sends requests back to back until the title shows, counting those that fail. */
async function requestsUntil(
  origin: string,
  title: string,
  timeoutMs = 30_000,
): Promise<{ sent: number; failed: number }> {
  const deadline = performance.now() + timeoutMs
  let sent = 0
  let failed = 0
  for (;;) {
    sent += 1
    try {
      if ((await openApiTitle(origin)) === title) return { sent, failed }
    } catch {
      failed += 1
    }
    if (performance.now() > deadline)
      throw new Error('the dev server did not serve the new config in time')
  }
}

async function openApiPaths(origin: string): Promise<Record<string, unknown>> {
  return (
    (await (await fetch(`${origin}/open-api.json`)).json()) as { paths: Record<string, unknown> }
  ).paths
}

async function openApiTitle(origin: string): Promise<string> {
  const response = await fetch(`${origin}/open-api.json`)
  if (!response.ok) throw new Error(`answered ${response.status}`)
  return ((await response.json()) as { info: { title: string } }).info.title
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    try {
      if (await check()) return
    } catch {
      // Restarting: nothing listens for a moment.
    }
    if (performance.now() > deadline) throw new Error('the dev server did not get there in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
