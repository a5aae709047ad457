import type { JWTPayload } from 'jose'
import { describe, expect, it } from 'vitest'
import { claimsToContext } from './claims-to-context.js'

describe('claimsToContext', () => {
  it('maps the standard claims', () => {
    expect(
      claimsToContext(
        {
          sub: 'u1',
          email: 'ada@example.com',
          name: 'Ada King Lovelace',
          picture: 'https://img.example/ada.png',
          orgs: ['acme', 'beta'],
          scope: 'notes notes:write',
          scp: ['notes', 'notes:admin'],
        },
        'tok',
      ),
    ).toEqual({
      uid: 'u1',
      email: 'ada@example.com',
      orgs: ['acme', 'beta'],
      avatar: { name: 'Ada King Lovelace', initials: 'AL', picture: 'https://img.example/ada.png' },
      token: 'tok',
      scopes: ['notes', 'notes:write', 'notes:admin'],
    })
  })

  it('falls back from name to preferred_username, email and uid', () => {
    expect(claimsToContext({ sub: 'u', preferred_username: 'grace' }, 't').avatar).toEqual({
      name: 'grace',
      initials: 'G',
      picture: '',
    })
    expect(claimsToContext({ sub: 'u', email: 'ada.lovelace@x.org' }, 't').avatar.initials).toBe(
      'AL',
    )
    expect(claimsToContext({ sub: 'user-42' }, 't').avatar).toEqual({
      name: 'user-42',
      initials: 'U4',
      picture: '',
    })
  })

  it('reads a single org from org or org_id', () => {
    expect(claimsToContext({ sub: 'u', org: 'acme' }, 't').orgs).toEqual(['acme'])
    expect(claimsToContext({ sub: 'u', org_id: 'org_1' }, 't').orgs).toEqual(['org_1'])
    expect(claimsToContext({ sub: 'u' }, 't').orgs).toEqual([])
  })

  it('keeps only http(s) pictures', () => {
    for (const picture of ['javascript:alert(1)', 'data:image/png;base64,AA', 'not a url']) {
      expect(claimsToContext({ sub: 'u', picture }, 't').avatar.picture).toBe('')
    }
    expect(claimsToContext({ sub: 'u', picture: 'http://i.example/p' }, 't').avatar.picture).toBe(
      'http://i.example/p',
    )
  })

  it('treats claims of odd types as absent without throwing', () => {
    const odd: Record<string, unknown> = {
      sub: 7,
      email: ['x'],
      name: {},
      preferred_username: null,
      orgs: 'acme',
      picture: 3,
      scope: 5,
    }
    expect(claimsToContext(odd as JWTPayload, 't')).toEqual({
      uid: '',
      email: '',
      orgs: [],
      avatar: { name: '', initials: '', picture: '' },
      token: 't',
      scopes: [],
    })
    expect(claimsToContext({ sub: 'u', orgs: ['a', 1, '', 'b'] }, 't').orgs).toEqual(['a', 'b'])
  })

  it('takes initials from letters in any script, upper-cased', () => {
    expect(claimsToContext({ sub: 'u', name: 'émile zola' }, 't').avatar.initials).toBe('ÉZ')
    expect(claimsToContext({ sub: 'u', name: '  (Bob) ' }, 't').avatar.initials).toBe('B')
  })
})
