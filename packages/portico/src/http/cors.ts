import type { MiddlewareHandler } from 'hono'

/** Headers a browser client must be able to read on cross-origin answers. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, ETag, Allow'
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS'
const MAX_AGE = '86400'

/**
 * The CORS headers of every answer, and `nosniff`: no browser reads a JSON answer (or any
 * other) as a script or a page, whatever it holds.
 */
const corsResponseHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
  'x-content-type-options': 'nosniff',
} as const

declare const corsIncluded: unique symbol

/** The headers of an answer, CORS included: made by {@link withCors}, once where they are constant. */
export type AnswerHeaders = Readonly<Record<string, string>> & { readonly [corsIncluded]: true }

/**
 * An answer's own headers plus the CORS headers every answer carries. This and the middleware
 * below are the only places CORS is applied.
 */
export function withCors(headers: Record<string, string>): AnswerHeaders {
  return { ...headers, ...corsResponseHeaders } as Record<string, string> as AnswerHeaders
}

const corsApplied = Symbol('portico.corsApplied')

/**
 * A body Portico compressed itself (its `Content-Encoding` set): Cloudflare's workerd compresses
 * a response's body by that header unless told the body is encoded already, and sent the bytes
 * compressed twice. Other runtimes ignore the member.
 */
const ENCODED = { encodeBody: 'manual' } as ResponseInit

/**
 * A response whose headers already carry CORS, marked so that the middleware leaves it alone:
 * reading `headers` of a response the Node adapter holds as a plain object turns it into a
 * `Headers` instance and costs the adapter its fast path.
 */
export function respond(body: BodyInit | null, status: number, headers: AnswerHeaders): Response {
  const response = new Response(
    body,
    headers['content-encoding'] === undefined
      ? { status, headers }
      : { status, headers, ...ENCODED },
  )
  ;(response as Response & { [corsApplied]?: true })[corsApplied] = true
  return response
}

/**
 * CORS with origin `*` on every answer, and a 204 for every preflight that reaches it. Authority
 * travels in bearer tokens, never cookies, so any origin may read; which pages may call tools
 * is the host policy's (`refuseForeignPreflight` answers those preflights first). Answers built by {@link respond} carry
 * the headers from birth; others (the MCP SDK's) get them here, on the final response in place,
 * after the route ran (Hono's own middleware touches the response before the route, which makes
 * Hono rebuild every answer around a stream: several times slower on Node).
 */
export function cors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers({
        ...corsResponseHeaders,
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-max-age': MAX_AGE,
        vary: 'Access-Control-Request-Headers',
      })
      const requested = c.req.header('access-control-request-headers')
      if (requested) {
        headers.set(
          'access-control-allow-headers',
          requested
            .split(',')
            .map((name) => name.trim())
            .join(','),
        )
      }
      return new Response(null, { status: 204, headers })
    }
    await next()
    if ((c.res as Response & { [corsApplied]?: true })[corsApplied]) return undefined
    try {
      for (const [name, value] of Object.entries(corsResponseHeaders))
        c.res.headers.set(name, value)
    } catch {
      // A response with immutable headers (a redirect, a fetched one): copy it once.
      const copy = new Response(c.res.body, c.res)
      for (const [name, value] of Object.entries(corsResponseHeaders)) copy.headers.set(name, value)
      c.res = copy
    }
    return undefined
  }
}
