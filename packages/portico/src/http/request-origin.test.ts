import { describe, expect, it } from 'vitest'
import { requestOrigin } from './request-origin.js'

const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'notes.example.com' }

describe('requestOrigin', () => {
  it('uses the request URL by default and ignores forwarded headers', () => {
    const request = new Request('http://127.0.0.1:4321/open-api.json', { headers: forwarded })
    expect(requestOrigin(request, { trustProxy: false })).toBe('http://127.0.0.1:4321')
  })

  it('honours forwarded headers when the proxy is trusted, the nearest proxy’s value', () => {
    const request = new Request('http://10.0.0.5:4321/x', {
      headers: {
        'x-forwarded-proto': 'http, https',
        'x-forwarded-host': 'billing-api.example, notes.example.com',
      },
    })
    expect(requestOrigin(request, { trustProxy: true })).toBe('https://notes.example.com')
  })

  it('ignores a forwarded host with characters no host has', () => {
    const request = new Request('http://10.0.0.5:4321/x', {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example/"><script>' },
    })
    expect(requestOrigin(request, { trustProxy: true })).toBe('https://10.0.0.5:4321')
  })

  it('prefers the configured public URL over everything', () => {
    const request = new Request('http://127.0.0.1:4321/x', { headers: forwarded })
    expect(
      requestOrigin(request, { publicUrl: 'https://api.example.org/base', trustProxy: true }),
    ).toBe('https://api.example.org')
  })
})
