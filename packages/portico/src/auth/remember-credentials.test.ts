import { describe, expect, it } from 'vitest'
import { isPorticoError } from '../core/portico-error.js'
import { rememberCredentials } from './remember-credentials.js'

/** Two tokens that end alike: what the remembered header is found by. */
const tail = 'x'.repeat(40)
const token = `eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.${tail}`

describe('rememberCredentials', () => {
  it('reads a header as extractCredentials does, the same credentials each time it comes back', () => {
    const credentialsOf = rememberCredentials()
    const first = credentialsOf(`Bearer ${token}`)
    expect(first).toEqual({ scheme: 'Bearer', token })
    // A new string with the same text, as each request brings.
    expect(credentialsOf(`Bearer ${token}`.slice(0))).toBe(first)
    expect(credentialsOf(`DPoP ${token}`)).toEqual({ scheme: 'DPoP', token })
    expect(credentialsOf(null)).toBeUndefined()
  })

  it('tells apart headers that end alike, and refuses a bad one every time', () => {
    const credentialsOf = rememberCredentials()
    expect(credentialsOf(`Bearer a${tail}`)).toEqual({ scheme: 'Bearer', token: `a${tail}` })
    expect(credentialsOf(`Bearer b${tail}`)).toEqual({ scheme: 'Bearer', token: `b${tail}` })
    for (const bad of [`Basic ${token}`, `Bearer ${token}, Bearer ${token}`, `Bearer "${tail}`]) {
      for (const round of [1, 2]) {
        let refused: unknown
        try {
          credentialsOf(bad)
        } catch (error) {
          refused = error
        }
        expect(isPorticoError(refused), `${bad}, round ${round}`).toBe(true)
      }
    }
  })

  it('keeps reading right once more headers came than it holds', () => {
    const credentialsOf = rememberCredentials(4)
    for (let i = 0; i < 20; i++) {
      expect(credentialsOf(`Bearer t${i}${tail}`)?.token).toBe(`t${i}${tail}`)
    }
    expect(credentialsOf(`Bearer t3${tail}`)?.token).toBe(`t3${tail}`)
  })
})
