import { respond } from '../../http/cors.js'
import { pathnameOf, searchOf } from '../../http/pathname-of.js'
import { readBodyBytes } from '../../http/read-body.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { createRestCall, type RestCallOptions } from './create-rest-call.js'

/** Options of {@link createRestHandler}. */
export interface RestHandlerOptions extends RestCallOptions {
  /** The public origin of a request (see `requestOrigin`), for the challenge. */
  originOf(request: Request): string
}

/** The REST surface on the Fetch API (every runtime): the REST call, read from a `Request`. */
export function createRestHandler(
  runtime: ToolRuntime,
  options: RestHandlerOptions,
): (request: Request) => Promise<Response> {
  const { originOf, ...callOptions } = options
  const call = createRestCall(runtime, callOptions)
  return async (request) => {
    const { headers } = request
    const answer = await call({
      method: request.method,
      pathname: pathnameOf(request.url),
      contentType: headers.get('content-type'),
      readBody: (limitBytes) => readBodyBytes(request, limitBytes),
      authorization: headers.get('authorization'),
      dpop: headers.get('dpop'),
      search: searchOf(request.url),
      origin: () => originOf(request),
      host: headers.get('host'),
      requestOrigin: headers.get('origin'),
      fetchSite: headers.get('sec-fetch-site'),
      signal: () => request.signal,
    })
    return respond(answer.body, answer.status, answer.headers)
  }
}
