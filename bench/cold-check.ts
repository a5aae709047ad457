import { resolve } from 'node:path'
import { measureColdStart } from './lib/measure-cold-start.js'
import { mcpLegacyCall } from './requests.js'

const cli = resolve(import.meta.dirname, '../packages/portico/bin/portico.js')
const dir = process.argv[2] ?? resolve(import.meta.dirname, 'plugins/calc')
console.log(
  await measureColdStart(
    (port) => [cli, 'start', dir, '--port', String(port)],
    process.argv[3] === 'list'
      ? { ...mcpLegacyCall, body: mcpLegacyCall.body?.replace('"tools/call"', '"tools/list"') }
      : mcpLegacyCall,
    5,
  ),
)
