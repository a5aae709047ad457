import type { MiddlewareHandler } from 'hono'
import { onBodyEnd } from '../../../http/on-body-end.js'
import { jsonRpcErrorResponse } from '../wire/json-rpc-error-response.js'

/** How soon a client refused at the limit may try again: streams come and go within seconds. */
const RETRY_AFTER_SECONDS = 5

/**
 * Caps the MCP `GET` event streams open at once in this process (`limits.mcpStreams`): a
 * session's standalone stream or a resumed one, each holding a connection for as long as its
 * client likes. Beyond the cap a `GET` that asks for a stream is 503 with `Retry-After`. A
 * stream counts from its answer until it ends or its client goes away.
 */
export function limitEventStreams(max: number): MiddlewareHandler {
  let open = 0
  return async (c, next) => {
    if (!c.req.header('accept')?.includes('text/event-stream')) return next()
    if (open >= max) {
      return jsonRpcErrorResponse(
        503,
        -32000,
        `Service Unavailable: ${max} streams are open, the most this server keeps; retry later`,
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      )
    }
    await next()
    const { res } = c
    if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return
    open += 1
    c.res = onBodyEnd(res, () => {
      open -= 1
    })
  }
}
