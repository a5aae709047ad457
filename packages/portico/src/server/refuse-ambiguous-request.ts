import type { IncomingMessage, ServerResponse } from 'node:http'
import { targetPathOf } from '../http/pathname-of.js'
import { PROBLEM_CONTENT_TYPE, problemKinds, problemType } from '../http/problem-response.js'

/**
 * A path segment that percent-encodes a dot segment (`%2e`, `.%2e`, `%2E%2e`, ...). The Fetch
 * adapter's URL parser resolves it as `.` or `..`, so `/mcp/%2e%2e/api/<Class>/<method>` would
 * reach a REST tool: a proxy that routes by prefix (only `/mcp` to this server, say) never sees
 * the `..` it forwards.
 */
const ENCODED_DOT_SEGMENT = /\/(?:\.|%2e)?%2e(?:\.|%2e)?(?=[/?#]|$)/i

/**
 * Refuses, on `node:http` before any route, what HTTP itself makes ambiguous: a second `Host`
 * (RFC 9112 § 3.2: 400), and a path with an encoded dot segment, which would resolve out of the
 * surface it names. Answers 400 with a problem document, closes the connection and returns
 * true; false lets the request through.
 */
export function refuseAmbiguousRequest(
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const detail = ambiguityOf(request)
  if (detail === undefined) return false
  const { title, status } = problemKinds.bad_request
  const body = JSON.stringify({ type: problemType('bad_request'), title, status, detail })
  response.shouldKeepAlive = false
  response.writeHead(status, {
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  })
  response.end(body)
  // The body, if any, is not read: the connection closes with the answer.
  request.resume()
  return true
}

function ambiguityOf(request: IncomingMessage): string | undefined {
  const path = targetPathOf(request.url ?? '')
  if (path.includes('%') && ENCODED_DOT_SEGMENT.test(path)) {
    return 'The path has a percent-encoded dot segment (%2e): send the path it means'
  }
  let hosts = 0
  const raw = request.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    if (name.length === 4 && name.toLowerCase() === 'host') hosts += 1
  }
  return hosts > 1 ? 'The request has more than one Host header' : undefined
}
