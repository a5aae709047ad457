/**
 * Peer: FastMCP (punkpeye) 4.20.16, built on `@modelcontextprotocol/sdk` v1.
 *
 * Setting: `start({ transportType: 'httpStream', httpStream: { port, host, endpoint: '/mcp',
 * stateless: true, enableJsonResponse: true } })`. README § "Stateless Mode" documents
 * `stateless: true` for load-balanced deployments ("each request creates a temporary session
 * that's discarded after the response"); `enableJsonResponse` is the typed `httpStream` option
 * that "buffers a single JSON reply instead of streaming" (README § `streamKeepalive`).
 * FastMCP speaks only the 2025 handshake revisions (README, first note): 2026-07-28 is not served.
 * The logger keeps stdout for the `READY` line; warnings and errors still go to stderr.
 */
import { FastMCP, type Logger } from 'fastmcp'
import * as z from 'zod'

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'

const ignore = () => {}
const logger: Logger = {
  debug: ignore,
  info: ignore,
  log: ignore,
  warn: (...args) => console.error(...args),
  error: (...args) => console.error(...args),
}

const server = new FastMCP({ name: 'bench-fastmcp', version: '1.0.0', logger })

server.addTool({
  name: 'Calc_add',
  description: 'Add two numbers.',
  parameters: z.object({ a: z.number(), b: z.number() }),
  outputSchema: z.object({ sum: z.number() }),
  execute: async ({ a, b }) => ({ sum: a + b }),
})

await server.start({
  transportType: 'httpStream',
  httpStream: { port, host, endpoint: '/mcp', stateless: true, enableJsonResponse: true },
})
console.log(`READY ${port}`)

process.once('SIGTERM', () => {
  void server.stop().then(() => process.exit(0))
})
