import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { Client, type VersionNegotiationMode } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PLUGIN_FOLDER_PLACEHOLDER,
  stdioConfig,
} from '../../../docs-ui/src/lib/connect-snippets.js'
import { cliPath, pollUntil, runCli } from '../support/cli-process.js'
import { connectMcpClient, protocolEras } from '../support/mcp-client.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

const pluginDir = fixtureDir('stdio-plugin')
/** What each call of `Echo_say` prints to stdout, which must all land on stderr. */
const strayLines = [
  'console.log from Echo.say',
  'console.info from Echo.say',
  'process.stdout.write from Echo.say',
]

/** The official client on `portico stdio <fixture> [...args]`, with what the server wrote to stderr. */
interface StdioConnection {
  client: Client
  stderr(): string
  /** Errors of the transport: a line on stdout that is not JSON-RPC would be one. */
  errors: Error[]
}

async function connectStdio(
  mode: VersionNegotiationMode,
  args: string[] = [],
): Promise<StdioConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'stdio', pluginDir, ...args],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1' },
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  // A client that can answer what a tool asks: a person's name, a word from its model.
  const client = new Client(
    { name: 'portico-tests', version: '1.0.0' },
    { versionNegotiation: { mode }, capabilities: { elicitation: {}, sampling: {} } },
  )
  client.setRequestHandler('elicitation/create', async () => ({
    action: 'accept',
    content: { name: 'Ada' },
  }))
  client.setRequestHandler('sampling/createMessage', async () => ({
    role: 'assistant',
    content: { type: 'text', text: 'hello' },
    model: 'test-model',
    stopReason: 'endTurn',
  }))
  const errors: Error[] = []
  client.onerror = (error) => errors.push(error)
  await client.connect(transport)
  return { client, stderr: () => stderr, errors }
}

let http: ServedPlugin
beforeAll(async () => {
  http = await servePlugin(pluginDir)
})
afterAll(() => http?.close())

describe.each(protocolEras)(
  'portico stdio with the official client, protocol $name',
  ({ mode }) => {
    let stdio: StdioConnection
    let overHttp: Client
    beforeAll(async () => {
      ;[stdio, overHttp] = await Promise.all([
        connectStdio(mode),
        connectMcpClient(`${http.url}/mcp`, mode),
      ])
    })
    afterAll(() => Promise.all([stdio?.client.close(), overHttp?.close()]))

    it('lists the same tools and prompts as /mcp over HTTP', async () => {
      const tools = await stdio.client.listTools()
      expect(tools.tools.map((tool) => tool.name)).toEqual(['Clock_epoch', 'Echo_say', 'Echo_ask'])
      expect(tools).toEqual(await overHttp.listTools())
      const prompts = await stdio.client.listPrompts()
      expect(prompts.prompts.map((prompt) => prompt.name)).toEqual(['greet'])
      expect(prompts).toEqual(await overHttp.listPrompts())
    })

    it('calls a tool and answers its structured content, its stdout writes sent to stderr', async () => {
      const result = await stdio.client.callTool({
        name: 'Echo_say',
        arguments: { word: 'hi', times: 2 },
      })
      expect(result.isError).toBeUndefined()
      expect(result.structuredContent).toEqual({ said: 'hi hi' })
      await pollUntil(async () =>
        strayLines.every((line) => stdio.stderr().includes(line)) ? true : undefined,
      )
      expect(stdio.errors).toEqual([])
    })

    it("asks the client's person and model from inside a tool, in this era's way", async () => {
      const result = await stdio.client.callTool({ name: 'Echo_ask', arguments: {} })
      expect(result.isError).toBeUndefined()
      expect(result.structuredContent).toEqual({ said: 'Ada: hello' })
    })

    it('answers input that fails validation as a tool error, as over HTTP', async () => {
      const call = { name: 'Echo_say', arguments: { times: 2 } }
      const result = await stdio.client.callTool(call)
      expect(result.isError).toBe(true)
      expect(result).toEqual(await overHttp.callTool(call))
      expect(JSON.stringify(result.content)).toContain('word')
    })
  },
)

