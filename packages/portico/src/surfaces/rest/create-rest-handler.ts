import { respond } from '../../http/cors.js'
import { pathnameOf, searchOf } from '../../http/pathname-of.js'
import { readBodyBytes } from '../../http/read-body.js'
import { requestOrigin } from '../../http/request-origin.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { createRestCall, type RestCallOptions } from './create-rest-call.js'

/** The REST surface on the Fetch API (every runtime): the REST call, read from a `Request`. */
export function createRestHandler(
  runtime: ToolRuntime,
  options: RestCallOptions,
): (request: Request) => Promise<Response> {
  const call = createRestCall(runtime, options)
  return async (request) => {
    const answer = await call({
      method: request.method,
      pathname: pathnameOf(request.url),
      contentType: request.headers.get('content-type'),
      readBody: (limitBytes) => readBodyBytes(request, limitBytes),
      authorization: request.headers.get('authorization'),
      search: searchOf(request.url),
      origin: () => requestOrigin(request, runtime.model.config.server),
    })
    return respond(answer.body, answer.status, answer.headers)
  }
}
