import type { JSONRPCMessage } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { translateSdkAnswer } from './adapt-sdk-answers.js'

const failure = (code: number, message: string, data?: unknown): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id: 7,
  error: { code, message, ...(data === undefined ? {} : { data }) },
})
const issues = (path: (string | number)[], message = 'Invalid input') =>
  JSON.stringify([{ code: 'invalid_type', path, message }], null, 2)

describe('translateSdkAnswer', () => {
  it('words a -32603 of raw issues as -32602 with JSON Pointers into params', () => {
    expect(
      translateSdkAnswer(failure(-32603, issues(['params', 'a/b', 'c~d', 0])), 'legacy'),
    ).toEqual(failure(-32602, 'Invalid params: /a~1b/c~0d/0: Invalid input'))
    expect(translateSdkAnswer(failure(-32603, issues(['params'])), 'modern')).toEqual(
      failure(-32602, 'Invalid params: /: Invalid input'),
    )
  })

  it('keeps an internal error that is no list of issues', () => {
    for (const message of ['Internal error', '[not json', '[]', '[{"message":"no path"}]'])
      expect(translateSdkAnswer(failure(-32603, message), 'legacy')).toEqual(
        failure(-32603, message),
      )
  })

  it('makes the issues of a refused tools/call readable, keeping its words', () => {
    const refused = failure(-32602, `Invalid tools/call request: ${issues(['params', 'name'])}`)
    expect(translateSdkAnswer(refused, 'modern')).toEqual(
      failure(-32602, 'Invalid tools/call request: /name: Invalid input'),
    )
  })

  it('answers resource-not-found -32002 in the 2025 revisions only', () => {
    const notFound = failure(-32602, 'Resource not found: x:/y', { uri: 'x:/y' })
    expect(translateSdkAnswer(notFound, 'legacy')).toEqual(
      failure(-32002, 'Resource not found: x:/y', { uri: 'x:/y' }),
    )
    expect(translateSdkAnswer(notFound, 'modern')).toEqual(notFound)
    const invalid = failure(-32602, 'Resource URI x is invalid', {
      uri: 'x',
      reason: 'invalid_uri',
    })
    expect(translateSdkAnswer(invalid, 'legacy')).toEqual(invalid)
  })

  it('refuses the list result of a request that named a cursor, and only that one', () => {
    const result: JSONRPCMessage = { jsonrpc: '2.0', id: 7, result: { tools: [] } }
    expect(translateSdkAnswer(result, 'legacy', new Set([7]))).toEqual(
      failure(
        -32602,
        'Invalid cursor: this server answers each list in one page, so no cursor is valid',
      ),
    )
    expect(translateSdkAnswer(result, 'legacy', new Set([8]))).toBe(result)
  })
})
