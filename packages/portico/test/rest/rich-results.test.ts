import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import type { OpenApiDocument } from '../../src/surfaces/rest/open-api-document.js'
import { expectProblem } from '../support/expect-problem.js'
import { galleryFilesContent, RED_PIXEL_BASE64 } from '../support/gallery-content.js'
import { responseOf, schemaOf } from '../support/open-api-parts.js'
import { callTool, fixtureDir, useServedInBothModes } from '../support/serve-plugin.js'

const served = useServedInBothModes(fixtureDir('content-plugin'))

/** Calls a method of the fixture's `Gallery` tool class over REST. */
function call(base: string, method: string, input: Record<string, unknown> = {}) {
  return callTool(base, `/api/Gallery/${method}`, input)
}

describe('a rich result over REST', () => {
  it('answers an image as { content: [ { type: "image", mimeType, data } ] }', async () => {
    const response = await call(served.production.url, 'pixel')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({
      content: [{ type: 'image', mimeType: 'image/png', data: RED_PIXEL_BASE64 }],
    })
  })

  it('answers mixed text and image blocks in order', async () => {
    expect(await (await call(served.production.url, 'caption', { title: 'Red' })).json()).toEqual({
      content: [
        { type: 'text', text: 'Red: one red pixel' },
        { type: 'image', mimeType: 'image/png', data: RED_PIXEL_BASE64 },
      ],
    })
  })

  it('answers embedded resources (text and blob) and a resource link', async () => {
    expect(await (await call(served.production.url, 'files')).json()).toEqual({
      content: galleryFilesContent,
    })
  })

  it('keeps a plain JSON tool of the same class unchanged', async () => {
    expect(await (await call(served.production.url, 'size')).json()).toEqual({
      width: 1,
      height: 1,
    })
  })

  it('answers 500 without the message when a helper is given a non-MIME string', async () => {
    const response = await call(served.production.url, 'broken')
    await expectProblem(response, 'execution')
    expect(await response.json()).toEqual({
      type: 'urn:portico:problem:execution',
      title: 'Tool execution failed',
      status: 500,
      detail: 'The tool failed. The server log has the details.',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
  })

  it.each([
    [{}, 'content.image: "png" is not a media type (type/subtype, e.g. image/png)'],
    [{ empty: true }, 'content.audio: the bytes are empty'],
  ])('names the helper and the problem in dev mode (input %j)', async (input, detail) => {
    const response = await call(served.dev.url, 'broken', input)
    await expectProblem(response, 'execution')
    expect(await response.json()).toMatchObject({
      type: 'urn:portico:problem:execution',
      detail,
    })
  })
})

describe('a prompt method (@prompt) over REST', () => {
  it('is no operation: 404, and absent from /open-api.json', async () => {
    const response = await call(served.production.url, 'look', { uri: 'file:///x.md' })
    await expectProblem(response, 'not_found')
    const document = await (await fetch(`${served.production.url}/open-api.json`)).json()
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/Gallery/'))).toEqual([
      '/api/Gallery/pixel',
      '/api/Gallery/caption',
      '/api/Gallery/files',
      '/api/Gallery/broken',
      '/api/Gallery/size',
    ])
  })
})

describe('the OpenAPI document of rich results', () => {
  it('passes the OpenAPI 3.0 validator', async () => {
    const document = await (await fetch(`${served.production.url}/open-api.json`)).json()
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('describes the 200 answer as content blocks', async () => {
    const document = (await (
      await fetch(`${served.production.url}/open-api.json`)
    ).json()) as OpenApiDocument
    // The tools of the class share it: written once under components, where its $ref points.
    const response = responseOf(document, '/api/Gallery/pixel', '200')
    const schema = schemaOf(document, response?.content?.['application/json']?.schema)
    expect(schema).toMatchObject({
      type: 'object',
      required: ['content'],
      properties: { content: { type: 'array', items: { anyOf: expect.any(Array) } } },
    })
    const kinds = schema.properties?.content?.items?.anyOf?.map(
      (branch) => branch.properties?.type?.enum?.[0],
    )
    expect(kinds).toEqual(['text', 'image', 'audio', 'resource', 'resource_link'])
  })
})
