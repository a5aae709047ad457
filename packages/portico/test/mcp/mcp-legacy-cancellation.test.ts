import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureDir, type ServedPlugin, servePlugin } from '../support/serve-plugin.js'

let server: ServedPlugin

beforeAll(async () => {
  server = await servePlugin(fixtureDir('context-plugin'))
})
afterAll(() => server?.close())

/** The SDK v1 client, where the external tools' cache holds it (`test/support/external-tools.ts`). */
const v1Entry = resolve(
  import.meta.dirname,
  '../../../../node_modules/.cache/portico-test-tools/node_modules/@modelcontextprotocol/sdk/dist/esm',
)

/** A call the client can abort, and a way to ask the plugin why `Talk_wait` stopped. */
interface CancellingClient {
  callWait(signal: AbortSignal): Promise<unknown>
  lastAbort(): Promise<{ aborted: boolean; reason?: string }>
  close(): Promise<void>
}

async function connectV2(url: string): Promise<CancellingClient> {
  const client = new Client(
    { name: 'portico-tests', version: '1.0.0' },
    { versionNegotiation: { mode: 'legacy' } },
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
  return {
    callWait: (signal) => client.callTool({ name: 'Talk_wait', arguments: {} }, { signal }),
    lastAbort: async () =>
      (await client.callTool({ name: 'Talk_lastAbort', arguments: {} })).structuredContent as never,
    close: () => client.close(),
  }
}

async function connectV1(url: string): Promise<CancellingClient> {
  const { Client: V1Client } = await import(`${v1Entry}/client/index.js`)
  const { StreamableHTTPClientTransport: V1Transport } = await import(
    `${v1Entry}/client/streamableHttp.js`
  )
  const client = new V1Client({ name: 'portico-tests-v1', version: '1.0.0' })
  await client.connect(new V1Transport(new URL(`${url}/mcp`)))
  return {
    callWait: (signal) =>
      client.callTool({ name: 'Talk_wait', arguments: {} }, undefined, { signal }),
    lastAbort: async () =>
      (await client.callTool({ name: 'Talk_lastAbort', arguments: {} })).structuredContent,
    close: () => client.close(),
  }
}

const clients = [
  { name: 'SDK v2', connect: connectV2, present: true },
  { name: 'SDK v1', connect: connectV1, present: existsSync(v1Entry) },
]

describe.each(clients)(
  'a stateless 2025 call cancelled by the $name client',
  ({ connect, present }) => {
    it.skipIf(!present)(
      "aborts the tool's signal with the client's reason while it stays connected",
      async () => {
        const client = await connect(server.url)
        try {
          const controller = new AbortController()
          const call = client.callWait(controller.signal)
          // Long enough for the call to start, well short of the tool's 5 s limit.
          setTimeout(() => controller.abort(new Error('changed my mind')), 300)
          await expect(call).rejects.toThrow()
          let last: { aborted: boolean; reason?: string } = { aborted: false }
          for (let attempt = 0; attempt < 40 && !last.aborted; attempt++) {
            await new Promise((done) => setTimeout(done, 25))
            last = await client.lastAbort()
          }
          expect(last).toEqual({
            aborted: true,
            reason: expect.stringContaining('changed my mind'),
          })
        } finally {
          await client.close()
        }
      },
    )
  },
)
