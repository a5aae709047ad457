/**
 * Peer: the official MCP TypeScript SDK v2, `@modelcontextprotocol/server` 2.4.0.
 *
 * Setting: `createMcpHandler(factory, { responseMode: 'json' })`, with the default
 * `legacy: 'stateless'`. That is the SDK's production entry (its JSDoc and the "Serve on
 * web-standard runtimes" guide): one factory builds a fresh `McpServer` per request for both
 * eras, so there is no session. `responseMode: 'json'` is the documented option that answers
 * 2026-07-28 requests with a single JSON body instead of upgrading to SSE. It has no effect on
 * the 2025 leg: that stateless fallback is a streamable HTTP transport built with only
 * `sessionIdGenerator: undefined`, so it answers SSE.
 *
 * Mounting: the SDK's docs wrap the handler with `toNodeHandler` from `@modelcontextprotocol/node`
 * for plain Node. That package (2.1.2, not installed here) itself depends on `@hono/node-server`,
 * so `serve({ fetch })` mounts `handler.fetch` on the same bridge. The zod schemas are built
 * once, outside the per-request factory.
 */
import { serve } from '@hono/node-server'
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server'
import * as z from 'zod'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'

const inputSchema = z.object({ a: z.number(), b: z.number() })
const outputSchema = z.object({ sum: z.number() })

function createCalcServer(): McpServer {
  const server = new McpServer({ name: 'bench-sdk-v2', version: '1.0.0' })
  server.registerTool(
    'Calc_add',
    { description: 'Add two numbers.', inputSchema, outputSchema },
    async ({ a, b }) => {
      const output = { sum: a + b }
      return {
        content: [{ type: 'text', text: JSON.stringify(output) }],
        structuredContent: output,
      }
    },
  )
  return server
}

const handler = createMcpHandler(createCalcServer, { responseMode: 'json' })
const notFound = () => new Response(null, { status: 404 })

const server = serve(
  {
    fetch: (request) =>
      new URL(request.url).pathname === '/mcp' ? handler.fetch(request) : notFound(),
    port,
    hostname: host,
  },
  (info) => console.log(`READY ${info.port}`),
)

process.once('SIGTERM', () => {
  void handler.close()
  server.close(() => process.exit(0))
  if ('closeAllConnections' in server) server.closeAllConnections()
})
