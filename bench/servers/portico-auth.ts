// Portico as `portico start` serves a built plugin in mode custom: the runner builds a copy of
// the calc plugin with `auth: 'custom'` and names it in BENCH_PLUGIN_DIR; issuer, audience and
// keys come from OAUTH_*, so every call's RS256 token is verified.
import { serveBuiltPlugin } from '../lib/serve-built-plugin.js'

const pluginDir = process.env.BENCH_PLUGIN_DIR
if (!pluginDir) throw new Error('BENCH_PLUGIN_DIR names the built plugin to serve')
await serveBuiltPlugin(pluginDir)
