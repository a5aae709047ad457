/**
 * Peer: tmcp 1.20.0 with `@tmcp/transport-http` 0.9.0 and `@tmcp/adapter-zod` 0.1.7.
 *
 * Setting: `new HttpTransport(server, { path: '/mcp' })`, answered through `transport.respond`
 * (transport README § "Basic Setup"; `path` set explicitly as its note asks). There is no
 * stateless switch and no JSON option: 2026-07-28 requests are served per request with no
 * session ("Per-Request Protocol"), 2025-era requests go through the session path, which mints
 * a session id when none is sent, and every answer is SSE (README § "POST - Message Processing").
 * The README mounts `respond` on `node:http` with `@remix-run/node-fetch-server`; that package is
 * not installed, so `@hono/node-server` does the same Request/Response bridging.
 * `tool.structured` (README § "Return helpers") returns the text block plus `structuredContent`.
 */
import { serve } from '@hono/node-server'
import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod'
import { HttpTransport } from '@tmcp/transport-http'
import { McpServer } from 'tmcp'
import { tool } from 'tmcp/utils'
import * as z from 'zod'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'

const server = new McpServer(
  { name: 'bench-tmcp', version: '1.0.0', description: 'Portico bench peer' },
  { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: { listChanged: true } } },
)

server.tool(
  {
    name: 'Calc_add',
    description: 'Add two numbers.',
    schema: z.object({ a: z.number(), b: z.number() }),
    outputSchema: z.object({ sum: z.number() }),
  },
  ({ a, b }) => tool.structured({ sum: a + b }),
)

const transport = new HttpTransport(server, { path: '/mcp' })

const httpServer = serve(
  {
    fetch: async (request) =>
      (await transport.respond(request)) ?? new Response(null, { status: 404 }),
    port,
    hostname: host,
  },
  (info) => console.log(`READY ${info.port}`),
)

process.once('SIGTERM', () => {
  void transport.close()
  httpServer.close(() => process.exit(0))
  if ('closeAllConnections' in httpServer) httpServer.closeAllConnections()
})
