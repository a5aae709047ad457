import type { RequestListener } from 'node:http'
import type { TextMapPropagator, Tracer } from '@opentelemetry/api'
import { proxyRequestId } from '../../core/request-id.js'
import { targetPathOf } from '../../http/pathname-of.js'
import type { PluginModel } from '../../model/plugin-model.js'
import { createRouteOf, methodOf } from '../metrics/create-route-of.js'

type Api = typeof import('@opentelemetry/api')

/**
 * Wraps the server's listener so that each request is served within a server span, named
 * `<method> <route>` and attributed per the HTTP semantic conventions (plus `portico.surface`
 * and `portico.tool`), a child of the request's `traceparent` header when it has one. The span
 * is active while the request is served, so what it does (an MCP request, a tool, a `fetch`)
 * continues its trace. Only the plugin's own route and tool names are recorded.
 */
export function traceRequests(
  api: Api,
  tracer: Tracer,
  propagator: TextMapPropagator,
  model: PluginModel,
  requestIdKey: symbol,
): (serve: RequestListener) => RequestListener {
  const { trustProxy } = model.config.server
  const { context, trace, SpanKind, SpanStatusCode, ROOT_CONTEXT, defaultTextMapGetter } = api
  const routeOf = createRouteOf(model)
  return (serve) => (request, response) => {
    const method = methodOf(request.method)
    const { surface, route, tool } = routeOf(targetPathOf(request.url ?? ''))
    const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter)
    const span = tracer.startSpan(
      route === undefined ? method : `${method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': method,
          'url.scheme': 'http',
          'portico.surface': surface,
          ...(route === undefined ? {} : { 'http.route': route }),
          ...(tool === undefined ? {} : { 'portico.tool': tool }),
        },
      },
      parent,
    )
    response.once('close', () => {
      const status = response.statusCode
      span.setAttribute('http.response.status_code', status)
      if (status >= 500) {
        span.setAttribute('error.type', String(status))
        span.setStatus({ code: SpanStatusCode.ERROR })
      }
      span.end()
    })
    const active = trace.setSpan(parent, span)
    // A trusted proxy's `X-Request-Id` names the request in the log, rather than the trace id.
    const fromProxy = proxyRequestId(headerValue(request.headers['x-request-id']), trustProxy)
    context.with(fromProxy === undefined ? active : active.setValue(requestIdKey, fromProxy), () =>
      serve(request, response),
    )
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}
