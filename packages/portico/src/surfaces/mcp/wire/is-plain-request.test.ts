import { isJSONRPCRequest } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { isPlainRequest } from './is-plain-request.js'

const TASK = 'io.modelcontextprotocol/related-task'

/** Messages on both sides of the SDK's `JSONRPCRequestSchema`, each field at its edge. */
const messages: [string, unknown][] = [
  ['a bare request', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
  ['a string id', { jsonrpc: '2.0', id: 'a', method: 'tools/list', params: {} }],
  ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'tools/list' }],
  ['the largest safe id', { jsonrpc: '2.0', id: 2 ** 53 - 1, method: 'tools/list' }],
  ['an id past 2^53 - 1', { jsonrpc: '2.0', id: 2 ** 53, method: 'tools/list' }],
  [
    'a progress token past 2^53 - 1',
    { jsonrpc: '2.0', id: 1, method: 'a', params: { _meta: { progressToken: 2 ** 53 } } },
  ],
  ['a null id', { jsonrpc: '2.0', id: null, method: 'tools/list' }],
  ['no id (a notification)', { jsonrpc: '2.0', method: 'notifications/initialized' }],
  ['another version', { jsonrpc: '1.0', id: 1, method: 'tools/list' }],
  ['a numeric method', { jsonrpc: '2.0', id: 1, method: 5 }],
  ['a result beside the method', { jsonrpc: '2.0', id: 1, method: 'tools/list', result: {} }],
  ['an unknown key', { jsonrpc: '2.0', id: 1, method: 'tools/list', extra: true }],
  ['array params', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [] }],
  ['null params', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: null }],
  ['array _meta', { jsonrpc: '2.0', id: 1, method: 'a', params: { _meta: [] } }],
  [
    'a string progress token',
    { jsonrpc: '2.0', id: 1, method: 'a', params: { _meta: { progressToken: 'p' } } },
  ],
  [
    'a fractional progress token',
    { jsonrpc: '2.0', id: 1, method: 'a', params: { _meta: { progressToken: 1.5 } } },
  ],
  [
    'a related task',
    { jsonrpc: '2.0', id: 1, method: 'a', params: { _meta: { [TASK]: { taskId: 't' } } } },
  ],
  [
    'a related task without id',
    { jsonrpc: '2.0', id: 1, method: 'a', params: { _meta: { [TASK]: {} } } },
  ],
  ['an array', [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]],
  ['null', null],
]

describe('isPlainRequest, the JSON-RPC request rule the hot path copies', () => {
  it.each(messages)('judges %s as the SDK’s isJSONRPCRequest does', (_, message) => {
    expect(isPlainRequest(message)).toBe(isJSONRPCRequest(message))
  })

  it('is tried on both sides of the rule', () => {
    const verdicts = new Set(messages.map(([, message]) => isJSONRPCRequest(message)))
    expect(verdicts).toEqual(new Set([true, false]))
  })
})
