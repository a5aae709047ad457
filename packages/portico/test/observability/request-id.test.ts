import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logger } from '../../src/core/logger.js'
import { buildPlugin } from '../support/build-plugin.js'
import { type CliProcess, copyPlugin, freePort, pollUntil, runCli } from '../support/cli-process.js'
import { type McpEra, rawMcp } from '../support/raw-mcp.js'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

// `portico start` with tracing off, behind a trusted proxy (`server.trustProxy`): a failing
// call's problem document, its MCP result and its log line quote one request id, the proxy's
// `X-Request-Id` when it sent one, else one made for the request, over REST and MCP in both
// eras; a line the server writes for the request outside the tool (a result over
// `limits.resultBytes`) carries it too; a hostile `X-Request-Id` is replaced, never logged; no
// token or input reaches the log.

const TOKEN = 'secret-token-9d3e51'
const INPUT_MARK = 'input-mark-97531'
const PROXY_ID = 'proxy-id-8c2f4a71'

let plugin: Awaited<ReturnType<typeof copyPlugin>>
let cli: CliProcess
let baseUrl: string

beforeAll(async () => {
  plugin = await copyPlugin(resolve(import.meta.dirname, 'fixtures/traced-plugin'))
  await writeFile(
    join(plugin.dir, 'portico.config.ts'),
    "export default { title: 'Traced', server: { trustProxy: true }, limits: { eventLoopDelayMs: 0, resultBytes: 1024 } }\n",
  )
  await buildPlugin(plugin.dir)
  const port = await freePort()
  cli = runCli(['start', plugin.dir], { PORT: String(port), HOST: '127.0.0.1' })
  await cli.waitForOutput(/Ready in \d+ ms/)
  baseUrl = `http://127.0.0.1:${port}`
}, 120_000)

afterAll(async () => {
  await cli?.stop()
  await plugin?.remove()
})

