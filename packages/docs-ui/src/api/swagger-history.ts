import type { SwaggerRequest, SwaggerResponse } from 'swagger-ui-dist/swagger-ui-es-bundle.js'
import { recordCall } from '../lib/call-history.js'

/** Swagger UI's two interceptors, which keep its try-it-out calls in the tab's history. */
export interface SwaggerHistory {
  request(request: SwaggerRequest): void
  response(response: SwaggerResponse): void
}

/**
 * Puts each tool call Swagger UI's Execute sends (a `POST` on this origin) in the tab's history
 * (lib/call-history.ts), as the try-it form's calls are: its path, its body as typed, the status
 * and the time, never a header. Swagger UI hands the two interceptors the request and its
 * answer separately: a request waits by URL for its answer, first sent first answered. Its
 * document (`GET /open-api.json`) is no call.
 */
export function swaggerHistory(): SwaggerHistory {
  const waiting = new Map<string, { input: string; started: number }[]>()
  return {
    request(request) {
      const url = new URL(request.url, location.href)
      // The document's request has no method (a GET): only a POST on this origin is a call.
      if (request.method?.toUpperCase() !== 'POST' || url.origin !== location.origin) return
      const input = typeof request.body === 'string' ? request.body : ''
      const queue = waiting.get(url.href) ?? []
      queue.push({ input, started: performance.now() })
      waiting.set(url.href, queue)
    },
    response(response) {
      const url = new URL(response.url, location.href)
      const sent = waiting.get(url.href)?.shift()
      if (!sent) return
      recordCall({
        surface: 'rest',
        tool: url.pathname,
        input: sent.input,
        status: response.status,
        // Swagger UI answers a request that got no response with status 0 (a failed fetch).
        outcome: response.status === 0 ? 'not sent' : 'answered',
        ms: Math.round(performance.now() - sent.started),
      })
    },
  }
}
