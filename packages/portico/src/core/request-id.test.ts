import { describe, expect, it } from 'vitest'
import { fetchRequestId, proxyRequestId, requestIdOf } from './request-id.js'

describe('proxyRequestId', () => {
  it('takes the last X-Request-Id value only behind a trusted proxy', () => {
    expect(proxyRequestId('abc-123', true)).toBe('abc-123')
    expect(proxyRequestId('client-made, proxy-made', true)).toBe('proxy-made')
    expect(proxyRequestId('abc-123', false)).toBeUndefined()
    expect(proxyRequestId(undefined, true)).toBeUndefined()
  })

  it('refuses a value that is no plain id', () => {
    expect(proxyRequestId('a b', true)).toBeUndefined()
    expect(proxyRequestId('"quoted"', true)).toBeUndefined()
    expect(proxyRequestId('x'.repeat(129), true)).toBeUndefined()
    expect(proxyRequestId('line\nbreak', true)).toBeUndefined()
  })
})

describe('requestIdOf', () => {
  it('gives one request the same id each time, and two requests two ids', () => {
    const [first, second] = [{}, {}]
    const none = () => undefined
    const id = requestIdOf(first, none, false)
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    expect(requestIdOf(first, none, false)).toBe(id)
    expect(requestIdOf(second, none, false)).not.toBe(id)
  })
})

describe('fetchRequestId', () => {
  it('reads a Request`s X-Request-Id by the trust rule, once per request', () => {
    const proxied = new Request('http://127.0.0.1/mcp', {
      headers: { 'x-request-id': 'client-id, proxy-id-1' },
    })
    expect(fetchRequestId(proxied, true)).toBe('proxy-id-1')
    const untrusted = new Request('http://127.0.0.1/mcp', { headers: { 'x-request-id': 'x-1' } })
    const made = fetchRequestId(untrusted, false)
    expect(made).toMatch(/^[0-9a-f]{32}$/)
    expect(fetchRequestId(untrusted, false)).toBe(made)
    const hostile = new Request('http://127.0.0.1/mcp', {
      headers: { 'x-request-id': 'a'.repeat(200) },
    })
    expect(fetchRequestId(hostile, true)).toMatch(/^[0-9a-f]{32}$/)
  })
})
