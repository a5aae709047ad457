import { describe, expect, it } from 'vitest'
import { hostPolicyWarning, resolveHostPolicy } from './host-policy.js'

const noConfig = { trustProxy: false, allowedHosts: [] }

describe('resolveHostPolicy', () => {
  it('accepts only loopback hosts and origins when listening on loopback', () => {
    for (const listen of ['127.0.0.1', 'localhost', '::1']) {
      const policy = resolveHostPolicy(noConfig, listen)
      expect(policy.allowedHostnames).toEqual(
        expect.arrayContaining(['localhost', '127.0.0.1', '[::1]']),
      )
      expect(policy.allowedHostnames).not.toContain('evil.example')
      expect(policy.allowedOriginHostnames).toEqual(
        expect.arrayContaining(['localhost', '127.0.0.1']),
      )
      expect(hostPolicyWarning(policy)).toBeUndefined()
    }
  })

  it('adds the configured hosts and the public URL on loopback (behind a local proxy)', () => {
    const policy = resolveHostPolicy(
      { ...noConfig, allowedHosts: ['notes.internal'], publicUrl: 'https://notes.example.com' },
      '127.0.0.1',
    )
    expect(policy.allowedHostnames).toEqual(
      expect.arrayContaining(['localhost', 'notes.internal', 'notes.example.com']),
    )
  })

  it('checks only Host, against the configured names, when listening beyond loopback', () => {
    const policy = resolveHostPolicy(
      { ...noConfig, allowedHosts: ['notes.internal'], publicUrl: 'https://notes.example.com/' },
      '0.0.0.0',
    )
    expect(policy).toEqual({ allowedHostnames: ['notes.internal', 'notes.example.com'] })
  })

  it('accepts any host beyond loopback when nothing is configured, and says so', () => {
    const policy = resolveHostPolicy(noConfig, '0.0.0.0')
    expect(policy).toEqual({})
    expect(hostPolicyWarning(policy)).toMatch(/set server\.publicUrl or server\.allowedHosts/)
  })
})
