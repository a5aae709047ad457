import { logger } from '../../core/logger.js'
import { fetchRequestId } from '../../core/request-id.js'
import { constantTimeEqual } from './constant-time-equal.js'
import { handoffPage, userFromClaims } from './handoff-page.js'
import type { LoginContext } from './login-context.js'
import { clearedLoginCookie, readLoginCookie } from './login-cookie.js'
import { loginErrorPage } from './login-error-page.js'
import { retryLoginUrl } from './login-paths.js'

/**
 * `GET /oauth/callback`: the login cookie must be there and intact, the `state` its own and
 * seen here only once; then an `error` of the authorization server is shown, or the code is
 * exchanged on the server (PKCE verifier, `state`, nonce and `iss` checked) and the token
 * handed to the docs site by a page, never a URL. A silent login the provider cannot answer
 * without a page (`login_required`, …) goes on to the ordinary login. Every answer clears the cookie; none logs
 * the code or the token.
 */
export function createFinishLogin(context: LoginContext): (request: Request) => Promise<Response> {
  const { client, sealer, usedStates, originOf } = context
  return async (request) => {
    const secure = originOf(request).startsWith('https:')
    const cleared = clearedLoginCookie({ secure })
    const now = context.now()
    const login = readLoginCookie(request, sealer, { secure, now })
    const fail = (status: 400 | 502, title: string, detail: string, returnTo = '/') =>
      loginErrorPage({ status, title, detail, retryUrl: retryLoginUrl(returnTo) }, cleared)
    if (login === undefined) {
      return fail(
        400,
        'The login expired',
        'The login expired or was started elsewhere; try again.',
      )
    }
    const url = new URL(request.url)
    const state = url.searchParams.get('state')
    if (state === null || !constantTimeEqual(state, login.state)) {
      return fail(
        400,
        'The login does not match',
        'This answer belongs to another login than the one this browser started (its state differs); try again.',
        login.returnTo,
      )
    }
    if (!usedStates.claim(login.state, now)) {
      return fail(
        400,
        'The login was already used',
        'This login has been completed once already, and a login is accepted only once; try again.',
        login.returnTo,
      )
    }
    const error = url.searchParams.get('error')
    if (error !== null && login.silent === true && NEEDS_A_PAGE.has(error)) {
      // The silent login could not be silent: start the ordinary one, back to the same page.
      return new Response(null, {
        status: 302,
        headers: {
          location: retryLoginUrl(login.returnTo),
          'set-cookie': cleared,
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
        },
      })
    }
    if (error !== null) {
      const description = url.searchParams.get('error_description')
      return fail(
        400,
        'The login was refused',
        `The authorization server answered ${error}${description ? `: ${description}` : ''}.`,
        login.returnTo,
      )
    }
    // The redirect URI the authorization request named, with the callback's query: what
    // openid-client reads the response from and sends again as `redirect_uri`.
    const callbackUrl = new URL(login.redirectUri)
    callbackUrl.search = url.search
    const exchanged = await client.exchangeCode({
      clientId: login.clientId,
      callbackUrl,
      state: login.state,
      nonce: login.nonce,
      codeVerifier: login.codeVerifier,
      ...(login.resource === undefined ? {} : { resource: login.resource }),
    })
    if (!exchanged.ok) {
      logger.warn(`Docs-site login: ${exchanged.detail}`, {
        requestId: fetchRequestId(request, context.trustProxy),
      })
      return fail(exchanged.status, 'The login failed', exchanged.detail, login.returnTo)
    }
    const { accessToken, claims } = exchanged.value
    return handoffPage(
      { accessToken, user: userFromClaims(claims), returnTo: login.returnTo },
      cleared,
    )
  }
}

/** The errors of a `prompt=none` request that a login with a page may resolve (OIDC Core §3.1.2.6). */
const NEEDS_A_PAGE = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
])
