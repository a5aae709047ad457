import { describe, expect, it } from 'vitest'
import { content } from './content.js'
import { isPorticoError } from './portico-error.js'
import { isToolContent } from './tool-content.js'

function failureOf(make: () => unknown): { kind: string; message: string } {
  try {
    make()
  } catch (error) {
    if (isPorticoError(error)) return { kind: error.kind, message: error.message }
    throw error
  }
  throw new Error('expected a PorticoError')
}

describe('content helpers', () => {
  it('encodes bytes as base64, from a Uint8Array or an ArrayBuffer', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255])
    expect(content.image(bytes, 'image/png')).toEqual({
      type: 'image',
      mimeType: 'image/png',
      data: 'AAEC+v8=',
    })
    expect(content.audio(bytes.buffer, 'audio/wav; rate=8000')).toEqual({
      type: 'audio',
      mimeType: 'audio/wav; rate=8000',
      data: 'AAEC+v8=',
    })
  })

  it('encodes bytes larger than one chunk', () => {
    const bytes = new Uint8Array(100_000).map((_, index) => index % 256)
    const data = content.image(bytes, 'image/png').data
    expect(Uint8Array.from(atob(data), (char) => char.charCodeAt(0))).toEqual(bytes)
  })

  it('brands a result, so the runtime can tell it from a look-alike object', () => {
    const result = content.result(content.text('hi'))
    expect(isToolContent(result)).toBe(true)
    expect(JSON.parse(JSON.stringify(result))).toEqual({ content: [{ type: 'text', text: 'hi' }] })
    expect(isToolContent({ content: [] })).toBe(false)
  })

  it('drops absent optional fields of resources and links', () => {
    expect(content.resource({ uri: 'file:///a.bin', blob: new Uint8Array([1]) })).toEqual({
      type: 'resource',
      resource: { uri: 'file:///a.bin', blob: 'AQ==' },
    })
    expect(content.resourceLink({ uri: 'https://example.com/a', name: 'a' })).toEqual({
      type: 'resource_link',
      uri: 'https://example.com/a',
      name: 'a',
    })
  })

  it.each([
    [
      'a non-MIME string',
      () => content.image(new Uint8Array([1]), 'png'),
      'content.image: "png" is not a media type (type/subtype, e.g. image/png)',
    ],
    [
      'an audio type for an image',
      () => content.image(new Uint8Array([1]), 'audio/wav'),
      'content.image: "audio/wav" is not an image/* media type',
    ],
    [
      'empty bytes',
      () => content.audio(new ArrayBuffer(0), 'audio/wav'),
      'content.audio: the bytes are empty',
    ],
    [
      'a relative URI',
      () => content.resource({ uri: 'readme.md', text: '' }),
      'content.resource: "readme.md" is not an absolute URI',
    ],
    [
      'a link without a name',
      () => content.resourceLink({ uri: 'https://example.com', name: '' }),
      'content.resourceLink: the name must be a non-empty string',
    ],
  ])('throws an execution error naming the problem for %s', (_, make, message) => {
    expect(failureOf(make)).toEqual({ kind: 'execution', message })
  })
})
