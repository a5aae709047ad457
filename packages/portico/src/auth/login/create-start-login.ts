import { logger } from '../../core/logger.js'
import { fetchRequestId } from '../../core/request-id.js'
import { loginScope } from './build-client-metadata.js'
import { checkLoginScopes } from './check-login-scopes.js'
import { checkReturnPath } from './check-return-path.js'
import { chooseClientId } from './choose-client-id.js'
import type { LoginContext } from './login-context.js'
import { loginCookie } from './login-cookie.js'
import { loginErrorPage, wantsHtml } from './login-error-page.js'
import { callbackUrl, LOGIN_PATH, retryLoginUrl } from './login-paths.js'
import { loginProblem } from './login-problem.js'

/**
 * `GET /oauth/login?return_to=<path>[&scope=<tool scopes>]`: checks the return path and the
 * extra scopes (the plugin's and its tool scopes only: the docs site's "Log in again with <scopes>" for a tool the
 * token may not call), picks the `client_id` for the request's origin, and redirects to the
 * authorization server (code + PKCE S256, `state`,
 * `nonce`, the login's resource, and in mode portico-hub `portico_deploy=<org>/<app>` for the
 * hub's "Sign in to org/app"). The secrets ride in the sealed (encrypted), HttpOnly login cookie.
 * `prompt=none` (the docs site's Log in again after an expiry) is passed on: the identity
 * provider then answers without a page when its session allows (OIDC Core §3.1.2.1). A refusal
 * is a page for a browser (`Accept: text/html`: the docs site's Log in link) and problem+json for
 * anything else; an authorization server that cannot be reached is one (see the login client).
 */
export function createStartLogin(context: LoginContext): (request: Request) => Promise<Response> {
  const { settings, client, sealer, originOf } = context
  // A challenge's scope names the plugin's own scopes with the tool's: both may be asked for.
  const askable = [...new Set([...settings.advertisedScopes, ...context.toolScopes])]
  const resource = settings.loginResource === undefined ? {} : { resource: settings.loginResource }
  const extraParameters: Record<string, string> =
    settings.mode === 'portico-hub' && settings.deploy !== undefined
      ? { portico_deploy: `${settings.deploy.org}/${settings.deploy.app}` }
      : {}
  return async (request) => {
    const origin = originOf(request)
    const query = new URL(request.url).searchParams
    const returnTo = checkReturnPath(query.get('return_to'), origin)
    const silent = query.get('prompt') === 'none'
    // A bad link: a page for a browser, problem+json for a program.
    const refuse = (detail: string) =>
      wantsHtml(request)
        ? loginErrorPage({
            status: 400,
            title: 'This login link is not valid',
            detail,
            retryUrl: LOGIN_PATH,
          })
        : loginProblem(400, detail)
    if (!returnTo.ok) return refuse(returnTo.detail)
    const extra = checkLoginScopes(query.get('scope'), askable)
    if (!extra.ok) return refuse(extra.detail)
    const scope = loginScope(settings, extra.scopes)
    const clientId = chooseClientId(settings, origin)
    const redirectUri = callbackUrl(origin)
    const started = await client.startAuthorization({
      clientId,
      redirectUri,
      scope,
      extraParameters: silent ? { ...extraParameters, prompt: 'none' } : extraParameters,
      ...resource,
    })
    if (!started.ok) {
      logger.warn(`Docs-site login: ${started.detail}`, {
        requestId: fetchRequestId(request, context.trustProxy),
      })
      if (!wantsHtml(request)) return loginProblem(started.status, started.detail)
      return loginErrorPage({
        status: started.status,
        title: 'The login could not start',
        detail: started.detail,
        retryUrl: retryLoginUrl(returnTo.path),
      })
    }
    const { url, state, nonce, codeVerifier } = started.value
    const cookie = loginCookie(
      sealer,
      {
        state,
        nonce,
        codeVerifier,
        redirectUri,
        clientId,
        returnTo: returnTo.path,
        ...resource,
        ...(silent ? { silent } : {}),
      },
      { secure: origin.startsWith('https:'), now: context.now() },
    )
    return new Response(null, {
      status: 302,
      headers: {
        location: url.href,
        'set-cookie': cookie,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      },
    })
  }
}
