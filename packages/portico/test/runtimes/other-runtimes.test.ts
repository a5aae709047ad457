import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildPlugin } from '../support/build-plugin.js'
import {
  type CliProcess,
  copyPlugin,
  freePort,
  pollUntil,
  runProcess,
} from '../support/cli-process.js'
import { externalToolsDir } from '../support/external-tools.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { callTool, notesExampleDir } from '../support/serve-plugin.js'

const tools = inject('externalTools')
/** The files a plugin folder gets to serve it on each runtime, as `docs/runtimes.md` shows them. */
const entriesDir = resolve(import.meta.dirname, 'entries')
const guidePath = resolve(import.meta.dirname, '../../../../docs/runtimes.md')

/** How a runtime serves the built plugin from its folder. */
interface RuntimeCase {
  name: string
  /** The file of `entries/` that it runs, copied into the plugin folder. */
  entry: string
  command(port: number): [string, string[]]
  env?: Record<string, string>
  /** What `GET /` answers: the docs site, or 503 where its files cannot be read. */
  docsStatus: number
}

const runtimes: RuntimeCase[] = [
  {
    name: 'Bun',
    entry: 'bun-server.mjs',
    command: () => [tools.bun, ['--no-install', 'bun-server.mjs']],
    // Else Bun keeps transpiled modules in ~/.bun.
    env: { BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' },
    docsStatus: 200,
  },
  {
    name: 'Deno',
    entry: 'deno-server.mjs',
    command: () => [
      tools.deno,
      [
        'run',
        '--no-prompt',
        '--allow-read',
        '--allow-env',
        '--allow-net=127.0.0.1',
        'deno-server.mjs',
      ],
    ],
    // Its cache beside the binaries, not in ~/.cache; and no update check over the network.
    env: { DENO_DIR: join(externalToolsDir, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1' },
    docsStatus: 200,
  },
  {
    name: 'workerd',
    entry: 'worker.capnp',
    command: (port) => [
      tools.workerd,
      ['serve', 'worker.capnp', '--socket-addr', `http=127.0.0.1:${port}`],
    ],
    docsStatus: 503,
  },
]

const stopTimeoutMs = 5_000
/**
 * The copy's `limits.requestTimeoutMs` (and `headersTimeoutMs`, which may not exceed it): short,
 * so that a body that never ends is cut off soon. Real bodies here arrive in milliseconds.
 */
const requestTimeoutMs = 1_000
/** How long a never-ending body may be held: the limit, with room for a loaded machine. */
const endlessBodyBudgetMs = requestTimeoutMs * 4 + 3_000
let plugin: Awaited<ReturnType<typeof copyPlugin>>
const servers = new Map<string, { url: string; process: CliProcess }>()

/** Starts a runtime in the plugin folder; resolves once it answers, fails if it exits first. */
async function start(runtime: RuntimeCase): Promise<void> {
  const port = await freePort()
  const [command, args] = runtime.command(port)
  const server = runProcess(command, args, {
    cwd: plugin.dir,
    env: { HOST: '127.0.0.1', PORT: String(port), ...runtime.env },
  })
  const url = `http://127.0.0.1:${port}`
  servers.set(runtime.name, { url, process: server })
  const state = await pollUntil(async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return 'exited'
    return (await fetch(`${url}/mcp.json`)).ok ? 'answers' : undefined
  })
  if (state === 'exited') {
    throw new Error(`${runtime.name} exited before it answered:\n${server.output()}`)
  }
}

/** Stops a runtime: SIGTERM, then SIGKILL if it is still running after {@link stopTimeoutMs}. */
async function stop(server: CliProcess): Promise<void> {
  const timer = setTimeout(() => server.child.kill('SIGKILL'), stopTimeoutMs)
  await server.stop()
  clearTimeout(timer)
}

beforeAll(async () => {
  plugin = await copyPlugin(notesExampleDir)
  const configPath = join(plugin.dir, 'portico.config.ts')
  const config = await readFile(configPath, 'utf8')
  const limits = 'limits: { toolTimeoutMs: 5_000 }'
  if (!config.includes(limits)) throw new Error(`The notes config no longer says ${limits}`)
  const short = `limits: { toolTimeoutMs: 5_000, headersTimeoutMs: ${requestTimeoutMs}, requestTimeoutMs: ${requestTimeoutMs} }`
  await writeFile(configPath, config.replace(limits, short))
  await buildPlugin(plugin.dir, { target: 'worker' })
  for (const { entry } of runtimes) await copyFile(join(entriesDir, entry), join(plugin.dir, entry))
  await Promise.all(runtimes.map(start))
})

afterAll(async () => {
  await Promise.all([...servers.values()].map(({ process }) => stop(process)))
  await plugin?.remove()
})

/** What a POST whose body never ends got, and after how long. */
interface EndlessAnswer {
  status: number
  body: string
  ms: number
}

/**
 * POSTs the start of a JSON body, chunked, and never its end; resolves with the answer, or
 * rejects if none came within {@link endlessBodyBudgetMs}.
 */
function postEndlessBody(url: string, headers: Record<string, string>): Promise<EndlessAnswer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => {
        clearTimeout(timer)
        request.destroy()
        resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started })
      })
    })
    const timer = setTimeout(() => {
      request.destroy()
      reject(new Error(`No answer within ${endlessBodyBudgetMs} ms: the body is held open`))
    }, endlessBodyBudgetMs)
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.write('{"jsonrpc":"2.0","id":1,')
  })
}

