import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { Span, TextMapPropagator, Tracer } from '@opentelemetry/api'

type Api = typeof import('@opentelemetry/api')

/** What undici publishes of a request on its diagnostics channels (Node's `fetch` is undici). */
interface UndiciRequest {
  method: string
  /** `http://host:port`; the path is never read, a query may carry a secret. */
  origin: string | URL
  addHeader(name: string, value: string): unknown
}

/**
 * Makes every `fetch` made within a traced request (a tool's, above all) a client span of that
 * trace and sends its context on in the `traceparent` header (and `tracestate`), through the
 * diagnostics channels Node's `fetch` (undici) publishes: no patching, and nothing runs while
 * no span is active. The span holds the method, the server's address and port and the status,
 * never the path, query or headers. Returns how to stop.
 */
export function propagateFetch(
  api: Api,
  tracer: Tracer,
  propagator: TextMapPropagator,
): () => void {
  const { context, trace, SpanKind, SpanStatusCode } = api
  const spans = new WeakMap<object, Span>()
  const onCreate = (message: unknown) => {
    const { request } = message as { request: UndiciRequest }
    const active = context.active()
    if (!trace.getSpan(active) || typeof request.addHeader !== 'function') return
    const origin = new URL(String(request.origin))
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': request.method,
          'server.address': origin.hostname,
          'server.port': Number(origin.port) || (origin.protocol === 'https:' ? 443 : 80),
          'url.scheme': origin.protocol.slice(0, -1),
        },
      },
      active,
    )
    spans.set(request, span)
    propagator.inject(trace.setSpan(active, span), request, {
      set: (carrier: UndiciRequest, name, value) => {
        carrier.addHeader(name, value)
      },
    })
  }
  const onHeaders = (message: unknown) => {
    const { request, response } = message as { request: object; response: { statusCode: number } }
    const span = spans.get(request)
    if (!span) return
    span.setAttribute('http.response.status_code', response.statusCode)
    if (response.statusCode >= 400) {
      span.setAttribute('error.type', String(response.statusCode))
      span.setStatus({ code: SpanStatusCode.ERROR })
    }
  }
  const onTrailers = (message: unknown) => {
    const { request } = message as { request: object }
    spans.get(request)?.end()
    spans.delete(request)
  }
  const onError = (message: unknown) => {
    const { request, error } = message as { request: object; error: unknown }
    const span = spans.get(request)
    if (!span) return
    span.setAttribute('error.type', error instanceof Error ? error.name : 'Error')
    span.setStatus({ code: SpanStatusCode.ERROR })
    span.end()
    spans.delete(request)
  }
  const channels: [string, (message: unknown) => void][] = [
    ['undici:request:create', onCreate],
    ['undici:request:headers', onHeaders],
    ['undici:request:trailers', onTrailers],
    ['undici:request:error', onError],
  ]
  for (const [name, listener] of channels) subscribe(name, listener)
  return () => {
    for (const [name, listener] of channels) unsubscribe(name, listener)
  }
}
