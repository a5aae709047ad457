/**
 * Peer: mcp-use 2.5.2 (its server, `MCPServer`), built on the official SDK v2's
 * `createMcpHandler`.
 *
 * Setting: `new MCPServer({ ..., logging: { enabled: false } })` served by `server.listen(port,
 * { host })`, which is what `mcp-use start` runs for a built entry (its CLI's start command). The
 * server is stateless by default: a fresh SDK `McpServer` per request, and the default
 * `legacy: 'stateless'` serves 2025-era requests on a session-less transport (`config.d.ts`).
 * There is no JSON-answer option: 2026-07-28 calls answer JSON, the 2025 fallback answers SSE.
 * Request logging (one line per request at `info`, on by default) is turned off with its
 * documented `logging.enabled: false`, and the anonymous usage telemetry (a POST to PostHog per
 * sampled operation) with its documented `MCP_USE_ANONYMIZED_TELEMETRY=false`: a production
 * server behind its own logging, and no traffic leaving the machine during the measurement.
 */
import { MCPServer } from 'mcp-use'
import * as z from 'zod'

process.env.MCP_USE_ANONYMIZED_TELEMETRY = 'false'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'

const server = new MCPServer({
  name: 'bench-mcp-use',
  version: '1.0.0',
  logging: { enabled: false },
})

server.tool(
  {
    name: 'Calc_add',
    description: 'Add two numbers.',
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    outputSchema: z.object({ sum: z.number() }),
  },
  async ({ a, b }) => {
    const output = { sum: a + b }
    return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output }
  },
)

const listening = await server.listen(port, { host })
console.log(`READY ${listening.port}`)

process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0))
})