function urlOf(runtime: RuntimeCase): string {
  const server = servers.get(runtime.name)
  if (!server) throw new Error(`${runtime.name} is started in beforeAll`)
  return server.url
}

describe.each(runtimes)('the built notes plugin on $name', (runtime) => {
  it('calls a tool over REST', async () => {
    const response = await callTool(urlOf(runtime), '/api/Notes/get', { id: 'n1' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: 'n1', title: 'Groceries' })
  })

  it('refuses an invalid input over REST with 422, naming the path', async () => {
    const response = await callTool(urlOf(runtime), '/api/Notes/create', { title: 5 })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      type: 'urn:portico:problem:validation',
      title: 'Validation failed',
      status: 422,
      detail: 'The input of Notes_create is invalid',
      errors: [{ path: '/title', message: 'must be a string' }],
    })
  })

  it.each(protocolEras)(
    'lists and calls the tools over MCP, in the $name era',
    async ({ mode }) => {
      const client = await connectMcpClient(`${urlOf(runtime)}/mcp`, mode)
      try {
        const { tools: listed } = await client.listTools()
        expect(listed.map((tool) => tool.name)).toContain('Notes_get')
        expect(listed).toHaveLength(9)
        const result = await client.callTool({ name: 'Notes_get', arguments: { id: 'n1' } })
        expect(result.isError).toBeFalsy()
        expect(result.structuredContent).toMatchObject({ id: 'n1', title: 'Groceries' })
      } finally {
        await client.close()
      }
    },
  )

  it(`ends a REST body that never ends with 408 after limits.requestTimeoutMs`, async () => {
    const answer = await postEndlessBody(`${urlOf(runtime)}/api/Notes/create`, {
      'content-type': 'application/json',
    })
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body)).toEqual({
      type: 'urn:portico:problem:request_timeout',
      title: 'Request timeout',
      status: 408,
      detail: `The request body did not arrive within ${requestTimeoutMs} ms: send it whole, at once`,
    })
    expect(answer.ms).toBeGreaterThanOrEqual(requestTimeoutMs - 50)
  })

  it(`ends an MCP body that never ends with 408 and a JSON-RPC error`, async () => {
    const answer = await postEndlessBody(`${urlOf(runtime)}/mcp`, {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    })
    expect(answer.status).toBe(408)
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32600,
        message: `The request body did not arrive within ${requestTimeoutMs} ms: send it whole, at once`,
      },
      id: null,
    })
    expect(answer.ms).toBeGreaterThanOrEqual(requestTimeoutMs - 50)
  })

  it('sends /open-api.json compressed to a client that takes gzip or Brotli', async () => {
    for (const coding of ['gzip', 'br']) {
      const response = await fetch(`${urlOf(runtime)}/open-api.json`, {
        headers: { 'accept-encoding': coding },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBe(coding)
      // fetch decodes it: the document itself, whole.
      expect(await response.json()).toMatchObject({ openapi: '3.0.3' })
    }
  })

  it(`answers GET / with ${runtime.docsStatus}, as docs/runtimes.md says`, async () => {
    const response = await fetch(`${urlOf(runtime)}/`)
    expect(response.status).toBe(runtime.docsStatus)
  })
})

describe('docs/runtimes.md', () => {
  it.each(runtimes)('shows the $entry that the suite runs on $name', async ({ entry }) => {
    const guide = await readFile(guidePath, 'utf8')
    expect(guide).toContain(await readFile(join(entriesDir, entry), 'utf8'))
  })
})
