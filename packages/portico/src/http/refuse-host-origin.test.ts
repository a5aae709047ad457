import { describe, expect, it } from 'vitest'
import { resolveHostPolicy } from './host-policy.js'
import { createHostOriginRefusal } from './refuse-host-origin.js'

const noConfig = { trustProxy: false, allowedHosts: [] }

describe('createHostOriginRefusal', () => {
  const loopback = createHostOriginRefusal(resolveHostPolicy(noConfig, '127.0.0.1'))

  it('refuses a foreign Host on loopback, whatever the page', () => {
    expect(loopback('evil.example:4321', undefined, 'same-origin')).toBe(
      'Invalid Host: evil.example',
    )
    expect(loopback(undefined, undefined, undefined)).toBe('Missing Host header')
  })

  it('judges a browser page by Sec-Fetch-Site, then by Origin', () => {
    const host = '127.0.0.1:4321'
    expect(loopback(host, 'http://127.0.0.1:4321', 'same-origin')).toBeUndefined()
    expect(loopback(host, undefined, 'none')).toBeUndefined()
    expect(loopback(host, 'http://localhost:6274', 'cross-site')).toBeUndefined()
    expect(loopback(host, 'http://localhost:5173', 'same-site')).toBeUndefined()
    expect(loopback(host, 'https://evil.example', 'cross-site')).toBe(
      'Invalid Origin: evil.example',
    )
    expect(loopback(host, 'https://evil.example', undefined)).toBe('Invalid Origin: evil.example')
    expect(loopback(host, 'null', 'cross-site')).toBe('Invalid Origin header: null')
    expect(loopback(host, undefined, 'cross-site')).toBe('Cross-site request without Origin')
    expect(loopback(host, null, null)).toBeUndefined()
  })

  it('checks only Host beyond loopback, and nothing when nothing is configured', () => {
    const configured = createHostOriginRefusal(
      resolveHostPolicy({ ...noConfig, allowedHosts: ['notes.internal'] }, '0.0.0.0'),
    )
    expect(configured('notes.internal', 'https://app.example', 'cross-site')).toBeUndefined()
    expect(configured('evil.example', undefined, undefined)).toBe('Invalid Host: evil.example')
    const open = createHostOriginRefusal(resolveHostPolicy(noConfig, '0.0.0.0'))
    expect(open('evil.example', 'https://evil.example', 'cross-site')).toBeUndefined()
  })
})
