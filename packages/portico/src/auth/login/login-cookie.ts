import type { CookieSealer } from './create-cookie-sealer.js'

/** What a login remembers between `/oauth/login` and `/oauth/callback`, in a sealed cookie. */
export interface LoginState {
  state: string
  nonce: string
  codeVerifier: string
  redirectUri: string
  clientId: string
  /** The same-origin path the docs site returns to (see `checkReturnPath`). */
  returnTo: string
  /** The RFC 8707 resource asked for, sent again at the token endpoint. */
  resource?: string
  /** A silent login (`prompt=none`): a `login_required` answer starts the ordinary login. */
  silent?: boolean
}

/** How long a login may take, from the redirect to the callback: 10 minutes. */
export const LOGIN_COOKIE_MAX_AGE_SECONDS = 600

/** Where the login cookie goes: over https or over http (see {@link loginCookieName}). */
export interface LoginCookieScope {
  /** The request's public origin is https. */
  secure: boolean
}

/**
 * The login cookie's name: `__Host-portico_login` on an https origin, `portico_login` on http.
 * A browser takes a `__Host-` cookie only from a secure origin, with `Secure`, `Path=/` and no
 * `Domain` (RFC 6265bis §4.1.3.2), so a sibling subdomain cannot plant one of its own and
 * make the victim finish the attacker's login. On http (local development) no prefix is
 * possible.
 */
function loginCookieName(scope: LoginCookieScope): string {
  return scope.secure ? '__Host-portico_login' : 'portico_login'
}

/** The `Set-Cookie` value that starts a login. */
export function loginCookie(
  sealer: CookieSealer,
  state: LoginState,
  options: LoginCookieScope & { now: number },
): string {
  const value = sealer.seal(state, options.now + LOGIN_COOKIE_MAX_AGE_SECONDS)
  return `${loginCookieName(options)}=${value}; ${attributes(LOGIN_COOKIE_MAX_AGE_SECONDS, options)}`
}

/** The `Set-Cookie` value that ends a login, whatever its outcome. */
export function clearedLoginCookie(scope: LoginCookieScope): string {
  return `${loginCookieName(scope)}=; ${attributes(0, scope)}`
}

/**
 * The login state of the request's cookie, or `undefined` when it has none, or one that is
 * expired, tampered with or not of this shape. On https only the `__Host-` cookie counts.
 */
export function readLoginCookie(
  request: Request,
  sealer: CookieSealer,
  options: LoginCookieScope & { now: number },
): LoginState | undefined {
  const name = loginCookieName(options)
  const header = request.headers.get('cookie') ?? ''
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue
    const state = toLoginState(sealer.open(pair.slice(separator + 1).trim(), options.now))
    if (state !== undefined) return state
  }
  return undefined
}

/**
 * `SameSite=Lax`, not `Strict`: the authorization server sends the browser back with a
 * cross-site top-level GET, which `Strict` would send without the cookie. `HttpOnly`: no
 * script, the docs site's included, needs the PKCE verifier. On http, `Path=/oauth` keeps it
 * to the login routes; on https `__Host-` demands `Path=/`, so it rides along with the
 * site's other requests for the few seconds of a login (it is cleared at the callback).
 */
function attributes(maxAge: number, scope: LoginCookieScope): string {
  const path = scope.secure ? '/' : '/oauth'
  return `Max-Age=${maxAge}; Path=${path}; HttpOnly; SameSite=Lax${scope.secure ? '; Secure' : ''}`
}

const REQUIRED = ['state', 'nonce', 'codeVerifier', 'redirectUri', 'clientId', 'returnTo'] as const

function toLoginState(value: unknown): LoginState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  if (!REQUIRED.every((key) => typeof record[key] === 'string')) return undefined
  if (record.resource !== undefined && typeof record.resource !== 'string') return undefined
  if (record.silent !== undefined && typeof record.silent !== 'boolean') return undefined
  return value as LoginState
}
