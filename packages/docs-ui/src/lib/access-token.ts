import { useEffect, useState } from 'preact/hooks'

/**
 * The access token a person pasted in the Authorize dialog or that a login handed over, kept
 * in `sessionStorage`: it lives as long as the tab, never in a cookie and never in a URL. Every
 * request the site makes to a tool-calling route sends it through {@link authorizationHeaders}.
 * The login's hand-off page (`/oauth/callback`) writes these same keys.
 */
const TOKEN_KEY = 'portico.accessToken'
/** Who logged in, as JSON: written by the login only, so absent for a pasted token. */
const USER_KEY = 'portico.user'
const listeners = new Set<() => void>()
/** A token a call answered 401 to: the server no longer takes it (expired, revoked). */
let refusedToken: string | undefined

/** The person a login names, from the ID token's claims. */
export interface LoginUser {
  name?: string
  email?: string
  preferredUsername?: string
  picture?: string
}

export function readAccessToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** The user of the login that gave the stored token, or undefined (no login, or a pasted token). */
function readLoginUser(): LoginUser | undefined {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(USER_KEY) ?? 'null')
    return typeof value === 'object' && value !== null ? (value as LoginUser) : undefined
  } catch {
    return undefined
  }
}

/**
 * Stores a pasted token (trimmed, a leading `Bearer ` dropped), or forgets it when empty. A
 * pasted token replaces the login's (spec 5.5: it takes precedence), so the login's user goes
 * with it.
 */
export function saveAccessToken(token: string | undefined): void {
  const value = token?.trim().replace(/^bearer\s+/i, '')
  try {
    if (value) sessionStorage.setItem(TOKEN_KEY, value)
    else sessionStorage.removeItem(TOKEN_KEY)
    sessionStorage.removeItem(USER_KEY)
  } catch {
    // Storage may be disabled: the token then lives only until the next reload.
  }
  for (const listener of listeners) listener()
}

/** Forgets the token and the user: the site calls tools without credentials again. */
export function logOut(): void {
  saveAccessToken(undefined)
}

/** `{ authorization: 'Bearer …' }` when a token is stored, else `{}`. */
export function authorizationHeaders(): Record<string, string> {
  const token = readAccessToken()
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** The stored token; re-renders when it changes. */
export function useAccessToken(): string | undefined {
  return useStored(readAccessToken)
}

/** The login's user (see {@link readLoginUser}); re-renders when it changes. */
export function useLoginUser(): LoginUser | undefined {
  return useStored(readLoginUser)
}

function useStored<T>(read: () => T): T {
  const [value, setValue] = useState(read)
  useEffect(() => {
    const update = () => setValue(read())
    listeners.add(update)
    return () => {
      listeners.delete(update)
    }
  }, [])
  return value
}

/**
 * When a JWT access token expires (its `exp` claim, in ms), or undefined when the token is not a
 * JWT the site can read. The signature is not checked: the server does that; this only decides
 * what the header says.
 */
export function tokenExpiry(token: string): number | undefined {
  const exp = jwtClaims(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : undefined
}

/**
 * The claims of a JWT, unverified (the server checks the signature; the site only reads them to
 * say what the token allows), or undefined when the token is not a JWT the site can read.
 */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1]
  if (!payload) return undefined
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/**
 * Notes that a call sent the stored token and got 401: the token is spent (expired, revoked),
 * whatever its `exp` says. {@link useTokenExpired} then reports it until another token comes.
 */
export function noteRefusedToken(): void {
  const token = readAccessToken()
  if (token === undefined || token === refusedToken) return
  refusedToken = token
  for (const listener of listeners) listener()
}

/**
 * Whether the stored token has expired (its `exp` passed) or was refused with a 401; re-renders
 * when that changes, at the moment of expiry too.
 */
export function useTokenExpired(): boolean {
  const token = useAccessToken()
  const expiry = token === undefined ? undefined : tokenExpiry(token)
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    if (expiry === undefined || expiry <= Date.now()) return
    // A timer past 2^31 - 1 ms fires at once; a day is plenty, the effect reruns after it.
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(expiry - Date.now() + 50, 86_400_000),
    )
    return () => clearTimeout(timer)
  }, [expiry, now])
  if (token === undefined) return false
  return token === refusedToken || (expiry !== undefined && expiry <= now)
}

/** The login URL the server writes into the page when the plugin has login routes. */
export function loginUrl(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="portico-login"]')?.content || undefined
}

/**
 * The login again after an expiry, back to this page: `prompt=none` asks the identity provider
 * to log in without a page when its session allows; when it does not, the callback starts the
 * ordinary login.
 */
export function relogInUrl(loginUrl: string): string {
  const returnTo = encodeURIComponent(location.pathname + location.hash)
  return `${loginUrl}?return_to=${returnTo}&prompt=none`
}
