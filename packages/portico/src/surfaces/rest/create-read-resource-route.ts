import { PorticoError } from '../../core/portico-error.js'
import { fetchRequestId } from '../../core/request-id.js'
import { withCharset } from '../../http/content-types.js'
import { respond, withCors } from '../../http/cors.js'
import { refuseEncodedBody } from '../../http/is-encoded-body.js'
import { searchOf } from '../../http/pathname-of.js'
import { PROBLEM_CONTENT_TYPE, toProblemDocument } from '../../http/problem-response.js'
import { readBodyBytes } from '../../http/read-body.js'
import type { ToolRuntime } from '../../invoke/create-tool-runtime.js'
import type { ResourceContents } from '../../invoke/resource-contents.js'
import { createListedResourceReader } from './create-listed-resource-reader.js'
import { admissionRequestOf, createRestAdmission } from './create-rest-admission.js'
import type { RestCallOptions } from './create-rest-call.js'
import { parseJsonBody } from './parse-json-body.js'

/** Where the plugin's resources are read over REST. */
export const RESOURCES_PATH = '/api/resources'

/** Whether a request target (`/api/resources?uri=…`) is the resource route, which the app serves. */
export function isResourcesTarget(target: string): boolean {
  return target === RESOURCES_PATH || target.startsWith(`${RESOURCES_PATH}?`)
}

/** Options of {@link createReadResourceRoute}: those of the REST call's admission, and the origin. */
export interface ReadResourceRouteOptions extends Omit<RestCallOptions, 'taskRunner'> {
  /** The public origin of a request (see `requestOrigin`), for the challenge. */
  originOf(request: Request): string
  /**
   * How long a body may take to arrive once read, in ms: `limits.requestTimeoutMs` where the host
   * bounds no such time (see `readBodyBytes`); absent where it does.
   */
  bodyDeadlineMs?: number
}

const ALLOW = 'GET, HEAD, POST, OPTIONS'
const jsonHeaders = withCors({ 'content-type': 'application/json; charset=utf-8' })
/** The bytes are the plugin's (or a template's) own: never sniffed, never run as a page here. */
const contentHeaders = { 'x-content-type-options': 'nosniff', 'content-security-policy': 'sandbox' }

/**
 * `/api/resources`, the plugin's resources over REST, as one pipeline: the method (405), the
 * host policy and the token as on every `/api` route (403, 401), the URI (400 when missing, not
 * a URI, or too long), the read (404 for a URI no resource answers to; a template's 422, 500,
 * 504 as a tool's). The `skill://` files and `ui://` widget pages that MCP lists read here too,
 * with the contents MCP's `resources/read` gives. `GET /api/resources?uri=<uri>` answers the
 * bytes with their content type; `POST /api/resources` with `{ "uri": "…" }` answers MCP's
 * `{ "contents": [ … ] }` as JSON.
 */
export function createReadResourceRoute(
  runtime: ToolRuntime,
  options: ReadResourceRouteOptions,
): (request: Request) => Promise<Response> {
  const { originOf, bodyDeadlineMs, ...admissionOptions } = options
  const admit = createRestAdmission(admissionOptions)
  const limitBytes = runtime.model.config.limits.bodyBytes
  const { trustProxy } = runtime.model.config.server
  const readListed = createListedResourceReader(runtime.model)
  return async (request) => {
    try {
      const method = request.method === 'HEAD' ? 'GET' : request.method
      if (method !== 'GET' && method !== 'POST') {
        throw new PorticoError('method_not_allowed', 'Read a resource with GET or POST')
      }
      const admission = await admit(admissionRequestOf(request, originOf))
      if (!admission.ok) {
        const { body, status, headers: answerHeaders } = admission.answer
        return respond(body, status, answerHeaders)
      }
      const uri =
        method === 'GET'
          ? uriOfQuery(request.url)
          : uriOfBody(await readJsonBody(request, limitBytes, bodyDeadlineMs))
      const channel = {
        signal: () => request.signal,
        requestId: () => fetchRequestId(request, trustProxy),
      }
      const contents =
        readListed(uri, originOf(request)) ??
        (await runtime.readResource(uri, admission.caller, channel))
      if (method === 'POST')
        return respond(JSON.stringify({ contents: [contents] }), 200, jsonHeaders)
      return answerBytes(contents, request.method === 'HEAD')
    } catch (error) {
      const problem = toProblemDocument(error, { dev: options.dev })
      const extra: Record<string, string> = problem.status === 405 ? { allow: ALLOW } : {}
      const headers = withCors({ ...extra, 'content-type': PROBLEM_CONTENT_TYPE })
      return respond(JSON.stringify(problem), problem.status, headers)
    }
  }
}

/** The one `uri` parameter of the query. */
function uriOfQuery(url: string): string {
  const values = new URLSearchParams(searchOf(url)).getAll('uri')
  if (values.length !== 1 || values[0] === '') {
    throw new PorticoError(
      'bad_request',
      values.length > 1
        ? 'Give one uri parameter, not several'
        : 'The uri query parameter is missing: /api/resources?uri=<uri>',
    )
  }
  return values[0] as string
}

function uriOfBody(body: unknown): string {
  const uri = (body as { uri?: unknown } | null)?.uri
  if (typeof uri !== 'string' || uri === '') {
    throw new PorticoError('bad_request', 'Send { "uri": "<uri>" }: the resource to read')
  }
  return uri
}

function answerBytes(contents: ResourceContents, head: boolean): Response {
  const bytes =
    'text' in contents ? Buffer.from(contents.text, 'utf8') : Buffer.from(contents.blob, 'base64')
  const headers = withCors({
    ...contentHeaders,
    'content-type': withCharset(contents.mimeType),
    'content-length': String(bytes.byteLength),
  })
  return respond(head ? null : bytes, 200, headers)
}

/** The JSON body of a `POST`: an encoded one refused before it is read (415). */
async function readJsonBody(
  request: Request,
  limitBytes: number,
  deadlineMs: number | undefined,
): Promise<unknown> {
  const { headers } = request
  refuseEncodedBody(headers.get('content-encoding'))
  const bytes = await readBodyBytes(request, limitBytes, deadlineMs)
  return parseJsonBody(bytes, headers.get('content-type'))
}
