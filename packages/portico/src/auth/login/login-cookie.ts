import type { CookieSigner } from './create-cookie-signer.js'

/** What a login remembers between `/oauth/login` and `/oauth/callback`, in a signed cookie. */
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
}

const NAME = 'portico_login'

/** How long a login may take, from the redirect to the callback: 10 minutes. */
export const LOGIN_COOKIE_MAX_AGE_SECONDS = 600

/** Only the login routes (`/oauth/login`, `/oauth/callback`) receive it. */
const PATH = '/oauth'

/** The `Set-Cookie` value that starts a login; `Secure` on an https origin. */
export function loginCookie(
  signer: CookieSigner,
  state: LoginState,
  options: { secure: boolean; now: number },
): string {
  const value = signer.sign(state, options.now + LOGIN_COOKIE_MAX_AGE_SECONDS)
  return `${NAME}=${value}; ${attributes(LOGIN_COOKIE_MAX_AGE_SECONDS, options.secure)}`
}

/** The `Set-Cookie` value that ends a login, whatever its outcome. */
export function clearedLoginCookie(options: { secure: boolean }): string {
  return `${NAME}=; ${attributes(0, options.secure)}`
}

/**
 * The login state of the request's cookie, or `undefined` when it has none, or one that is
 * expired, tampered with or not of this shape.
 */
export function readLoginCookie(
  request: Request,
  signer: CookieSigner,
  now: number,
): LoginState | undefined {
  const header = request.headers.get('cookie') ?? ''
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator === -1 || pair.slice(0, separator).trim() !== NAME) continue
    const state = toLoginState(signer.verify(pair.slice(separator + 1).trim(), now))
    if (state !== undefined) return state
  }
  return undefined
}

/**
 * `SameSite=Lax`, not `Strict`: the authorization server sends the browser back with a
 * cross-site top-level GET, which `Strict` would send without the cookie. `HttpOnly`: no
 * script, the docs site's included, needs the PKCE verifier.
 */
function attributes(maxAge: number, secure: boolean): string {
  return `Max-Age=${maxAge}; Path=${PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
}

const REQUIRED = ['state', 'nonce', 'codeVerifier', 'redirectUri', 'clientId', 'returnTo'] as const

function toLoginState(value: unknown): LoginState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  if (!REQUIRED.every((key) => typeof record[key] === 'string')) return undefined
  if (record.resource !== undefined && typeof record.resource !== 'string') return undefined
  return value as LoginState
}