describe('portico stdio', () => {
  it('serves the server --server names, with its tools only', async () => {
    const { client } = await connectStdio('legacy', ['--server', 'clock'])
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(['Clock_epoch'])
      const result = await client.callTool({ name: 'Clock_epoch', arguments: {} })
      expect(result.structuredContent).toEqual({ iso: '1970-01-01T00:00:00.000Z' })
    } finally {
      await client.close()
    }
  })

  it('writes nothing but JSON-RPC on stdout, and exits 0 once stdin closes', async () => {
    const child = spawn(process.execPath, [cliPath, 'stdio', pluginDir], {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    const exited = new Promise<number | null>((done) => child.once('exit', done))
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`)
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    })
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send({ jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'info' } })
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'Echo_say', arguments: { word: 'hi' } },
    })
    await pollUntil(async () => (stdout.includes('"id":3') ? true : undefined))
    child.stdin.end()
    expect(await exited).toBe(0)

    const messages = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(messages.every((message) => message.jsonrpc === '2.0')).toBe(true)
    // The answer to logging/setLevel and the call's log message may come in either order.
    expect(messages.map((message) => message.id ?? message.method).sort()).toEqual([
      1,
      2,
      3,
      'notifications/message',
    ])
    expect(messages.find((message) => message.method)?.params).toEqual({
      level: 'info',
      data: 'ctx.log from Echo.say',
    })
    expect(messages.at(-1)?.result).toMatchObject({ structuredContent: { said: 'hi' } })
    for (const line of strayLines) expect(stderr).toContain(line)
    expect(stderr).toContain('Serving the main MCP server of stdio-plugin over stdio: 3 tools')
  })

  it("launches the docs site's stdio config, the plugin's folder written in", async () => {
    const entry = stdioConfig('stdio-plugin', 'clock').mcpServers['stdio-plugin']
    expect(entry?.command).toBe('npx')
    const transport = new StdioClientTransport({
      command: entry?.command ?? '',
      args: entry?.args.map((arg) => (arg === PLUGIN_FOLDER_PLACEHOLDER ? pluginDir : arg)) ?? [],
      // As a client launches it: in a folder of its own, where no Portico is installed.
      cwd: tmpdir(),
      stderr: 'ignore',
    })
    const client = new Client({ name: 'portico-tests', version: '1.0.0' })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(['Clock_epoch'])
    } finally {
      await client.close()
    }
  })

  it("gives in the README the docs site's stdio config for the example", async () => {
    const readme = await readFile(resolve(import.meta.dirname, '../../../../README.md'), 'utf8')
    const block = /```json\n(\{\n {2}"mcpServers"[^`]*"command"[^`]*)```/.exec(readme)?.[1]
    const expected = JSON.stringify(stdioConfig('notes', 'main')).replaceAll(
      PLUGIN_FOLDER_PLACEHOLDER,
      '/path/to/notes',
    )
    expect(JSON.parse(block ?? '{}')).toEqual(JSON.parse(expected))
  })

  it('exits 0 on SIGTERM', async () => {
    const cli = runCli(['stdio', pluginDir])
    await cli.waitForOutput(/Serving the main MCP server/)
    expect(await cli.stop()).toBe(0)
  })

  it('refuses a plugin of an authenticated mode, naming the mode', async () => {
    const cli = runCli(['stdio', fixtureDir('auth-custom-plugin')])
    expect(await cli.exited()).toBe(1)
    expect(cli.output()).toContain(
      'portico stdio serves only a plugin in mode anon; this one is in mode custom, and stdio ' +
        'carries no token to check. Serve it over HTTP with "portico dev" or "portico start".',
    )
  })

  it('refuses a --server that mcp.servers does not name, listing those it does', async () => {
    const cli = runCli(['stdio', pluginDir, '--server', 'calendar'])
    expect(await cli.exited()).toBe(1)
    expect(cli.output()).toContain('--server calendar: no such MCP server; mcp.servers has clock')
  })
})
