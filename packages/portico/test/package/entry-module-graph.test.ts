import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import { cliPath, copyPlugin, freePort, pollUntil, runProcess } from '../support/cli-process.js'
import { RED_PIXEL_BASE64 } from '../support/gallery-content.js'

const exec = promisify(execFile)
const repoRoot = join(import.meta.dirname, '../../../..')
const heavy =
  /\/node_modules\/(?:hono|@hono\/node-server|jose|ajv|ajv-formats|@modelcontextprotocol\/[^/]+)\//
let scratch: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'portico-graph-'))
  // A resolve hook that writes down every module the import loads: the graph, not the time.
  await writeFile(
    join(scratch, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  appendFileSync(process.env.GRAPH_LOG, resolved.url + '\\n')
  return resolved
}
`,
  )
  await writeFile(
    join(scratch, 'register.mjs'),
    `import { register } from 'node:module'\nregister(${JSON.stringify(pathToFileURL(join(scratch, 'hooks.mjs')).href)})\n`,
  )
})
afterAll(() => rm(scratch, { recursive: true, force: true }))

/** Every module URL that importing `specifier` (as a plugin would, from the repository) loads. */
async function moduleGraphOf(specifier: string): Promise<string[]> {
  const log = join(scratch, `${specifier.replace(/\W/g, '-')}.log`)
  await writeFile(log, '')
  await exec(
    process.execPath,
    [
      '--import',
      join(scratch, 'register.mjs'),
      '--input-type=module',
      '-e',
      `await import('${specifier}')`,
    ],
    { cwd: repoRoot, env: { ...process.env, GRAPH_LOG: log } },
  )
  return (await readFile(log, 'utf8')).trim().split('\n')
}

describe('the portico entry', () => {
  it('loads none of Hono, jose, Ajv or the MCP SDK', async () => {
    const graph = await moduleGraphOf('portico')
    expect(graph.some((url) => url.endsWith('/packages/portico/dist/index.js'))).toBe(true)
    expect(graph.filter((url) => heavy.test(url))).toEqual([])
  })

  it('loads nothing of portico/testing', async () => {
    const graph = await moduleGraphOf('portico')
    expect(graph.filter((url) => url.includes('/packages/portico/dist/testing/'))).toEqual([])
  })

  it('is told apart from portico/server, which loads the HTTP stack', async () => {
    // The check above can fail: the server entry does load Hono and Ajv.
    const graph = await moduleGraphOf('portico/server')
    expect(graph.filter((url) => heavy.test(url)).length).toBeGreaterThan(0)
  })
})

describe('the portico/testing entry', () => {
  it('loads the MCP client only when plugin.mcp() is called', async () => {
    const graph = await moduleGraphOf('portico/testing')
    expect(graph.some((url) => url.endsWith('/packages/portico/dist/testing/index.js'))).toBe(true)
    expect(graph.filter((url) => url.includes('/@modelcontextprotocol/client/'))).toEqual([])
  })
})

describe('portico start', () => {
  it('answers a REST call from three files of its bundle, with one copy of the portico entry and no Hono, jose or MCP SDK', async () => {
    const plugin = await copyPlugin(join(import.meta.dirname, '../fixtures/content-plugin'))
    try {
      await buildPlugin(plugin.dir)
      const log = join(scratch, 'portico-start.log')
      await writeFile(log, '')
      const port = await freePort()
      const register = join(scratch, 'register.mjs')
      const cli = runProcess(
        process.execPath,
        ['--import', register, cliPath, 'start', plugin.dir, '--port', String(port)],
        { env: { GRAPH_LOG: log } },
      )
      try {
        // The tool returns `content.result(...)`, which the server knows by its class: a second
        // copy of the portico entry's modules in the bundle would answer it as plain JSON.
        const answer = await pollUntil(async () => {
          const response = await fetch(`http://127.0.0.1:${port}/api/Gallery/pixel`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
          return response.status === 200 ? response.json() : undefined
        })
        expect(answer).toEqual({
          content: [{ type: 'image', mimeType: 'image/png', data: RED_PIXEL_BASE64 }],
        })
      } finally {
        await cli.stop()
      }
      const graph = (await readFile(log, 'utf8')).trim().split('\n')
      const own = graph.filter((url) => url.includes('/packages/portico/dist/'))
      expect(own.some((url) => url.endsWith('/dist/bundle/main.js'))).toBe(true)
      expect(own.some((url) => url.endsWith('/dist/core/tool-content.js'))).toBe(true)
      // Each module costs Node 20's loader about 0.3 ms: what `portico start` runs is `main.js`,
      // the bundler's runtime and one `serve` chunk, not a chunk per set of lazy imports.
      const bundled = new Set(own.filter((url) => url.includes('/dist/bundle/')))
      expect([...bundled].map((url) => url.replace(/.*\/dist\/bundle\//, ''))).toEqual([
        'main.js',
        expect.stringMatching(/^chunk-rolldown-runtime-/),
        expect.stringMatching(/^chunk-serve-/),
      ])
      // Portico's modules come from the bundle, but for the entry's, which tools import too.
      expect(own.filter((url) => /\/dist\/(?:cli|server|surfaces|invoke)\//.test(url))).toEqual([])
      // The plugin is anonymous: the gate and its verifier, jose, are loaded only for one that
      // authenticates.
      expect(
        graph.filter((url) =>
          /\/node_modules\/(?:hono|@hono\/node-server|jose|@modelcontextprotocol\/[^/]+)\//.test(
            url,
          ),
        ),
      ).toEqual([])
      // Nor what only compression (node:zlib) or isolated tools (node:v8) need: Node compiles
      // each built-in module on its first load, a millisecond or so of the cold start.
      expect(graph.filter((url) => url === 'node:zlib' || url === 'node:v8')).toEqual([])
    } finally {
      await plugin.remove()
    }
  })
})
