import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../core/portico-error.js'
import { createResultWriter } from './create-result-writer.js'

function refusal(write: () => unknown): unknown {
  try {
    write()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

describe('createResultWriter', () => {
  const write = createResultWriter(16)

  it('writes a result up to the limit as its JSON', () => {
    expect(write('T_ok', { text: 'abcde' })).toBe('{"text":"abcde"}')
    expect(write('T_ok', undefined)).toBe('null')
  })

  it('refuses one byte over with an execution error that names the limit and may be shown', () => {
    const error = refusal(() => write('T_big', { text: 'abcdef' }))
    expect(isPorticoError(error) && error.kind).toBe('execution')
    expect(isPorticoError(error) && error.expose).toBe(true)
    expect((error as Error).message).toBe(
      'The result of T_big is 17 bytes, over limits.resultBytes (16)',
    )
  })

  it('counts UTF-8 bytes, not characters', () => {
    expect(write('T_utf8', 'ééééééé')).toHaveLength(9)
    expect((refusal(() => write('T_utf8', 'éééééééé')) as Error).message).toBe(
      'The result of T_utf8 is 18 bytes, over limits.resultBytes (16)',
    )
  })

  it('applies the default (8 MiB) to a model built without the key', () => {
    const unset = createResultWriter(undefined)
    expect(unset('T_default', 'x'.repeat(8 * 1024 * 1024 - 2))).toHaveLength(8 * 1024 * 1024)
    expect(
      (refusal(() => unset('T_default', 'x'.repeat(8 * 1024 * 1024 - 1))) as Error).message,
    ).toBe('The result of T_default is 8388609 bytes, over limits.resultBytes (8388608)')
  })
})
