// Portico in production mode, exactly as `portico start` serves a built plugin: the model and
// compiled tools from .portico/ (built by the runner first), no TypeScript compiler, JSON
// answers, stateless MCP for both protocol eras.
import { resolve } from 'node:path'
import { serveBuiltPlugin } from '../lib/serve-built-plugin.js'

await serveBuiltPlugin(resolve(import.meta.dirname, '../plugins/calc'))
