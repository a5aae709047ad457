import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import { derivePluginModel } from '../../src/model/derive-plugin-model.js'
import { buildOpenApiDocument } from '../../src/surfaces/rest/open-api-document.js'
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
      Object.entries(document.paths).map(([path, { post }]) => [path, post.requestBody.required]),
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
})
