import { describe, expect, it } from 'vitest'
import { createHostOriginRefusal } from './create-host-origin-refusal.js'
import { resolveHostPolicy } from './host-policy.js'

const noServer: { trustProxy: boolean; allowedHosts: string[]; allowBrowserOrigins: string[] } = {
  trustProxy: false,
  allowedHosts: [],
  allowBrowserOrigins: [],
}
const refusalOf = (
  listen: string,
  server: Partial<typeof noServer> = {},
  auth: 'anon' | 'custom' = 'custom',
) =>
  createHostOriginRefusal(resolveHostPolicy({ auth, server: { ...noServer, ...server } }, listen))

describe('createHostOriginRefusal', () => {
  const loopback = refusalOf('127.0.0.1')

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

  it('lets the configured browser origins call on loopback', () => {
    const configured = refusalOf('127.0.0.1', { allowBrowserOrigins: ['https://app.example'] })
    expect(configured('localhost:4321', 'https://app.example', 'cross-site')).toBeUndefined()
    expect(configured('localhost:4321', 'https://app.example:8443', 'cross-site')).toBe(
      'Invalid Origin: app.example',
    )
  })

  it('checks only Host beyond loopback with a token mode, and nothing when nothing is configured', () => {
    const configured = refusalOf('0.0.0.0', { allowedHosts: ['notes.internal'] })
    expect(configured('notes.internal', 'https://app.example', 'cross-site')).toBeUndefined()
    expect(configured('evil.example', undefined, undefined)).toBe('Invalid Host: evil.example')
    const open = refusalOf('0.0.0.0')
    expect(open('evil.example', 'https://evil.example', 'cross-site')).toBeUndefined()
  })

  it('refuses other sites’ pages in mode anon beyond loopback, unless allowed', () => {
    const anon = refusalOf('0.0.0.0', {}, 'anon')
    expect(anon('10.0.0.5:4321', 'https://evil.example', 'cross-site')).toBe(
      'Invalid Origin: evil.example',
    )
    expect(anon('10.0.0.5:4321', undefined, 'cross-site')).toBe('Cross-site request without Origin')
    expect(anon('10.0.0.5:4321', 'http://10.0.0.5:4321', undefined)).toBeUndefined()
    expect(anon('10.0.0.5:4321', undefined, 'same-origin')).toBeUndefined()
    expect(anon('10.0.0.5:4321', null, null)).toBeUndefined()
    const allowed = refusalOf('0.0.0.0', { allowBrowserOrigins: ['https://app.example'] }, 'anon')
    expect(allowed('10.0.0.5:4321', 'https://app.example', 'cross-site')).toBeUndefined()
    const any = refusalOf('0.0.0.0', { allowBrowserOrigins: ['*'] }, 'anon')
    expect(any('10.0.0.5:4321', 'https://evil.example', 'cross-site')).toBeUndefined()
  })

  it('judges the nearest proxy’s X-Forwarded-Host as Host when a proxy is trusted', () => {
    const proxied = refusalOf('0.0.0.0', { trustProxy: true, allowedHosts: ['notes.example'] })
    expect(proxied('notes.example', null, null, 'notes.example')).toBeUndefined()
    expect(proxied('notes.example', null, null, 'billing-api.example')).toBe(
      'Invalid X-Forwarded-Host: billing-api.example',
    )
    expect(proxied('notes.example', null, null, 'notes.example, billing-api.example')).toBe(
      'Invalid X-Forwarded-Host: billing-api.example',
    )
    const untrusted = refusalOf('0.0.0.0', { allowedHosts: ['notes.example'] })
    expect(untrusted('notes.example', null, null, 'billing-api.example')).toBeUndefined()
  })
})
