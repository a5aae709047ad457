import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { copyPlugin } from './cli-process.js'
import { fixtureDir, notesExampleDir } from './serve-plugin.js'

/** The example's portico.config.ts for a login through a Portico hub. */
export const HUB_LOGIN_CONFIG = `export default { title: 'Notes', auth: 'portico-hub', deploy: { org: 'acme', app: 'notes' } }\n`

/**
 * A scratch copy of the notes example with `config` as its portico.config.ts and the fixtures'
 * `Me` tool (`Me_whoami`, which answers who called): what the login suites log in to.
 */
export async function copyLoginExample(
  config: string = HUB_LOGIN_CONFIG,
): Promise<Awaited<ReturnType<typeof copyPlugin>>> {
  const copy = await copyPlugin(notesExampleDir)
  await writeFile(join(copy.dir, 'portico.config.ts'), config)
  const me = await readFile(join(fixtureDir('auth-hub-plugin'), 'tools/me.ts'), 'utf8')
  await writeFile(join(copy.dir, 'tools/me.ts'), me)
  return copy
}
