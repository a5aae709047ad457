// Portico as `portico start` serves a built plugin with `server: { isolateTools: true }`: the
// runner builds that copy of the calc plugin and names it in BENCH_PLUGIN_DIR; every tool call
// runs in a worker thread of the Piscina pool.
import { serveBuiltPlugin } from '../lib/serve-built-plugin.js'

const pluginDir = process.env.BENCH_PLUGIN_DIR
if (!pluginDir) throw new Error('BENCH_PLUGIN_DIR names the built plugin to serve')
await serveBuiltPlugin(pluginDir)
