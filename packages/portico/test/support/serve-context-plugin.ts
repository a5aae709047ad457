import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fixtureDir, type ServedPlugin, servePlugin } from './serve-plugin.js'
import type { TempPlugins } from './temp-plugins.js'

/**
 * Serves test/fixtures/context-plugin twice: as it is (stateless) and as a copy with 2025
 * sessions (`mcp.sessions: 'stateful'`), made in `plugins`.
 */
export async function serveContextPlugin(
  plugins: TempPlugins,
): Promise<{ stateless: ServedPlugin; stateful: ServedPlugin }> {
  const fixture = fixtureDir('context-plugin')
  const read = (file: string) => readFile(join(fixture, file), 'utf8')
  const statefulDir = await plugins.plugin(
    {
      'package.json': await read('package.json'),
      'portico.config.ts': (await read('portico.config.ts')).replace(
        "title: 'Talk',",
        "title: 'Talk', mcp: { sessions: 'stateful' },",
      ),
      'tools/talk.ts': await read('tools/talk.ts'),
      'prompts/brief.md': await read('prompts/brief.md'),
    },
    // The copy imports `portico` as the fixture does, from this repository.
    { 'node_modules/portico': resolve(import.meta.dirname, '../..') },
  )
  const [stateless, stateful] = await Promise.all([servePlugin(fixture), servePlugin(statefulDir)])
  return { stateless, stateful }
}
