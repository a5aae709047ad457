import { describe, expect, it } from 'vitest'
import { createLinkHost } from './create-link-host.js'
import { resolveHostPolicy } from './host-policy.js'

const noConfig = { trustProxy: false, allowedHosts: [] }

describe('createLinkHost', () => {
  it('keeps a Host that passed the policy and names the listener for any other', () => {
    const link = createLinkHost(resolveHostPolicy(noConfig, '127.0.0.1'), '127.0.0.1')
    expect(link('localhost:4321')).toBe('localhost:4321')
    expect(link('evil.example:4321')).toBe('127.0.0.1:4321')
    expect(link('evil.example')).toBe('127.0.0.1')
  })

  it('names the listener beyond loopback when nothing is configured', () => {
    expect(
      createLinkHost(resolveHostPolicy(noConfig, '0.0.0.0'), '0.0.0.0')('evil.example:80'),
    ).toBe('localhost')
    expect(createLinkHost(resolveHostPolicy(noConfig, '::'), '::')('evil.example:8080')).toBe(
      'localhost:8080',
    )
    expect(createLinkHost(resolveHostPolicy(noConfig, '10.0.0.5'), '10.0.0.5')('x:1')).toBe(
      '10.0.0.5:1',
    )
    expect(createLinkHost(resolveHostPolicy(noConfig, 'fd00::5'), 'fd00::5')('x:1')).toBe(
      '[fd00::5]:1',
    )
  })

  it('keeps a configured host beyond loopback', () => {
    const policy = resolveHostPolicy({ ...noConfig, allowedHosts: ['notes.internal'] }, '0.0.0.0')
    expect(createLinkHost(policy, '0.0.0.0')('notes.internal:4321')).toBe('notes.internal:4321')
  })
})
