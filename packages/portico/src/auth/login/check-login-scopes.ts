/** The extra scopes a login may ask for, or why not. */
export type LoginScopesCheck = { ok: true; scopes: string[] } | { ok: false; detail: string }

/** More than any plugin's tool scopes; bounds the work on a hostile query. */
const MAX_LENGTH = 1024

/**
 * Checks `scope` of `/oauth/login` (space-separated, from the docs site's "Log in again with
 * <scopes>"): each name must be one the plugin advertises (its own scopes and its tool
 * scopes), so the login route asks the identity provider for nothing the plugin does not
 * define. Absent or empty: none.
 *
 * @example
 * import { checkLoginScopes } from './check-login-scopes.js'
 * checkLoginScopes('notes:write', ['notes:admin', 'notes:write']) // { ok: true, scopes: ['notes:write'] }
 * checkLoginScopes('admin', ['notes:write']).ok // false
 */
export function checkLoginScopes(
  value: string | null,
  askable: readonly string[],
): LoginScopesCheck {
  if (value === null || value.trim() === '') return { ok: true, scopes: [] }
  if (value.length > MAX_LENGTH) {
    return { ok: false, detail: `scope is longer than ${MAX_LENGTH} characters` }
  }
  const scopes = [...new Set(value.split(' ').filter((name) => name !== ''))]
  const unknown = scopes.filter((name) => !askable.includes(name))
  if (unknown.length > 0) {
    const known = askable.length === 0 ? 'none' : askable.join(', ')
    return {
      ok: false,
      detail: `scope may name only the plugin's scopes (${known}), not ${unknown.map((name) => JSON.stringify(name)).join(', ')}`,
    }
  }
  return { ok: true, scopes }
}
