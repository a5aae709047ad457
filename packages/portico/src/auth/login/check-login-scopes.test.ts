import { describe, expect, it } from 'vitest'
import { checkLoginScopes } from './check-login-scopes.js'

const TOOL_SCOPES = ['notes:admin', 'notes:write']

describe('checkLoginScopes', () => {
  it('takes none when absent or blank', () => {
    expect(checkLoginScopes(null, TOOL_SCOPES)).toEqual({ ok: true, scopes: [] })
    expect(checkLoginScopes('  ', TOOL_SCOPES)).toEqual({ ok: true, scopes: [] })
  })

  it("takes the plugin's scopes, once each", () => {
    expect(checkLoginScopes('notes:write  notes:admin notes:write', TOOL_SCOPES)).toEqual({
      ok: true,
      scopes: ['notes:write', 'notes:admin'],
    })
  })

  it('refuses a scope the plugin does not define, naming it', () => {
    const check = checkLoginScopes('notes:write admin offline_access', TOOL_SCOPES)
    expect(check).toEqual({
      ok: false,
      detail:
        'scope may name only the plugin\'s scopes (notes:admin, notes:write), not "admin", "offline_access"',
    })
    expect(checkLoginScopes('notes:write', []).ok).toBe(false)
  })

  it('refuses an oversized value', () => {
    expect(checkLoginScopes('notes:write '.repeat(100), TOOL_SCOPES)).toEqual({
      ok: false,
      detail: 'scope is longer than 1024 characters',
    })
  })
})
