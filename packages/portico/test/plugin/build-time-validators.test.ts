import { execFile } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { JsonSchema } from '../../src/core/json-schema.js'
import { logger } from '../../src/core/logger.js'
import { createSchemaCompiler } from '../../src/invoke/compile-validator.js'
import type { PrecompiledValidators } from '../../src/invoke/precompiled-validators.js'
import type { PluginModel } from '../../src/model/plugin-model.js'
import { buildPlugin } from '../../src/plugin/build-plugin.js'
import { loadBuiltPlugin } from '../../src/plugin/load-built-plugin.js'
import { readValidatorsFile } from '../../src/plugin/read-validators-file.js'
import { cliPath, copyPlugin } from '../support/cli-process.js'
import { fixtureDir, notesExampleDir } from '../support/serve-plugin.js'

const exec = promisify(execFile)

/** Generated values per schema and purpose: bounded, the suite stays well under a second. */
const RUNS = 150

type Copy = Awaited<ReturnType<typeof copyPlugin>>
const copies: Copy[] = []

async function builtCopy(source: string): Promise<{ dir: string; model: PluginModel }> {
  const copy = await copyPlugin(source)
  copies.push(copy)
  return { dir: copy.dir, model: await buildPlugin(copy.dir) }
}

afterAll(() => Promise.all(copies.map((copy) => copy.remove())))

/** Every schema the runtime compiles, with its purpose (inputs fill in defaults). */
function schemasOf(
  model: PluginModel,
): { name: string; schema: JsonSchema; useDefaults: boolean }[] {
  return [
    ...model.tools.flatMap((tool) => [
      { name: `${tool.id} input`, schema: tool.inputSchema, useDefaults: true },
      ...(tool.resultKind === 'content'
        ? []
        : [{ name: `${tool.id} output`, schema: tool.outputSchema, useDefaults: false }]),
    ]),
    ...model.resourceTemplates.map((template) => ({
      name: `${template.id} input`,
      schema: template.inputSchema,
      useDefaults: true,
    })),
  ]
}

/** Property names and `const`/`enum` values found in a schema: the values fast-check mixes. */
function vocabulary(schema: unknown, names = new Set<string>(), values: unknown[] = []) {
  if (Array.isArray(schema)) for (const item of schema) vocabulary(item, names, values)
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && typeof value === 'object' && value !== null)
        for (const name of Object.keys(value)) names.add(name)
      if (key === 'const') values.push(value)
      if (key === 'enum' && Array.isArray(value)) values.push(...value)
      vocabulary(value, names, values)
    }
  }
  return { names: [...names], values }
}

/** Values shaped like the schema's: its property names, its constants, and anything else. */
function valuesFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const { names, values } = vocabulary(schema)
  const leaf = fc.oneof(
    fc.jsonValue({ maxDepth: 1 }),
    ...(values.length > 0 ? [fc.constantFrom(...values)] : []),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.constantFrom('2024-01-02', '2024-01-02T03:04:05Z', 'a@b.co', 'https://x.test/'),
  )
  if (names.length === 0) return leaf
  const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.dictionary(fc.constantFrom(...names), tie('tree'), { maxKeys: names.length }),
      fc.array(tie('tree'), { maxLength: 3 }),
    ),
  }))
  return tree
}

