import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { hostProblem, originProblem } from './host-origin-problems.js'
import { resolveHostPolicy } from './host-policy.js'

/** The SDK's verdict as Portico words it: its message, or `undefined` when it passes. */
const messageOf = (verdict: { ok: boolean; message?: string }) =>
  verdict.ok ? undefined : verdict.message

const allowed = ['localhost', '127.0.0.1', '[::1]', 'notes.example']

describe('the host and origin rules copied from the MCP SDK, against its own', () => {
  it.each([
    'localhost',
    'localhost:3000',
    '127.0.0.1:8080',
    '[::1]:3000',
    'notes.example',
    'NOTES.example:443',
    'evil.example',
    'localhost.evil.example',
    'a b',
    '',
  ])('judges the Host %j as validateHostHeader does, in its words', (host) => {
    expect(hostProblem(host, allowed)).toBe(messageOf(validateHostHeader(host, allowed)))
  })

  it.each([
    'http://localhost:6274',
    'https://notes.example',
    'http://127.0.0.1',
    'http://[::1]:5173',
    'https://evil.example',
    'http://localhost.evil.example',
    'moz-extension://abc',
    'null',
    'not a url',
  ])('judges the Origin %j as validateOriginHeader does, in its words', (origin) => {
    const withExtensions = [...allowed, 'moz-extension://*']
    expect(originProblem(origin, withExtensions)).toBe(
      messageOf(validateOriginHeader(origin, withExtensions)),
    )
    expect(originProblem(origin, allowed)).toBe(messageOf(validateOriginHeader(origin, allowed)))
  })

  it('lets in on loopback the names the SDK lets in on localhost', () => {
    const policy = resolveHostPolicy(
      {
        auth: 'anon',
        server: { trustProxy: false, allowedHosts: [], allowBrowserOrigins: [] },
      },
      '127.0.0.1',
    )
    expect(policy.allowedHosts).toEqual(localhostAllowedHostnames())
    expect(policy.allowedOriginHostnames).toEqual(localhostAllowedOrigins())
  })
})
