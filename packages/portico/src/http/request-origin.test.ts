import { describe, expect, it } from 'vitest'
import { type LinkHost, originOf, requestOrigin } from './request-origin.js'

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

describe('originOf', () => {
  const noHeader = () => null
  const plain = { trustProxy: false }

  it('gives the same origin as URL parsing for each spelling of a host, remembered or not', () => {
    const linkHost: LinkHost = (host, _forwarded, localPort) => `${host}@${localPort ?? '-'}`
    const spellings = [
      'http://LOCALHOST:80/a',
      'http://localhost/b?c#d',
      'http://localhost?x',
      'http://[::1]:4321/x',
      'http://127.0.0.1:4321',
      'http://Notes.Example.com:8080/mcp',
    ]
    for (const round of [1, 2]) {
      for (const url of spellings) {
        const own = new URL(url)
        expect(originOf(url, noHeader, plain, linkHost, 4321), `${url}, round ${round}`).toBe(
          `${own.protocol}//${own.host}@4321`,
        )
      }
    }
    // The local port is part of what is remembered.
    expect(originOf('http://localhost/x', noHeader, plain, linkHost)).toBe('http://localhost@-')
  })

  it('remembers per link host: two servers with the same Host keep their own', () => {
    const first: LinkHost = () => 'first.example'
    const second: LinkHost = () => 'second.example'
    expect(originOf('http://h/x', noHeader, plain, first)).toBe('http://first.example')
    expect(originOf('http://h/x', noHeader, plain, second)).toBe('http://second.example')
  })

  it('keeps answering right past the hosts it remembers (a client picks Host freely)', () => {
    const same: LinkHost = (host) => host
    for (let i = 0; i < 600; i++) {
      expect(originOf(`http://host-${i}.example/x`, noHeader, plain, same)).toBe(
        `http://host-${i}.example`,
      )
    }
  })
})
