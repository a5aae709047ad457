// Portico serving the catalog workload as `portico start` would. With BENCH_SHAPING=off, the
// runtime's invokeTool is replaced by a bare call of the method, so the same process measures
// what answering costs without the output shaping (and without input validation and timeout).
import { resolve } from 'node:path'
import { createApp, loadBuiltPlugin, type ToolRuntime } from 'portico/server'
import { createNodeRestEdge } from '../../packages/portico/src/server/create-node-rest-edge.js'
import { startNodeServer } from '../../packages/portico/src/server/start-node-server.js'
import { Catalog } from '../plugins/catalog/tools/catalog.js'

const rootDir = resolve(import.meta.dirname, '../plugins/catalog')
const host = process.env.HOST ?? '127.0.0.1'
const plugin = await loadBuiltPlugin(rootDir)
const catalog = new Catalog()
const runtime: ToolRuntime =
  process.env.BENCH_SHAPING === 'off'
    ? { ...plugin.runtime, invokeTool: () => catalog.items() }
    : plugin.runtime
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
