import { describe, expect, it } from 'vitest'
import { browserCallersNote, hostPolicyWarning, resolveHostPolicy } from './host-policy.js'

const noServer: { trustProxy: boolean; allowedHosts: string[]; allowBrowserOrigins: string[] } = {
  trustProxy: false,
  allowedHosts: [],
  allowBrowserOrigins: [],
}
const anon = { auth: 'anon' as const, server: noServer }
const custom = { auth: 'custom' as const, server: noServer }

describe('resolveHostPolicy', () => {
  it('accepts only loopback hosts and origins when listening on loopback', () => {
    for (const listen of ['127.0.0.1', 'localhost', '::1']) {
      const policy = resolveHostPolicy(custom, listen)
      expect(policy.allowedHosts).toEqual(
        expect.arrayContaining(['localhost', '127.0.0.1', '[::1]']),
      )
      expect(policy.allowedHosts).not.toContain('evil.example')
      expect(policy.allowedOriginHostnames).toEqual(
        expect.arrayContaining(['localhost', '127.0.0.1']),
      )
      expect(policy.loopback).toBe(true)
      expect(hostPolicyWarning(policy)).toBeUndefined()
    }
  })

  it('adds the configured hosts and the public URL on loopback (behind a local proxy)', () => {
    const policy = resolveHostPolicy(
      {
        auth: 'anon',
        server: {
          ...noServer,
          allowedHosts: ['notes.internal:8443'],
          publicUrl: 'https://notes.example.com',
        },
      },
      '127.0.0.1',
    )
    expect(policy.allowedHosts).toEqual(
      expect.arrayContaining(['localhost', 'notes.internal:8443', 'notes.example.com']),
    )
    expect(policy.allowedOriginHostnames).toEqual(
      expect.arrayContaining(['notes.internal', 'notes.example.com']),
    )
  })

  it('checks Host against the configured names beyond loopback, and any page may call with a token', () => {
    const policy = resolveHostPolicy(
      {
        auth: 'custom',
        server: {
          ...noServer,
          allowedHosts: ['notes.internal'],
          publicUrl: 'https://notes.example.com/',
        },
      },
      '0.0.0.0',
    )
    expect(policy).toEqual({
      allowedHosts: ['notes.internal', 'notes.example.com'],
      trustProxy: false,
      loopback: false,
    })
  })

  it('lets only the plugin’s own pages and the allowed origins call in mode anon beyond loopback', () => {
    const policy = resolveHostPolicy(
      {
        auth: 'anon',
        server: {
          ...noServer,
          allowedHosts: ['notes.internal:4321'],
          allowBrowserOrigins: ['https://app.example'],
        },
      },
      '0.0.0.0',
    )
    expect(policy.allowedOriginHostnames).toEqual(['notes.internal'])
    expect(policy.allowedOrigins).toEqual(['https://app.example'])
    expect(browserCallersNote(policy)).toMatch(
      /only the plugin's own pages and https:\/\/app\.example/,
    )
    const open = resolveHostPolicy(
      { auth: 'anon', server: { ...noServer, allowBrowserOrigins: ['*'] } },
      '0.0.0.0',
    )
    expect(open.allowedOriginHostnames).toBeUndefined()
    expect(browserCallersNote(open)).toMatch(/any website/)
  })

  it('accepts any host beyond loopback when nothing is configured, and says so', () => {
    const policy = resolveHostPolicy(anon, '0.0.0.0')
    expect(policy.allowedHosts).toBeUndefined()
    expect(hostPolicyWarning(policy)).toMatch(/set server\.publicUrl or server\.allowedHosts/)
    const proxied = resolveHostPolicy(
      { auth: 'custom', server: { ...noServer, trustProxy: true } },
      '0.0.0.0',
    )
    expect(hostPolicyWarning(proxied)).toMatch(/token audiences follow the X-Forwarded-Host/)
  })
})