describe('validators compiled by portico build', () => {
  let shapes: { dir: string; model: PluginModel }
  let notes: { dir: string; model: PluginModel }
  let ledger: { dir: string; model: PluginModel }
  beforeAll(async () => {
    ;[shapes, notes, ledger] = await Promise.all([
      builtCopy(fixtureDir('shapes-plugin')),
      builtCopy(notesExampleDir),
      builtCopy(fixtureDir('ledger-plugin')),
    ])
  })

  it('give the verdicts, messages and filled-in defaults of the runtime-compiled ones', async () => {
    for (const plugin of [shapes, notes, ledger]) {
      const precompiled = (await readValidatorsFile(join(plugin.dir, '.portico'))) as
        | PrecompiledValidators
        | undefined
      expect(precompiled).toBeDefined()
      for (const { name, schema, useDefaults } of schemasOf(plugin.model)) {
        expect(precompiled?.find(schema, useDefaults), name).toBeDefined()
        const built = createSchemaCompiler({ useDefaults, precompiled })(schema)
        const compiled = createSchemaCompiler({ useDefaults })(schema)
        fc.assert(
          fc.property(valuesFor(schema), (value) => {
            const [a, b] = [structuredClone(value), structuredClone(value)]
            expect(built(a), name).toEqual(compiled(b))
            expect(a, name).toEqual(b)
          }),
          { numRuns: RUNS },
        )
      }
    }
  })

  it('check @multipleOf 0.01 on the decimals, as the runtime-compiled ones do', async () => {
    const precompiled = await readValidatorsFile(join(ledger.dir, '.portico'))
    const price = ledger.model.tools.find((tool) => tool.id === 'Ledger_price')
    if (!price || !precompiled) throw new Error('no Ledger_price or no validators')
    expect(precompiled.find(price.inputSchema, true)).toBeDefined()
    const built = createSchemaCompiler({ useDefaults: true, precompiled })(price.inputSchema)
    for (const amount of [19.99, 0.07, 4.35]) {
      expect(built({ line: { price: amount, quantity: 1 } }), String(amount)).toEqual([])
    }
    expect(built({ line: { price: 4.351, quantity: 1 } })).toEqual([
      { path: '/line/price', message: 'must be multiple of 0.01' },
    ])
  })

  it('load no module of Ajv or ajv-formats before the first answer of portico start', async () => {
    // A fresh process: this one has loaded Ajv for the comparisons above.
    const script = `
      import { createRequire } from 'node:module'
      const { loadBuiltPlugin } = await import(${JSON.stringify(join(cliPath, '../../dist/server/index.js'))})
      const plugin = await loadBuiltPlugin(${JSON.stringify(shapes.dir)})
      const result = await plugin.runtime.invokeTool('Geometry_area', {
        shape: { kind: 'circle', center: { x: 0, y: 0 }, radius: 1 },
      })
      const ajv = Object.keys(createRequire(import.meta.url).cache).filter((path) => /node_modules\\/ajv(-formats)?\\/.*\\.js$/.test(path))
      console.log(JSON.stringify({ result, ajv }))
    `
    const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script])
    expect(JSON.parse(stdout)).toEqual({ result: { area: 3.14 }, ajv: [] })
  })
})

describe('a built plugin without usable validators', () => {
  it('compiles them at run time when the file is missing (a build by an older Portico)', async () => {
    const { dir } = await builtCopy(fixtureDir('shapes-plugin'))
    await rm(join(dir, '.portico/validators.mjs'))
    expect(await readValidatorsFile(join(dir, '.portico'))).toBeUndefined()
    const plugin = await loadBuiltPlugin(dir)
    await expect(
      plugin.runtime.invokeTool('Geometry_area', { shape: { kind: 'square' } }),
    ).rejects.toMatchObject({
      kind: 'validation',
    })
  })

  it('compiles a schema changed since the build instead of using its stale validator', async () => {
    const { dir } = await builtCopy(fixtureDir('shapes-plugin'))
    const modelPath = join(dir, '.portico/model.json')
    const model = JSON.parse(await readFile(modelPath, 'utf8')) as PluginModel
    const area = model.tools.find((tool) => tool.id === 'Geometry_area')
    if (!area) throw new Error('no Geometry_area')
    area.inputSchema = { ...area.inputSchema, required: ['shape', 'precision'] }
    await writeFile(modelPath, JSON.stringify(model))
    const precompiled = await readValidatorsFile(join(dir, '.portico'))
    expect(precompiled?.find(area.inputSchema, true)).toBeUndefined()
    const plugin = await loadBuiltPlugin(dir)
    await expect(
      plugin.runtime.invokeTool('Geometry_area', {
        shape: { kind: 'circle', center: { x: 0, y: 0 }, radius: 1 },
      }),
    ).rejects.toMatchObject({ details: [{ path: '/precision', message: 'is required' }] })
  })

  it('warns and compiles at run time when another Ajv or format wrote the file', async () => {
    const { dir } = await builtCopy(fixtureDir('shapes-plugin'))
    const path = join(dir, '.portico/validators.mjs')
    await writeFile(
      path,
      (await readFile(path, 'utf8')).replace(
        /export const ajv = ".*"/,
        'export const ajv = "0.0.1"',
      ),
    )
    const warn = vi.spyOn(logger, 'warn')
    try {
      expect(await readValidatorsFile(join(dir, '.portico'))).toBeUndefined()
      expect(warn.mock.calls).toEqual([
        [expect.stringMatching(/another Portico version.*run "portico build" again/)],
      ])
    } finally {
      warn.mockRestore()
    }
  })

  it('refuses a file that does not load, saying to build again', async () => {
    const { dir } = await builtCopy(fixtureDir('shapes-plugin'))
    await writeFile(join(dir, '.portico/validators.mjs'), 'export const validators = {\n')
    await expect(loadBuiltPlugin(dir)).rejects.toThrow(
      /validators\.mjs: cannot load the validators \(.+\); run "portico build" again/,
    )
  })
})
