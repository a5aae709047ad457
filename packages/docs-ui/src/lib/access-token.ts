import { useEffect, useState } from 'preact/hooks'

/**
 * The access token a person pasted in the Authorize dialog (or that a login handed over), kept
 * in `sessionStorage`: it lives as long as the tab, never in a cookie and never in a URL. Every
 * request the site makes to a tool-calling route sends it through {@link authorizationHeaders}.
 */
const KEY = 'portico.accessToken'
const listeners = new Set<() => void>()

export function readAccessToken(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** Stores the token (trimmed, a leading `Bearer ` dropped), or forgets it when empty. */
export function saveAccessToken(token: string | undefined): void {
  const value = token?.trim().replace(/^bearer\s+/i, '')
  try {
    if (value) sessionStorage.setItem(KEY, value)
    else sessionStorage.removeItem(KEY)
  } catch {
    // Storage may be disabled: the token then lives only until the next reload.
  }
  for (const listener of listeners) listener()
}

/** `{ authorization: 'Bearer …' }` when a token is stored, else `{}`. */
export function authorizationHeaders(): Record<string, string> {
  const token = readAccessToken()
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** The stored token; re-renders when it changes. */
export function useAccessToken(): string | undefined {
  const [token, setToken] = useState(readAccessToken)
  useEffect(() => {
    const update = () => setToken(readAccessToken())
    listeners.add(update)
    return () => {
      listeners.delete(update)
    }
  }, [])
  return token
}
