import { fetchRequestId } from '../../core/request-id.js'
import { respond } from '../../http/cors.js'
import { readBodyBytes } from '../../http/read-body.js'
import { admissionRequestOf } from './create-rest-admission.js'
import type { RestAnswer, RestRequest } from './rest-request.js'

/**
 * The REST surface on the Fetch API (every runtime): the REST call (`createRestCall`, shared
 * with the `node:http` edge), read from a `Request`; its body within `bodyDeadlineMs`, when
 * given (see `readBodyBytes`).
 */
export function createRestHandler(
  call: (request: RestRequest) => Promise<RestAnswer>,
  originOf: (request: Request) => string,
  trustProxy: boolean,
  bodyDeadlineMs?: number,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const answer = await call({
      ...admissionRequestOf(request, originOf),
      contentType: request.headers.get('content-type'),
      contentEncoding: request.headers.get('content-encoding'),
      prefer: request.headers.get('prefer'),
      readBody: (limitBytes) => readBodyBytes(request, limitBytes, bodyDeadlineMs),
      signal: () => request.signal,
      requestId: () => fetchRequestId(request, trustProxy),
    })
    return respond(answer.body, answer.status, answer.headers)
  }
}
