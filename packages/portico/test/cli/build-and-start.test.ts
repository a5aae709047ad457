import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { notesExampleDir } from '../support/serve-plugin.js'

const exec = promisify(execFile)
let plugin: Awaited<ReturnType<typeof copyPlugin>>

beforeAll(async () => {
  plugin = await copyPlugin(notesExampleDir)
})
afterAll(() => plugin.remove())

describe('portico build, then portico start', () => {
  it('writes the model and compiled tools to .portico/', async () => {
    const { stdout, stderr } = await exec(process.execPath, [cliPath, 'build', plugin.dir])
    expect(`${stdout}${stderr}`).toMatch(/Built 9 tools of 3 classes into \.portico\/ in \d+ ms/)
    const model = JSON.parse(await readFile(join(plugin.dir, '.portico/model.json'), 'utf8'))
    expect(model.formatVersion).toBe(4)
    expect(model.tools.map((tool: { id: string }) => tool.id)).toContain('Notes_create')
    expect(existsSync(join(plugin.dir, '.portico/tools/notes.mjs'))).toBe(true)
  })

  it('serves the built plugin on PORT and answers the first call quickly', async () => {
    const port = await freePort()
    const started = performance.now()
    const server = runCli(['start', plugin.dir], { PORT: String(port), HOST: '127.0.0.1' })
    try {
      const status = await pollUntil(
        async () => {
          const response = await fetch(`http://127.0.0.1:${port}/api/Notes/get`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"id":"n1"}',
          })
          return response.status
        },
        { everyMs: 5 },
      )
      const firstOk = Math.round(performance.now() - started)
      expect(status).toBe(200)
      console.log(`portico start: first 200 after ${firstOk} ms`)
      expect(firstOk).toBeLessThan(5_000)
      await server.waitForOutput(/Ready in \d+ ms/)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  it('loads neither the TypeScript compiler nor esbuild to serve a built plugin', async () => {
    const script = `
      import { createRequire } from 'node:module'
      const { loadBuiltPlugin, createApp } = await import(${JSON.stringify(join(cliPath, '../../dist/server/index.js'))})
      const plugin = await loadBuiltPlugin(${JSON.stringify(plugin.dir)})
      const app = createApp(plugin.runtime, { rootDir: ${JSON.stringify(plugin.dir)}, dev: false })
      const response = await app.request('/open-api.json')
      const loaded = Object.keys(createRequire(import.meta.url).cache)
      console.log(JSON.stringify({ status: response.status, heavy: loaded.filter((p) => /node_modules\\/(typescript|esbuild)\\//.test(p)) }))
    `
    const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script])
    expect(JSON.parse(stdout)).toEqual({ status: 200, heavy: [] })
  })

  it('refuses to start a plugin that was never built, saying what to run', async () => {
    const empty = await copyPlugin(notesExampleDir)
    try {
      const server = runCli(['start', empty.dir], { PORT: String(await freePort()) })
      expect(await server.exited()).toBe(1)
      expect(server.output()).toMatch(/model\.json: no built plugin; run "portico build" first/)
    } finally {
      await empty.remove()
    }
  })
})
