import { describe, expect, it } from 'vitest'
import { negotiateAnswerMedia } from './negotiate-answer-media.js'

describe('negotiateAnswerMedia', () => {
  it.each([
    [null, 'json'],
    ['', 'json'],
    ['application/json, text/event-stream', 'json'],
    ['Application/JSON', 'json'],
    ['*/*', 'json'],
    ['text/event-stream', 'sse'],
    ['text/html', undefined],
    ['application/xml, text/plain', undefined],
  ])('answers Accept %j as %s', (accept, media) => {
    expect(negotiateAnswerMedia(accept)).toBe(media)
  })
})
