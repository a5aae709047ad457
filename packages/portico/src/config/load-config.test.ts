import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { configDefaults } from './config-defaults.js'
import { loadConfig } from './load-config.js'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portico-config-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('loadConfig', () => {
  it('loads a TypeScript config that imports another TypeScript file', async () => {
    await writeFile(join(dir, 'limits.ts'), 'export const timeout: number = 1_500\n')
    await writeFile(
      join(dir, 'portico.config.ts'),
      "import { timeout } from './limits.ts'\ninterface C { title: string }\nconst c: C = { title: 'Typed' }\nexport default { ...c, limits: { toolTimeoutMs: timeout } }\n",
    )
    const { config, identity } = await loadConfig(dir)
    expect(identity.title).toBe('Typed')
    // The imported value over the defaults, which config-defaults.ts holds (generated, and held
    // to config-types.ts by generated-config-files.test.ts).
    expect(config.limits).toEqual({ ...configDefaults.limits, toolTimeoutMs: 1_500 })
  })

  it('defaults every key and takes identity from package.json', async () => {
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({
        name: '@acme/weather-tools',
        version: '2.1.0',
        description: 'Forecasts.',
        author: { name: 'Ada', email: 'ada@example.com' },
        license: 'Apache-2.0',
        keywords: ['weather'],
      }),
    )
    const { config, identity } = await loadConfig(dir)
    expect(identity).toEqual({
      name: '@acme/weather-tools',
      version: '2.1.0',
      title: 'Weather Tools',
      description: 'Forecasts.',
      author: 'Ada <ada@example.com>',
      license: 'Apache-2.0',
      keywords: ['weather'],
    })
    expect(config).toEqual({
      auth: 'anon',
      mcp: { servers: {}, external: {}, sessions: 'stateless' },
      prompts: [],
      // The package name without its scope.
      resources: { scheme: 'weather-tools' },
      style: { color: '#0f766e', icons: [] },
      limits: configDefaults.limits,
      server: configDefaults.server,
    })
  })

  it('carries the config prompts into the resolved config', async () => {
    await writeFile(
      join(dir, 'portico.config.ts'),
      "export default { prompts: [{ name: 'hello', template: 'Say hello.' }] }\n",
    )
    const { config } = await loadConfig(dir)
    expect(config.prompts).toEqual([{ name: 'hello', template: 'Say hello.' }])
  })

  it('lets the config override package.json', async () => {
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'pkg', version: '1.0.0' }))
    await writeFile(
      join(dir, 'portico.config.ts'),
      "export default { name: 'cfg', version: '9.9.9' }\n",
    )
    const { identity } = await loadConfig(dir)
    expect(identity).toMatchObject({ name: 'cfg', version: '9.9.9', title: 'Cfg' })
  })

  it('reports a syntax error in the config with the file name', async () => {
    await writeFile(join(dir, 'portico.config.ts'), 'export default { title: \n')
    await expect(loadConfig(dir)).rejects.toThrow(/^portico\.config\.ts: cannot load the config: /)
  })

  it('reports a config without a default export', async () => {
    await writeFile(join(dir, 'portico.config.ts'), "export const config = { title: 'x' }\n")
    await expect(loadConfig(dir)).rejects.toThrow(
      'portico.config.ts: no default export; write: export default defineConfig({ ... })',
    )
  })

  it('reports a wrong value before anything starts', async () => {
    await writeFile(join(dir, 'portico.config.ts'), "export default { auth: 'open' }\n")
    await expect(loadConfig(dir)).rejects.toThrow(
      'portico.config.ts (key "auth"): must be one of "anon", "portico-hub", "custom"',
    )
  })

  it('reports a package.json that is not JSON', async () => {
    await writeFile(join(dir, 'package.json'), '{ name: nope }')
    await expect(loadConfig(dir)).rejects.toThrow(/^package\.json: is not valid JSON/)
  })
})
