import { PorticoError } from '../core/portico-error.js'
import type { ResourceFileDefinition } from '../model/plugin-model.js'

/** A resource's body: text, or bytes in base64, with its media type. */
export type ResourceBody = { mimeType: string; text: string } | { mimeType: string; blob: string }

/** What reading a resource gives, as one item of MCP's `contents`. */
export type ResourceContents = ResourceBody & { uri: string }

/** A file of `resources/` as contents: decoded once, when the runtime is prepared. */
export function fileContents(resource: ResourceFileDefinition): ResourceContents {
  const { uri, mimeType, file } = resource
  return resource.text
    ? { uri, mimeType, text: Buffer.from(file.base64, 'base64').toString('utf8') }
    : { uri, mimeType, blob: file.base64 }
}

/**
 * What a template's method returned, as a body: a string is text (`text/plain` unless
 * `@mimeType` says otherwise), bytes (`Uint8Array`, `Buffer`, `ArrayBuffer`) are a blob
 * (`application/octet-stream`), any other JSON value is its JSON text (`application/json`).
 * Nothing, or what has no JSON form, is an `execution` error naming the template.
 */
export function templateBody(
  templateId: string,
  result: unknown,
  mimeType: string | undefined,
): ResourceBody {
  if (typeof result === 'string') return { mimeType: mimeType ?? 'text/plain', text: result }
  if (result instanceof Uint8Array || result instanceof ArrayBuffer) {
    const bytes = result instanceof ArrayBuffer ? new Uint8Array(result) : result
    return {
      mimeType: mimeType ?? 'application/octet-stream',
      blob: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    }
  }
  let text: string | undefined
  try {
    text = result === undefined ? undefined : JSON.stringify(result)
  } catch (error) {
    throw noJson(templateId, error)
  }
  if (text === undefined) throw noJson(templateId)
  return { mimeType: mimeType ?? 'application/json', text }
}

function noJson(templateId: string, cause?: unknown): PorticoError {
  return new PorticoError(
    'execution',
    `${templateId} returned no string, bytes or JSON value${cause instanceof Error ? ` (${cause.message})` : ''}`,
    { cause, expose: false },
  )
}
