import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'
import { buildOpenApiDocument } from '../../src/surfaces/rest/build-open-api-document.js'
import { requestBodyOf } from '../support/open-api-parts.js'
import { useTempPlugins } from '../support/temp-plugins.js'

const { plugin } = useTempPlugins('request-body')

const tools = `
export class Clock {
  /** The time now. */
  now(): string { return new Date().toISOString() }
  /** The time in a zone. */
  inZone(input: { zone?: string }): string { return input.zone ?? 'UTC' }
  /** A time formatted. */
  format(input: { pattern: string; zone?: string }): string { return input.pattern }
}
`

describe('requestBody.required in /open-api.json', () => {
  it('is true only when the input schema requires a property', async () => {
    const dir = await plugin({
      'package.json': '{ "name": "clock", "version": "1.0.0" }',
      'tools/clock.ts': tools,
    })
    const document = buildOpenApiDocument(await derivePluginModel(dir), 'http://127.0.0.1:1')
    const required = Object.fromEntries(
      Object.keys(document.paths).map((path) => [path, requestBodyOf(document, path).required]),
    )
    expect(required).toEqual({
      '/api/Clock/now': false,
      '/api/Clock/inZone': false,
      '/api/Clock/format': true,
    })
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('is true for a union input unless one of its branches accepts {}', async () => {
    const dir = await plugin({
      'package.json': '{ "name": "cards", "version": "1.0.0" }',
      'tools/cards.ts': `
type Filter = { all?: boolean }
export class Cards {
  /** A card by key or by title. */
  find(input: { key: string } | { title: string }): string { return 'key' in input ? input.key : input.title }
  /** A new card or a copy. */
  add(input: { kind: 'new'; title: string } | { kind: 'copy'; of: string }): string { return input.kind }
  /** Cards matching a query, or all of them. */
  search(input: { query: string } | Filter): string { return 'query' in input ? input.query : '' }
}
`,
    })
    const document = buildOpenApiDocument(await derivePluginModel(dir), 'http://127.0.0.1:1')
    const required = Object.fromEntries(
      Object.keys(document.paths).map((path) => [path, requestBodyOf(document, path).required]),
    )
    expect(required).toEqual({
      '/api/Cards/find': true,
      '/api/Cards/add': true,
      '/api/Cards/search': false,
    })
  })
})
