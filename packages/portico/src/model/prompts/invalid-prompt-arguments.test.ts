import { describe, expect, it } from 'vitest'
import { invalidPromptArguments, toArgumentDetails } from './invalid-prompt-arguments.js'

describe('invalid prompt arguments', () => {
  it('phrases schema failures as argument failures, pointers unescaped', () => {
    expect(
      toArgumentDetails([
        { path: '/uri', message: 'is required' },
        { path: '/a~1b~0c', message: 'is not an allowed property' },
        { path: '/', message: 'must be object' },
      ]),
    ).toEqual([
      { path: '/uri', message: 'argument "uri" is required' },
      { path: '/a~1b~0c', message: 'argument "a/b~c" is not an allowed property' },
      { path: '/', message: 'the arguments must be object' },
    ])
  })

  it('lists every failure in the message of one validation error', () => {
    const details = [
      { path: '/uri', message: 'argument "uri" is required' },
      { path: '/tone', message: 'argument "tone" must be a string' },
    ]
    expect(invalidPromptArguments('Notes_review', details)).toMatchObject({
      kind: 'validation',
      message:
        'Invalid arguments for prompt "Notes_review": argument "uri" is required; argument "tone" must be a string',
      details,
    })
  })
})
