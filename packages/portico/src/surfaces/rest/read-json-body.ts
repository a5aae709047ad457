import { PorticoError } from '../../errors/portico-error.js'

/** `application/json` and `application/<x>+json`, with any parameters (charset). */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i

/**
 * Reads a request body as JSON, in three checked steps: the media type (415), the size limit
 * (413, before and while reading, so a chunked body cannot grow past it) and the JSON syntax
 * (400). An empty body reads as `{}`, so a tool without input can be called with a bare POST.
 */
export async function readJsonBody(request: Request, limitBytes: number): Promise<unknown> {
  const declaredLength = request.headers.get('content-length')
  if (declaredLength !== null && Number(declaredLength) > limitBytes) {
    throw tooLarge(limitBytes)
  }
  const bytes = await readLimited(request, limitBytes)
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
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
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

async function readLimited(request: Request, limitBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limitBytes) {
      await reader.cancel()
      throw tooLarge(limitBytes)
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function tooLarge(limitBytes: number): PorticoError {
  return new PorticoError('payload_too_large', `The body exceeds the limit of ${limitBytes} bytes`)
}
