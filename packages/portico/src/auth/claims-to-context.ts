import type { JWTPayload } from 'jose'
import type { PorticoCaller } from '../core/plugin-context.js'
import { readTokenScopes } from './read-token-scopes.js'

/**
 * Maps verified claims to the context a tool method receives: `uid` from `sub`, `email` (empty
 * when `email_verified` is `false`: an address the provider has not verified must not pass for
 * the caller's, e.g. to match an account; absent `email_verified` keeps it, as many access
 * tokens leave the claim out), `orgs` (from `orgs`, else `org` or `org_id`), an avatar whose name falls back from `name`
 * to `preferred_username`, the e-mail and the uid, and `scopes` from `scope` and `scp`. Claims of an unexpected type count as
 * absent, so this never throws. The verifier already refuses a token without a string `sub`;
 * here a missing one becomes `''`.
 *
 * @example
 * import { claimsToContext } from './claims-to-context.js'
 * claimsToContext({ sub: 'u1', name: 'Ada Lovelace' }, token).avatar.initials // 'AL'
 */
export function claimsToContext(claims: JWTPayload, token: string): PorticoCaller {
  const uid = text(claims.sub)
  const email = claims.email_verified === false ? '' : text(claims.email)
  const name = text(claims.name) || text(claims.preferred_username) || email || uid
  const picture = text(claims.picture)
  return {
    uid,
    email,
    orgs: readOrgs(claims),
    avatar: { name, initials: initialsOf(name), picture: isHttpUrl(picture) ? picture : '' },
    token,
    scopes: readTokenScopes(claims),
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function readOrgs(claims: JWTPayload): string[] {
  if (Array.isArray(claims.orgs)) {
    return claims.orgs.filter((org): org is string => typeof org === 'string' && org !== '')
  }
  const single = text(claims.org) || text(claims.org_id)
  return single === '' ? [] : [single]
}

/**
 * First letters of the first and last words: `Ada King Lovelace` → `AL`, `ada` → `A`; an
 * e-mail counts by its local part (`ada.lovelace@x.org` → `AL`).
 */
function initialsOf(name: string): string {
  const words = /\s/.test(name) ? name : (name.split('@')[0] ?? '')
  const letters = words
    .split(/[\s._-]+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined)
  const picked = letters.length > 1 ? [letters[0], letters[letters.length - 1]] : letters
  return picked.join('').toUpperCase()
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
}
