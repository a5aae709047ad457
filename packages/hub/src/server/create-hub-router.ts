import type { IncomingMessage, ServerResponse } from 'node:http'
import type { InteractionStep } from '../interaction/create-interaction-routes.js'
import { renderAvatar } from '../pages/render-avatar.js'
import { renderErrorPage } from '../pages/render-error-page.js'
import { renderHomePage } from '../pages/render-home-page.js'
import type { HubProvider } from '../provider/build-hub-provider.js'
import { sharedClientMetadataAt, sharedClientMetadataUrl } from '../shared-client-metadata.js'
import { sendPage } from './send-page.js'

/** What the router serves from. */
export interface HubRouterOptions {
  issuer: string
  /** The provider of the current key set (it changes when the keys do). */
  current: () => HubProvider
  /** Whether a registration request may go on; it answers the request itself when not. */
  admitRegistration: (request: IncomingMessage, response: ServerResponse) => boolean
  log: (message: string) => void
}

type Route = (
  request: IncomingMessage,
  response: ServerResponse,
  match: RegExpExecArray,
  provider: HubProvider,
) => unknown

/**
 * The hub's routes, in order: its own small pages, the shared localhost client documents, the
 * sign-in pages, the registration endpoint behind its rate limit, then everything else to
 * oidc-provider. Each request is served by the provider
 * current when it arrived, so a key change never cuts one off halfway.
 */
export function createHubRouter(
  options: HubRouterOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const { issuer, current, admitRegistration, log } = options
  const homePage = renderHomePage(issuer)
  const interaction =
    (step: InteractionStep): Route =>
    (request, response, match, provider) =>
      provider.interact(request, response, match[1] ?? '', step)
  const routes: [method: string, path: RegExp, route: Route][] = [
    ['GET', /^\/$/, (_request, response) => sendPage(response, 200, homePage)],
    [
      'GET',
      /^\/healthz$/,
      (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n'),
    ],
    [
      'GET',
      /^\/clients\/localhost\/([1-9]\d{0,4})\.json$/,
      (_request, response, match) => sendSharedClientMetadata(response, issuer, Number(match[1])),
    ],
    [
      'GET',
      /^\/avatars\/([a-z0-9][a-z0-9._-]{0,63})\.svg$/,
      (_request, response, match) =>
        response
          .writeHead(200, {
            'content-type': 'image/svg+xml',
            'cache-control': 'public, max-age=86400',
            'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
            'x-content-type-options': 'nosniff',
            'cross-origin-resource-policy': 'cross-origin',
          })
          .end(renderAvatar(match[1] ?? '')),
    ],
    ['GET', /^\/interaction\/([\w-]+)$/, interaction('show')],
    ['POST', /^\/interaction\/([\w-]+)\/login$/, interaction('login')],
    ['POST', /^\/interaction\/([\w-]+)\/consent$/, interaction('consent')],
    ['POST', /^\/interaction\/([\w-]+)\/cancel$/, interaction('cancel')],
    [
      'POST',
      /^\/reg$/,
      (request, response, _match, provider) => {
        if (admitRegistration(request, response)) provider.handle(request, response)
      },
    ],
  ]

  return (request, response) => {
    const provider = current()
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/'
    for (const [method, pattern, route] of routes) {
      const match = pattern.exec(path)
      if (match === null || request.method !== method) continue
      Promise.resolve(route(request, response, match, provider)).catch((error: unknown) => {
        log(
          `portico hub: ${request.method} ${path} failed: ${error instanceof Error ? error.stack : error}`,
        )
        if (!response.headersSent) {
          sendPage(
            response,
            500,
            renderErrorPage('server_error', 'The hub failed to answer; see its log.'),
          )
        } else {
          response.destroy()
        }
      })
      return
    }
    provider.handle(request, response)
  }
}

function sendSharedClientMetadata(response: ServerResponse, issuer: string, port: number): void {
  const document = sharedClientMetadataAt(issuer, sharedClientMetadataUrl(issuer, port))
  if (document === undefined) {
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({ error: 'not_found', error_description: 'the port must be from 1 to 65535' }),
    )
    return
  }
  response.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'public, max-age=3600',
    'access-control-allow-origin': '*',
  })
  response.end(JSON.stringify(document, null, 2))
}
