import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPlugin } from '../../src/plugin/build-plugin.js'
import { loadBuiltPlugin } from '../../src/plugin/load-built-plugin.js'
import { createBundledFetchHandler } from '../../src/server/create-bundled-fetch-handler.js'
import { createFetchHandler } from '../../src/server/create-fetch-handler.js'
import { copyPlugin } from '../support/cli-process.js'
import { createBareModel } from '../support/example-model-fixture.js'
import { notesExampleDir } from '../support/serve-plugin.js'

// README's "Serve it from your own host" passes './my-plugin': a root folder given relative is
// resolved against process.cwd(), wherever one is accepted.
let copy: Awaited<ReturnType<typeof copyPlugin>>
let relativeDir: string

beforeAll(async () => {
  copy = await copyPlugin(notesExampleDir)
  await buildPlugin(copy.dir)
  relativeDir = relative(process.cwd(), copy.dir)
  expect(relativeDir.startsWith('/')).toBe(false)
})

afterAll(() => copy.remove())

const localRequest = (path: string) =>
  new Request(`http://127.0.0.1${path}`, { headers: { host: '127.0.0.1' } })

describe('a relative plugin folder', () => {
  it('serves tools and public files through createFetchHandler', async () => {
    const fetch = await createFetchHandler(relativeDir)
    const openApi = await fetch(localRequest('/open-api.json'))
    expect(openApi.status).toBe(200)
    const [file] = await readdir(join(copy.dir, 'public'))
    const served = await fetch(localRequest(`/${file}`))
    expect(served.status).toBe(200)
  })

  it('loads through loadBuiltPlugin, whose rootDir is then absolute', async () => {
    const plugin = await loadBuiltPlugin(relativeDir)
    expect(plugin.rootDir).toBe(copy.dir)
    expect(plugin.runtime.model.tools.length).toBeGreaterThan(0)
  })

  it('serves public files through createBundledFetchHandler', async () => {
    const fetch = createBundledFetchHandler(createBareModel(), new Map(), { rootDir: relativeDir })
    const [file] = await readdir(join(copy.dir, 'public'))
    expect((await fetch(localRequest(`/${file}`))).status).toBe(200)
  })
})
