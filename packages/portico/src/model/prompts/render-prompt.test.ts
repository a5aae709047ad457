import { describe, expect, it } from 'vitest'
import { PorticoError } from '../../core/portico-error.js'
import type { PromptTemplateDefinition } from '../plugin-model.js'
import { renderPrompt } from './render-prompt.js'

function prompt(template: string): PromptTemplateDefinition {
  return {
    name: 'draft-note',
    arguments: [
      { name: 'topic', required: true },
      { name: 'audience', required: false },
    ],
    template,
    source: { file: 'prompts/draft-note.md', line: 1 },
  }
}

function renderError(args: Record<string, unknown> | undefined): PorticoError {
  try {
    renderPrompt(prompt('Draft {{topic}} for {{audience}}.'), args)
  } catch (error) {
    if (error instanceof PorticoError) return error
    throw error
  }
  throw new Error('renderPrompt did not throw')
}

describe('renderPrompt', () => {
  it('replaces each placeholder with its argument, every time it appears', () => {
    const text = renderPrompt(prompt('About {{topic}} for {{audience}}; {{topic}} again.'), {
      topic: 'bikes',
      audience: 'kids',
    })
    expect(text).toBe('About bikes for kids; bikes again.')
  })

  it('accepts spaces and tabs inside the braces', () => {
    expect(renderPrompt(prompt('[{{ topic }}] [{{\ttopic  }}]'), { topic: 'x' })).toBe('[x] [x]')
  })

  it('renders an escaped \\{{ as a literal {{', () => {
    const text = renderPrompt(prompt('Use \\{{topic}} or \\{{ in text, then {{topic}}.'), {
      topic: 'x',
    })
    expect(text).toBe('Use {{topic}} or {{ in text, then x.')
  })

  it('renders a missing optional argument as the empty string', () => {
    expect(renderPrompt(prompt('[{{topic}}|{{audience}}]'), { topic: 't' })).toBe('[t|]')
  })

  it('inserts values verbatim, without expanding placeholders inside them', () => {
    const text = renderPrompt(prompt('{{topic}} / {{audience}}'), {
      topic: '{{audience}} $& $1 \\{{',
      audience: 'a',
    })
    expect(text).toBe('{{audience}} $& $1 \\{{ / a')
  })

  it('rejects a missing required argument', () => {
    const error = renderError({ audience: 'kids' })
    expect(error.kind).toBe('validation')
    expect(error.message).toBe(
      'Invalid arguments for prompt "draft-note": argument "topic" is required',
    )
    expect(error.details).toEqual([{ path: '/topic', message: 'argument "topic" is required' }])
  })

  it('rejects missing arguments when none are given at all', () => {
    expect(renderError(undefined).details).toEqual([
      { path: '/topic', message: 'argument "topic" is required' },
    ])
  })

  it('rejects an argument the prompt does not declare', () => {
    const error = renderError({ topic: 't', 'a/b': 'x' })
    expect(error.kind).toBe('validation')
    expect(error.message).toBe(
      'Invalid arguments for prompt "draft-note": unknown argument "a/b" (accepted: topic, audience)',
    )
    expect(error.details).toEqual([
      { path: '/a~1b', message: 'unknown argument "a/b" (accepted: topic, audience)' },
    ])
  })

  it('rejects values that are not strings, listing every problem', () => {
    const error = renderError({ topic: 3, audience: null })
    expect(error.kind).toBe('validation')
    expect(error.message).toBe(
      'Invalid arguments for prompt "draft-note": argument "topic" must be a string; argument "audience" must be a string',
    )
    expect(error.details).toEqual([
      { path: '/topic', message: 'argument "topic" must be a string' },
      { path: '/audience', message: 'argument "audience" must be a string' },
    ])
  })
})
