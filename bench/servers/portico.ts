// Portico in production mode, exactly as `portico start` serves a built plugin: the model and
// compiled tools from .portico/ (built by the runner first), no TypeScript compiler, JSON
// answers, stateless MCP for both protocol eras.
import { resolve } from 'node:path'
import { createApp, loadBuiltPlugin } from 'portico/server'
import { createNodeRestEdge } from '../../packages/portico/src/server/create-node-rest-edge.js'
import { startNodeServer } from '../../packages/portico/src/server/start-node-server.js'

const rootDir = resolve(import.meta.dirname, '../plugins/calc')
const host = process.env.HOST ?? '127.0.0.1'
const plugin = await loadBuiltPlugin(rootDir)
const app = createApp(plugin.runtime, { rootDir, dev: false, listenHost: host })
const edge = createNodeRestEdge(plugin.runtime, { dev: false })
const server = await startNodeServer({
  fetch: app.fetch,
  edge,
  port: Number(process.env.PORT),
  host,
})
console.log(`READY ${server.port}`)
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
