import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, test } from 'vitest'
import { createBareModel, createExampleModel } from '../../../test/support/example-model-fixture.js'
import { derivePluginModel } from '../../model/derive-plugin-model.js'
import { buildPluginOverview } from './build-plugin-overview.js'

const schemaPath = resolve(import.meta.dirname, '../../../schemas/contents.schema.json')
const notesExampleDir = resolve(import.meta.dirname, '../../../../../examples/notes')
const origin = 'https://notes.example.com'

function compileSchema() {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>
  // `strict` fails on an unknown keyword or format, so the schema file stays clean.
  const ajv = new Ajv2020({ allErrors: true, strict: true })
  addFormats.default(ajv)
  return { schema, validate: ajv.compile(schema) }
}

describe('contents.schema.json', () => {
  test('declares draft 2020-12 and the id urn:portico:schema:contents:1', () => {
    const { schema } = compileSchema()
    expect([schema.$schema, schema.$id]).toEqual([
      'https://json-schema.org/draft/2020-12/schema',
      'urn:portico:schema:contents:1',
    ])
  })

  test('accepts the overview of the example model and of a bare model', () => {
    const { validate } = compileSchema()
    for (const model of [createExampleModel(), createBareModel()]) {
      const valid = validate(JSON.parse(JSON.stringify(buildPluginOverview(model, origin))))
      expect(validate.errors ?? []).toEqual([])
      expect(valid).toBe(true)
    }
  })

  test('accepts the overview of the notes example plugin', async () => {
    const { validate } = compileSchema()
    const model = await derivePluginModel(notesExampleDir)
    const overview = buildPluginOverview(model, 'http://localhost:4321')
    const valid = validate(JSON.parse(JSON.stringify(overview)))
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  test('rejects an unknown top-level field', () => {
    const { validate } = compileSchema()
    const overview = { ...buildPluginOverview(createExampleModel(), origin), extra: true }
    expect(validate(overview)).toBe(false)
    expect(validate.errors).toEqual([
      expect.objectContaining({
        instancePath: '',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'extra' },
      }),
    ])
  })

  test('rejects an unknown field of a tool', () => {
    const { validate } = compileSchema()
    const overview = buildPluginOverview(createExampleModel(), origin)
    const tools = overview.tools.map((tool) => ({ ...tool, price: 1 }))
    expect(validate({ ...overview, tools })).toBe(false)
    expect(validate.errors?.[0]).toEqual(
      expect.objectContaining({
        instancePath: '/tools/0',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'price' },
      }),
    )
  })

  test('describes every property it declares', () => {
    const { schema } = compileSchema()
    const undescribed: string[] = []
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return
      const properties = (node as { properties?: Record<string, unknown> }).properties ?? {}
      for (const [name, property] of Object.entries(properties)) {
        if (!(property as { description?: string }).description) undescribed.push(`${path}/${name}`)
      }
      for (const [key, child] of Object.entries(node)) visit(child, `${path}/${key}`)
    }
    visit(schema, '')
    expect(undescribed).toEqual([])
  })
})
