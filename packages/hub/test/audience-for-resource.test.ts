import { describe, expect, it } from 'vitest'
import { audienceForResource } from '../src/hub-audience.js'

describe('audienceForResource', () => {
  it('keeps the default resource as the audience', () => {
    expect(audienceForResource('urn:portico:hub:test')).toEqual({
      ok: true,
      audience: 'urn:portico:hub:test',
    })
  })

  it('gives a per-plugin urn itself as the only audience', () => {
    expect(audienceForResource('urn:portico:hub:acme:notes-app')).toEqual({
      ok: true,
      audience: 'urn:portico:hub:acme:notes-app',
    })
  })

  it('adds the test audience to an http(s) resource', () => {
    for (const resource of ['https://notes.example.com/mcp', 'http://localhost:4321/mcp']) {
      expect(audienceForResource(resource)).toEqual({
        ok: true,
        audience: ['urn:portico:hub:test', resource],
      })
    }
  })

  it.each([
    'urn:portico:hub:acme',
    'urn:portico:hub:Acme:notes',
    'urn:portico:hub:acme:notes:extra',
    'urn:portico:hub:-acme:notes',
    'urn:example:thing',
    'ftp://files.example.com/x',
    'mailto:someone@example.com',
  ])('refuses %s', (resource) => {
    expect(audienceForResource(resource)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(resource),
    })
  })
})
