import { describe, expect, it } from 'vitest'
import { content } from '../core/content.js'
import { PorticoError } from '../core/portico-error.js'
import { toPromptMessages } from './to-prompt-messages.js'

describe('the messages of a prompt', () => {
  it('makes a string one user text message', () => {
    expect(toPromptMessages('Notes_review', 'Review it.')).toEqual([
      { role: 'user', content: { type: 'text', text: 'Review it.' } },
    ])
  })

  it('makes each block of a ToolContent one user message, in order', () => {
    const result = content.result(
      content.resourceLink({ uri: 'https://example.com/a', name: 'a' }),
      content.text('Read the link above.'),
    )
    expect(toPromptMessages('Notes_review', result)).toEqual([
      { role: 'user', content: { type: 'resource_link', uri: 'https://example.com/a', name: 'a' } },
      { role: 'user', content: { type: 'text', text: 'Read the link above.' } },
    ])
  })

  it.each([
    ['a look-alike object', { content: [{ type: 'text', text: 'hi' }] }],
    ['nothing', undefined],
  ])('rejects %s with an execution error naming the prompt', (_what, result) => {
    const error = (() => {
      try {
        toPromptMessages('Notes_review', result)
      } catch (caught) {
        return caught
      }
      throw new Error('toPromptMessages did not throw')
    })()
    expect(error).toBeInstanceOf(PorticoError)
    expect(error).toMatchObject({
      kind: 'execution',
      expose: false,
      message: expect.stringMatching(
        /^The output of Notes_review does not match its declared type/,
      ),
    })
  })
})
