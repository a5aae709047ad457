import { describe, expect, it } from 'vitest'
import { createLinkHost } from './create-link-host.js'
import { resolveHostPolicy } from './host-policy.js'

const noServer: { trustProxy: boolean; allowedHosts: string[]; allowBrowserOrigins: string[] } = {
  trustProxy: false,
  allowedHosts: [],
  allowBrowserOrigins: [],
}
const config = (server: Partial<typeof noServer> = {}) => ({
  auth: 'custom' as const,
  server: { ...noServer, ...server },
})
const linkHostOf = (listen: string, server: Partial<typeof noServer> = {}) =>
  createLinkHost(resolveHostPolicy(config(server), listen), listen)

describe('createLinkHost', () => {
  it('keeps a Host that passed the policy and names the listener for any other', () => {
    const link = linkHostOf('127.0.0.1')
    expect(link('localhost:4321', false)).toBe('localhost:4321')
    expect(link('evil.example:4321', false)).toBe('127.0.0.1:4321')
    expect(link('evil.example', false)).toBe('127.0.0.1')
  })

  it('takes a loopback Host only with the port the request came in on', () => {
    const link = linkHostOf('127.0.0.1')
    expect(link('localhost:5322', false, 5322)).toBe('localhost:5322')
    expect(link('localhost:5321', false, 5322)).toBe('127.0.0.1:5322')
    expect(link('127.0.0.1', false, 5322)).toBe('127.0.0.1:5322')
  })

  it('names the listener beyond loopback when nothing is configured, on the local port', () => {
    expect(linkHostOf('0.0.0.0')('evil.example:80', false)).toBe('localhost')
    expect(linkHostOf('::')('evil.example:8080', false)).toBe('localhost:8080')
    expect(linkHostOf('0.0.0.0')('localhost:5321', false, 5322)).toBe('localhost:5322')
    expect(linkHostOf('10.0.0.5')('x:1', false)).toBe('10.0.0.5:1')
    expect(linkHostOf('fd00::5')('x:1', false)).toBe('[fd00::5]:1')
  })

  it('keeps a configured host beyond loopback, on its port when the entry names one', () => {
    expect(
      linkHostOf('0.0.0.0', { allowedHosts: ['notes.internal'] })('notes.internal:4321', false),
    ).toBe('notes.internal:4321')
    const pinned = linkHostOf('0.0.0.0', { allowedHosts: ['notes.internal:8443'] })
    expect(pinned('notes.internal:8443', false, 4321)).toBe('notes.internal:8443')
    expect(pinned('notes.internal:9999', false, 4321)).toBe('localhost:4321')
  })

  it('takes a forwarded host only when it is allowed, or when nothing is configured', () => {
    const checked = linkHostOf('0.0.0.0', { trustProxy: true, allowedHosts: ['notes.example'] })
    expect(checked('notes.example', true)).toBe('notes.example')
    expect(checked('billing-api.example', true)).toBe('localhost')
    expect(linkHostOf('0.0.0.0', { trustProxy: true })('billing-api.example', true)).toBe(
      'billing-api.example',
    )
  })

  it('takes a forwarded host only on the port the proxy says it was reached on', () => {
    const link = linkHostOf('127.0.0.1', { trustProxy: true })
    expect(link('localhost:8080', true, 8080)).toBe('localhost:8080')
    expect(link('localhost:5321', true, 8080)).toBe('127.0.0.1:8080')
    expect(link('localhost', true, 80)).toBe('localhost')
    expect(link('localhost:5321', true)).toBe('localhost:5321')
    const proxied = linkHostOf('0.0.0.0', { trustProxy: true, allowedHosts: ['notes.example'] })
    expect(proxied('notes.example', true, 443)).toBe('notes.example')
    expect(proxied('notes.example:9999', true, 443)).toBe('localhost:443')
  })
})
