import { describe, expect, it } from 'vitest'
import { checkClientIdUrl } from '../src/cimd/check-client-id-url.js'

const production = { allowLoopbackHttp: false }
const development = { allowLoopbackHttp: true }

describe('checkClientIdUrl', () => {
  it('accepts an https URL with a path, a port and even a query', () => {
    for (const id of [
      'https://app.example.com/oauth/client.json',
      'https://app.example.com:8443/c',
      'https://app.example.com/c.json?v=1',
    ]) {
      expect(checkClientIdUrl(id, production)).toMatchObject({ ok: true })
    }
  })

  it('accepts http on loopback hosts only in development', () => {
    for (const id of ['http://localhost:4321/c.json', 'http://127.0.0.1/c', 'http://[::1]:80/c']) {
      expect(checkClientIdUrl(id, development)).toMatchObject({ ok: true })
      expect(checkClientIdUrl(id, production)).toMatchObject({
        ok: false,
        reason: expect.stringContaining('it must use https'),
      })
    }
    expect(checkClientIdUrl('http://example.com/c.json', development)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('it must use https (http only on a loopback host)'),
    })
  })

  it.each([
    ['https://app.example.com', 'it must contain a path'],
    ['https://app.example.com/', 'it must contain a path'],
    ['https://app.example.com?x=1', 'it must contain a path'],
    ['https://app.example.com/c.json#frag', 'it must not contain a fragment'],
    ['https://app.example.com/c.json#', 'it must not contain a fragment'],
    ['https://me@app.example.com/c.json', 'it must not contain a username or password'],
    ['https://me:pw@app.example.com/c.json', 'it must not contain a username or password'],
    ['https://app.example.com/./c.json', 'path segments'],
    ['https://app.example.com/a/../c.json', 'path segments'],
    ['https://app.example.com/a/%2E%2e/c.json', 'path segments'],
    ['https://app.example.com/a b.json', 'spaces, control characters'],
    ['https://app.example.com\\c.json', 'spaces, control characters'],
    ['ftp://app.example.com/c.json', 'it must use https'],
    ['not a url', 'spaces, control characters'],
    ['https//app.example.com/c.json', 'it is not a URL'],
  ])('refuses %s: %s', (id, rule) => {
    const check = checkClientIdUrl(id, development)
    expect(check.ok).toBe(false)
    if (!check.ok) {
      expect(check.reason).toContain(`client_id ${id} is not a valid client metadata document URL`)
      expect(check.reason).toContain(rule)
    }
  })
})
