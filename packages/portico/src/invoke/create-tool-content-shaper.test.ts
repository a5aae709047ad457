import { describe, expect, it } from 'vitest'
import { content } from '../core/content.js'
import { createToolContentShaper } from './create-tool-content-shaper.js'

describe('the shaper of a ToolContent tool', () => {
  const shape = createToolContentShaper('Gallery_pixel')

  it('answers the blocks as plain JSON, without the brand', () => {
    const shaped = shape(content.result(content.text('hi')))
    expect(shaped).toEqual({ content: [{ type: 'text', text: 'hi' }] })
    expect(Object.getOwnPropertySymbols(shaped)).toEqual([])
  })

  it('rejects a look-alike object with an execution error naming the tool', () => {
    expect(() => shape({ content: [{ type: 'text', text: 'hi' }] })).toThrow(
      'The output of Gallery_pixel does not match its declared type: ToolContent must be made by content.result(…)',
    )
  })
})
