import { PorticoError } from '../../errors/portico-error.js'
import { readBodyBytes } from '../../server/read-body-bytes.js'

/** `application/json` and `application/<x>+json`, with any parameters (charset). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Reads a request body as JSON, in three checked steps: the size limit (413, before and while
 * reading), the media type (415) and the syntax (400). An empty body reads as `{}`, so a tool
 * without input can be called with a bare POST.
 */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  const bytes = await readBodyBytes(request, limitBytes)
  if (bytes.byteLength === 0) return {}
  const contentType = request.headers.get('content-type') ?? ''
  if (!JSON_MEDIA_TYPE.test(contentType)) {
    throw new PorticoError(
      'unsupported_media_type',
      `Send the input as application/json (got ${contentType === '' ? 'no content type' : JSON.stringify(contentType)})`,
    )
  }
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    throw new PorticoError('bad_request', 'The body is not valid UTF-8')
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new PorticoError(
      'bad_request',
      `The body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
