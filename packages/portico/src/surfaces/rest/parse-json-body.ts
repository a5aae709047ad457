import { PorticoError } from '../../core/portico-error.js'
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../http/exceeds-json-depth.js'
import { parseStrictJson, UnsafeJsonError } from '../../http/parse-strict-json.js'

/** `application/json` and `application/<x>+json`, with any parameters (charset). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Parses a request body as JSON: the media type (415), UTF-8 (400), the
 * nesting depth (400), the syntax (400), and what no input may hold (400: a `__proto__`,
 * `constructor` or `prototype` key, a number past a double; see `parseStrictJson`). An empty
 * body reads as `{}`, so a tool without input can be called with a bare POST.
 */
export function parseJsonBody(bytes: Uint8Array, contentType: string | null): unknown {
  if (bytes.byteLength === 0) return {}
  if (!JSON_MEDIA_TYPE.test(contentType ?? '')) {
    throw new PorticoError(
      'unsupported_media_type',
      `Send the input as application/json (got ${contentType ? JSON.stringify(contentType) : 'no content type'})`,
    )
  }
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    throw new PorticoError('bad_request', 'The body is not valid UTF-8')
  }
  if (exceedsJsonDepth(text)) {
    throw new PorticoError('bad_request', `The body nests deeper than ${MAX_JSON_DEPTH} levels`)
  }
  try {
    return parseStrictJson(text)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new PorticoError(
      'bad_request',
      error instanceof UnsafeJsonError
        ? `The body is refused: ${message}`
        : `The body is not valid JSON: ${message}`,
    )
  }
}
