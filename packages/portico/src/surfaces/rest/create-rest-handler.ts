import { respond } from '../../http/cors.js'
import { readBodyBytes } from '../../http/read-body.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import { admissionRequestOf } from './create-rest-admission.js'
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
    const answer = await call({
      ...admissionRequestOf(request, originOf),
      contentType: request.headers.get('content-type'),
      readBody: (limitBytes) => readBodyBytes(request, limitBytes),
      signal: () => request.signal,
    })
    return respond(answer.body, answer.status, answer.headers)
  }
}
