import { type Handler, Hono } from 'hono'
import { logger } from '../core/logger.js'
import { PorticoError } from '../core/portico-error.js'
import { fetchRequestId } from '../core/request-id.js'
import { rememberClientAddress } from '../http/client-address.js'
import { cors } from '../http/cors.js'
import { rememberLocalPort } from '../http/local-port.js'
import { originHeadersMiddleware } from '../http/origin-headers.js'
import { pathnameOf } from '../http/pathname-of.js'
import { notFoundResponse, problemResponse, toProblemDocument } from '../http/problem-response.js'
import { refuseForeignPreflight } from '../http/refuse-foreign-preflight.js'
import type { Route } from '../http/route.js'
import type { PluginModel } from '../model/plugin-model.js'
import { limitEventStreams } from '../surfaces/mcp/sessions/limit-event-streams.js'
import { carryAdmission } from '../surfaces/mcp/wire/edge-admissions.js'
import type { ServingParts } from './create-serving-parts.js'

/**
 * The routes that call tools, whose preflights the host policy judges; under `/mcp` that
 * includes the JSON mirrors, which a simple GET (no preflight) still reads from any page.
 */
const TOOL_CALLING_PATHS = ['/api/*', '/mcp', '/mcp/*']

/**
 * The login's paths, which the CORS middleware leaves alone: no other origin has anything to
 * read there, and the callback's page carries a token.
 */
const LOGIN_PREFIX = '/oauth/'

/**
 * The Hono app that serves `routes` (see `listRoutes`) in their order, behind the middleware
 * every answer passes: the origin headers, the refusal of foreign preflights, CORS, and the
 * 404 and 500 answers.
 */
export function mountRoutes(
  model: PluginModel,
  routes: readonly Route[],
  dev: boolean,
  parts: ServingParts,
): Hono {
  const { trustProxy } = model.config.server
  const app = new Hono()
  const originHeaders = originHeadersMiddleware(model.config.server)
  // First, so that it sees every answer last, refused preflights included.
  if (originHeaders) app.use('*', originHeaders)
  // Before the CORS middleware, which grants every other preflight.
  app.on('OPTIONS', TOOL_CALLING_PATHS, refuseForeignPreflight(parts.hostPolicy, { dev }))
  const corsHeaders = cors()
  // A configured public URL fixes every origin: the port a request came in on is never asked.
  const portMatters = model.config.server.publicUrl === undefined
  app.use('*', (c, next) => {
    // Two `Host` headers, joined by the Fetch API: HTTP asks for a 400 (RFC 9112 § 3.2).
    if (c.req.raw.headers.get('host')?.includes(',')) return Promise.resolve(twoHostsResponse())
    if (portMatters) rememberLocalPort(c.req.raw, c.env)
    rememberClientAddress(c.req.raw, c.env)
    return pathnameOf(c.req.url).startsWith(LOGIN_PREFIX) ? next() : corsHeaders(c, next)
  })
  // What the node:http edge admitted before handing it on is not checked again.
  app.on('POST', ['/mcp', '/mcp/:server'], (c, next) => {
    carryAdmission(c.req.raw, c.env)
    return next()
  })
  // The paths of the MCP endpoints, which match no request twice (`/mcp/*` would match `/mcp`
  // too, and count its stream twice).
  app.on('GET', ['/mcp', '/mcp/:server'], limitEventStreams(model.config.limits.mcpStreams))
  for (const route of routes) {
    // A route that answers `undefined` passes the request on to the next one that matches.
    const handler: Handler = (c, next) => route.handle(c.req.raw, c.req.param()) ?? next()
    if (route.method === 'GET') app.get(route.path, handler)
    else app.all(route.path, handler)
  }
  app.notFound((c) => notFoundResponse(c.req.raw, { dev }))
  app.onError((error, c) => {
    const request = c.req.raw
    const requestId = fetchRequestId(request, trustProxy)
    // What no route turned into an answer is a bug or a fault: the log keeps its stack.
    logger.error(`${c.req.method} ${pathnameOf(c.req.url)} failed:`, error, { requestId })
    return problemResponse(toProblemDocument(error, { dev, requestId }))
  })
  return app
}

/** The 400 of a request with more than one `Host` (the Node server refuses it before the app). */
function twoHostsResponse(): Response {
  const error = new PorticoError('bad_request', 'The request has more than one Host header')
  return problemResponse(toProblemDocument(error, { dev: false }))
}
