// Serves a built bench plugin exactly as `portico start` does (the Fetch app behind the
// node:http REST edge), prints READY <port> for the runner and stops on SIGTERM.
import { createApp, loadBuiltPlugin, type ToolRuntime } from 'portico/server'
import { createNodeRestEdge } from '../../packages/portico/src/server/create-node-rest-edge.js'
import { startNodeServer } from '../../packages/portico/src/server/start-node-server.js'

/** Serves the plugin built in `rootDir`; `adapt` may swap parts of its runtime for a variant. */
export async function serveBuiltPlugin(
  rootDir: string,
  adapt: (runtime: ToolRuntime) => ToolRuntime = (runtime) => runtime,
): Promise<void> {
  const host = process.env.HOST ?? '127.0.0.1'
  const runtime = adapt((await loadBuiltPlugin(rootDir)).runtime)
  const app = createApp(runtime, { rootDir, dev: false, listenHost: host })
  const edge = createNodeRestEdge(runtime, { dev: false })
  const server = await startNodeServer({
    fetch: app.fetch,
    edge,
    port: Number(process.env.PORT),
    host,
  })
  console.log(`READY ${server.port}`)
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
}