function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${TOKEN}`,
      ...headers,
    },
    body: JSON.stringify(body),
  })
}

/** The JSON log line whose message starts so and whose requestId is `id`, once written. */
function loggedLine(message: string, id: string): Promise<Record<string, unknown>> {
  return pollUntil(async () =>
    cli
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => String(line.message).startsWith(message) && line.requestId === id),
  )
}

describe('one request id through the answer and the log, tracing off', () => {
  it('takes a trusted proxy`s X-Request-Id for a failing REST call', async () => {
    const answer = await call('/api/Relay/fail', { text: INPUT_MARK }, { 'x-request-id': PROXY_ID })
    expect(answer.status).toBe(500)
    expect(await answer.json()).toMatchObject({ status: 500, requestId: PROXY_ID })
    const line = await loggedLine('Relay_fail failed', PROXY_ID)
    expect(line.level).toBe('error')
  })

  it('makes an id when no proxy sent one, and quotes it in the problem and the log', async () => {
    const answer = await call('/api/Relay/fail', { text: INPUT_MARK })
    const problem = (await answer.json()) as { requestId?: string }
    expect(problem.requestId).toMatch(/^[0-9a-f]{32}$/)
    await loggedLine('Relay_fail failed', problem.requestId as string)
  })

  it('ignores an X-Request-Id that is no plain id', async () => {
    const answer = await call('/api/Relay/fail', { text: 'x' }, { 'x-request-id': 'a b<script>' })
    expect(((await answer.json()) as { requestId?: string }).requestId).toMatch(/^[0-9a-f]{32}$/)
  })

  it('leaves the id out of an answer that is the client`s own mistake', async () => {
    const refused = await call('/api/Relay/echo', { text: 5 }, { 'x-request-id': PROXY_ID })
    expect(refused.status).toBe(422)
    expect(await refused.json()).not.toHaveProperty('requestId')
  })

  it('quotes the id of a failed MCP tool call in its _meta and its log line', async () => {
    const answer = await call(
      '/mcp',
      {
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'Relay_fail', arguments: { text: INPUT_MARK } },
      },
      { 'mcp-protocol-version': '2025-11-25' },
    )
    const { result } = (await answer.json()) as {
      result: { isError: boolean; _meta?: Record<string, string> }
    }
    expect(result.isError).toBe(true)
    const id = result._meta?.['com.portico/requestId']
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    await loggedLine('Relay_fail failed', id as string)
  })

  for (const era of ['2025', '2026'] as McpEra[]) {
    it(`quotes a trusted proxy's X-Request-Id in a failed MCP call (${era})`, async () => {
      const id = `${PROXY_ID}-mcp-${era}`
      const mcp = rawMcp(baseUrl, {
        era,
        headers: { authorization: `Bearer ${TOKEN}`, 'x-request-id': id },
      })
      const answer = await mcp.request<{ isError: boolean; _meta?: Record<string, string> }>(
        'tools/call',
        { name: 'Relay_fail', arguments: { text: INPUT_MARK } },
      )
      expect(answer.result?.isError).toBe(true)
      expect(answer.result?._meta?.['com.portico/requestId']).toBe(id)
      expect((await loggedLine('Relay_fail failed', id)).level).toBe('error')
    })
  }

  it('carries the id on a line the server writes for the request, outside the tool', async () => {
    const id = `${PROXY_ID}-oversized`
    const answer = await call('/api/Relay/oversized', { text: INPUT_MARK }, { 'x-request-id': id })
    expect(answer.status).toBe(500)
    expect(await answer.json()).toMatchObject({ requestId: id })
    const line = await loggedLine('Relay_oversized failed', id)
    expect(line.error).toMatchObject({ message: expect.stringContaining('limits.resultBytes') })
    const mcp = rawMcp(baseUrl, { era: '2026', headers: { 'x-request-id': `${id}-mcp` } })
    const failed = await mcp.request<{ _meta?: Record<string, string> }>('tools/call', {
      name: 'Relay_oversized',
      arguments: { text: 'x' },
    })
    expect(failed.result?._meta?.['com.portico/requestId']).toBe(`${id}-mcp`)
    await loggedLine('Relay_oversized failed', `${id}-mcp`)
  })

  it('replaces a hostile X-Request-Id, and never writes it to the log', async () => {
    const hostile = [`${'a'.repeat(129)}`, 'id"},"level":"fake', 'tab\there']
    for (const value of hostile) {
      const answer = await call('/api/Relay/fail', { text: 'x' }, { 'x-request-id': value })
      const { requestId } = (await answer.json()) as { requestId?: string }
      expect(requestId).toMatch(/^[0-9a-f]{32}$/)
      await loggedLine('Relay_fail failed', requestId as string)
      const mcp = rawMcp(baseUrl, { era: '2025', headers: { 'x-request-id': value } })
      const failed = await mcp.request<{ _meta?: Record<string, string> }>('tools/call', {
        name: 'Relay_fail',
        arguments: { text: 'x' },
      })
      expect(failed.result?._meta?.['com.portico/requestId']).toMatch(/^[0-9a-f]{32}$/)
    }
    for (const value of hostile) expect(cli.output()).not.toContain(value)
  })

  it('writes no token or input to the log', () => {
    expect(cli.output()).toContain('Relay_fail failed')
    expect(cli.output()).not.toContain(TOKEN)
    expect(cli.output()).not.toContain(INPUT_MARK)
  })
})

// A warning a request causes, in process: a tool's ctx.resourceUpdated whose change bus fails
// (Redis down, as a replica would meet it) is logged with the request's id, though the call
// succeeds.
describe('a warning a request causes', () => {
  let served: ServedPlugin
  const warned: unknown[][] = []
  const reporter = {
    log: (entry: { type: string; args: unknown[] }) => {
      if (entry.type === 'warn') warned.push(entry.args)
    },
  }

  beforeAll(async () => {
    logger.addReporter(reporter)
    served = await servePlugin(fixtureDir('tasks-plugin'), {
      mcp: {
        notificationBus: {
          publish: () => Promise.reject(new Error('the change bus is down')),
          subscribe: () => () => {},
        },
      },
    })
  }, 60_000)

  afterAll(async () => {
    logger.removeReporter(reporter)
    await served?.close()
  })

  it('carries the id of the request whose tool could not publish its change', async () => {
    const answer = await fetch(`${served.url}/api/Board/write`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'n1', text: 'hello' }),
    })
    expect(answer.status).toBe(200)
    const line = warned.find((args) => String(args[0]).includes('could not tell subscribers'))
    expect(line?.[1]).toEqual({ requestId: expect.stringMatching(/^[0-9a-f]{32}$/) })
  })
})
