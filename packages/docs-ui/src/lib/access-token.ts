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

/** The person a login names, from the ID token's claims. */
export interface LoginUser {
  name?: string
  email?: string
  preferredUsername?: string
  picture?: string
}

function readAccessToken(): string | undefined {
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

/** The login URL the server writes into the page when the plugin has login routes. */
export function loginUrl(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="portico-login"]')?.content || undefined
}
