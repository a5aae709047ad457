/**
 * Peer: xmcp 1.1.3, built by its compiler `@xmcp-dev/compiler` 1.1.3 (rspack) from the project in
 * `./xmcp/` (file routing: `src/tools/calc-add.ts`), run as its self-hosting guide says:
 * `node dist/http.js`.
 *
 * Setting: the standalone HTTP transport with its defaults (`xmcp.config.ts`: host 127.0.0.1,
 * endpoint /mcp, CORS `*`, debug off in a production build). It is stateless by construction: a
 * fresh server per request through the SDK v2's `createMcpHandler` with `legacy: 'stateless'`,
 * bundled into dist/http.js; it sets no response mode, so 2026-07-28 calls answer JSON and the
 * 2025 fallback answers SSE. `bench/lib/compile-servers.ts` runs the build, with its telemetry
 * off (`XMCP_TELEMETRY_DISABLED`).
 *
 * xmcp compiles the port into the build (3001, its default) and takes the next free one if that
 * is busy, printing the one it bound; PORT is not read. This file turns that line into the
 * `READY <port>` the runner waits for, and the runner talks to the port announced.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

// From bench/servers/ under tsx and from bench/.build/ compiled: both sit next to servers/.
const builtServer = resolve(import.meta.dirname, '../servers/xmcp/dist/http.js')

const log = console.log
console.log = (...args: unknown[]) => {
  const bound = /MCP Server running on http:\/\/[^/]+:(\d+)\//.exec(String(args[0]))
  if (!bound) return log(...args)
  console.log = log
  log(`READY ${bound[1]}`)
}

await import(pathToFileURL(builtServer).href)
