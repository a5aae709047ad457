import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { notesExampleDir } from '../support/serve-plugin.js'

interface OpenApi {
  info: { title: string }
  paths: Record<string, unknown>
}

let plugin: Awaited<ReturnType<typeof copyPlugin>>
let dev: CliProcess
let base: string

async function openApi(): Promise<OpenApi> {
  return (await (await fetch(`${base}/open-api.json`)).json()) as OpenApi
}

beforeAll(async () => {
  plugin = await copyPlugin(notesExampleDir)
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  dev = runCli(['dev', plugin.dir, '--port', String(port)])
  await pollUntil(async () => ((await fetch(`${base}/open-api.json`)).ok ? true : undefined))
})
afterAll(async () => {
  await dev?.stop()
  await plugin.remove()
})

describe('portico dev', () => {
  it('prints the URLs it serves', async () => {
    await dev.waitForOutput(/OpenAPI\s+http:\/\/localhost:\d+\/open-api\.json/)
  })

  it('serves a new tool after its file is saved, without a restart', async () => {
    const file = join(plugin.dir, 'tools/tags.ts')
    const source = await readFile(file, 'utf8')
    const edited = source.replace(
      /\n}\n$/,
      `\n  /** Count the tags. */\n  async count(): Promise<{ count: number }> {\n    return { count: 42 }\n  }\n}\n`,
    )
    expect(edited).not.toBe(source)
    const started = performance.now()
    await writeFile(file, edited)
    await pollUntil(async () => ((await openApi()).paths['/api/Tags/count'] ? true : undefined))
    const elapsed = Math.round(performance.now() - started)
    console.log(`portico dev: tool file saved → new schema served in ${elapsed} ms`)
    const response = await fetch(`${base}/api/Tags/count`, { method: 'POST' })
    expect(await response.json()).toEqual({ count: 42 })
    await dev.waitForOutput(/tools\/tags\.ts changed: reloaded 10 tools in \d+ ms/)
  })

  it('prints a compile error with file:line and keeps the last good version serving', async () => {
    const file = join(plugin.dir, 'tools/tags.ts')
    const good = await readFile(file, 'utf8')
    await writeFile(file, good.replace('return { count: 42 }', 'return { count: 42 } +'))
    await dev.waitForOutput(/tools\/tags\.ts:\d+(:\d+)?: /)
    await dev.waitForOutput(/The last good version keeps serving/)
    expect((await openApi()).paths['/api/Tags/count']).toBeDefined()
    const response = await fetch(`${base}/api/Tags/count`, { method: 'POST' })
    expect(await response.json()).toEqual({ count: 42 })
    await writeFile(file, good)
  })

  it('serves the new config when portico.config.ts is saved', async () => {
    const file = join(plugin.dir, 'portico.config.ts')
    const source = await readFile(file, 'utf8')
    const started = performance.now()
    await writeFile(file, source.replace("title: 'Notes'", "title: 'Notes Restarted'"))
    await pollUntil(async () =>
      (await openApi()).info.title === 'Notes Restarted' ? true : undefined,
    )
    const elapsed = Math.round(performance.now() - started)
    console.log(`portico dev: portico.config.ts saved → new config answering in ${elapsed} ms`)
    await dev.waitForOutput(/portico\.config\.ts changed: reloaded/)
  })

  it('keeps the last good version serving on a bad config, with a clear message, and takes the next save', async () => {
    const file = join(plugin.dir, 'portico.config.ts')
    const good = await readFile(file, 'utf8')
    await writeFile(file, good.replace("title: 'Notes Restarted'", "title: 'Notes', colour: 'red'"))
    await dev.waitForOutput(/portico\.config\.ts \(key "colour"\): unknown key/)
    await dev.waitForOutput(/The last good version keeps serving/)
    expect((await openApi()).info.title).toBe('Notes Restarted')
    await writeFile(file, good)
    await pollUntil(async () =>
      (await openApi()).info.title === 'Notes Restarted' ? true : undefined,
    )
  })
})
