import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERA_VERSION, initializeBody } from '../support/raw-mcp.js'
import { type RawAnswer, rawRequest } from '../support/raw-request.js'
import { type ServedPlugin, servePlugin } from '../support/serve-plugin.js'
import { useTempPlugins } from '../support/temp-plugins.js'

// limits.mcpSessionsPerClient: one client fills its share of the stateful sessions, not the
// whole of limits.mcpSessions, and the others still open theirs.

const plugins = useTempPlugins('per-client')
const pluginWith = (config: string) =>
  plugins.plugin({
    'package.json': '{ "name": "per-client", "version": "1.0.0", "type": "module" }\n',
    'portico.config.ts': `export default ${config}\n`,
    'tools/echo.ts':
      '/** Echo. */\nexport class Echo {\n  /** Says it. */\n  async say(input: { text: string }): Promise<{ text: string }> {\n    return input\n  }\n}\n',
  })

const LIMITS = 'limits: { mcpSessions: 10, mcpSessionsPerClient: 3, mcpSessionIdleMs: 60_000 }'
let direct: ServedPlugin
let proxied: ServedPlugin

beforeAll(async () => {
  const [directDir, proxiedDir] = await Promise.all([
    pluginWith(`{ mcp: { sessions: 'stateful' }, ${LIMITS} }`),
    pluginWith(`{ mcp: { sessions: 'stateful' }, server: { trustProxy: true }, ${LIMITS} }`),
  ])
  ;[direct, proxied] = await Promise.all([servePlugin(directDir), servePlugin(proxiedDir)])
})
afterAll(() => Promise.all([direct?.close(), proxied?.close()]))

/** `initialize` from a loopback address, with extra headers (an `X-Forwarded-For`). */
function initialize(
  url: string,
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  return rawRequest(url, {
    method: 'POST',
    path: '/mcp',
    localAddress,
    headers: {
      host: new URL(url).host,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': ERA_VERSION['2025'],
      ...headers,
    },
    body: JSON.stringify(initializeBody()),
  })
}

function expectRefusal(answer: RawAnswer): void {
  expect(answer.status, answer.body).toBe(429)
  const retryAfter = Number(answer.headers['retry-after'])
  // The client's own oldest unused session expires in a minute: not before, not much after.
  expect(retryAfter).toBeGreaterThanOrEqual(55)
  expect(retryAfter).toBeLessThanOrEqual(76)
  expect(JSON.parse(answer.body)).toMatchObject({
    jsonrpc: '2.0',
    error: { code: -32000, message: expect.stringMatching(/this client has 3 sessions open/) },
  })
}

describe('limits.mcpSessionsPerClient', () => {
  it('refuses a client its fourth session with 429, and serves another client', async () => {
    for (let i = 0; i < 3; i += 1) {
      const answer = await initialize(direct.url, '127.0.0.1')
      expect(answer.status, answer.body).toBe(200)
      expect(answer.headers['mcp-session-id']).toBeDefined()
    }
    expectRefusal(await initialize(direct.url, '127.0.0.1'))
    const other = await initialize(direct.url, '127.0.0.2')
    expect(other.status, other.body).toBe(200)
  })

  it('counts by the nearest proxy’s X-Forwarded-For entry behind trustProxy', async () => {
    // One proxy connection (127.0.0.1) for every client: the forwarded address tells them apart,
    // and an entry the client put in front of the proxy's changes nothing.
    for (let i = 0; i < 3; i += 1) {
      const forwarded = { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` }
      const answer = await initialize(proxied.url, '127.0.0.1', forwarded)
      expect(answer.status, answer.body).toBe(200)
    }
    expectRefusal(await initialize(proxied.url, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }))
    const other = await initialize(proxied.url, '127.0.0.1', { 'x-forwarded-for': '203.0.113.8' })
    expect(other.status, other.body).toBe(200)
  })
})
