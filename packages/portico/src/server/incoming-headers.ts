import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * The headers of which Node keeps only the first line (its `headers` drops the rest), among
 * those the edges read; a Fetch `Headers` joins every line with `, `. `Host` is not here: a
 * second one is refused before any edge (`refuseAmbiguousRequest`).
 */
const FIRST_LINE_ONLY = new Set(['authorization', 'content-type', 'user-agent'])

/**
 * A header of a `node:http` request read as Fetch's `Headers.get` reads it: every line joined
 * with `, ` (Node joins most repeated headers so already, but keeps only the first of a few, so
 * a gate or a content-type check would see less than on the Fetch path), `null` when absent.
 */
export function incomingHeader(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name]
  if (value === undefined) return null
  if (typeof value !== 'string') return value.join(', ')
  if (!FIRST_LINE_ONLY.has(name)) return value
  // Joined only when a second line is there: nothing is allocated for the one line of nearly
  // every request, and a name already in lower case is not lowered again.
  let lines: string | undefined
  let seen = 0
  const raw = request.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const rawName = raw[i] as string
    if (rawName.length !== name.length || (rawName !== name && rawName.toLowerCase() !== name))
      continue
    seen += 1
    if (seen > 1) lines = `${lines ?? value}, ${raw[i + 1] ?? ''}`
  }
  return lines ?? value
}

/**
 * The signal of a client going away before its answer was written, made on its first use: most
 * requests never ask, and the hot path stays light.
 */
export function clientGoneSignal(response: ServerResponse): () => AbortSignal {
  let disconnected: AbortController | undefined
  return () => {
    if (disconnected) return disconnected.signal
    const controller = new AbortController()
    disconnected = controller
    const goneAway = () => controller.abort(new Error('The client went away'))
    if (response.closed && !response.writableFinished) goneAway()
    else response.once('close', () => response.writableFinished || goneAway())
    return controller.signal
  }
}
