import { PorticoError } from './portico-error.js'
import {
  type AudioContent,
  type ContentBlock,
  type EmbeddedResource,
  type ImageContent,
  type ResourceLink,
  type TextContent,
  type ToolContent,
  toolContentBrand,
} from './tool-content.js'

/** Bytes as a tool has them: a `Uint8Array` (a Node `Buffer` is one) or an `ArrayBuffer`. */
export type ContentBytes = Uint8Array | ArrayBuffer

/** What {@link content.resource} embeds: text, or bytes (sent base64-encoded as `blob`). */
export type EmbeddedResourceInput =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: ContentBytes }

/** What {@link content.resourceLink} points at. */
export interface ResourceLinkInput {
  uri: string
  name: string
  mimeType?: string
  description?: string
}

/** `type/subtype` with RFC 9110 tokens, parameters allowed (`text/plain; charset=utf-8`). */
const MIME_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*;.*)?$/

/**
 * Builds rich tool results. A tool declares `ToolContent` as its return type and returns
 * `content.result(…blocks)`; each helper checks its arguments and throws a `PorticoError` of
 * kind `execution` naming the problem (a 500, like any bug in the tool; the message shows in
 * dev mode and goes to the log).
 *
 * @example
 * import { content, type ToolContent } from 'portico'
 * export class Charts {
 *   async render(input: { title: string }): Promise<ToolContent> {
 *     const png = await draw(input.title)
 *     return content.result(content.text(`Chart: ${input.title}`), content.image(png, 'image/png'))
 *   }
 * }
 */
export const content = {
  /** A result of these blocks, in order: the one thing a `ToolContent` tool returns. */
  result(...blocks: ContentBlock[]): ToolContent {
    blocks.forEach((block, index) => {
      if (typeof block !== 'object' || block === null || typeof block.type !== 'string') {
        fail('result', `block ${index} is not a content block; make it with a content helper`)
      }
    })
    return { content: blocks, [toolContentBrand]: true }
  },

  /** A text block. */
  text(text: string): TextContent {
    if (typeof text !== 'string') fail('text', 'the text must be a string')
    return { type: 'text', text }
  },

  /** An image block from its bytes and its `image/*` media type (`image/png`). */
  image(bytes: ContentBytes, mimeType: string): ImageContent {
    checkMimeType('image', mimeType, 'image')
    return { type: 'image', data: toBase64('image', bytes), mimeType }
  },

  /** An audio block from its bytes and its `audio/*` media type (`audio/wav`). */
  audio(bytes: ContentBytes, mimeType: string): AudioContent {
    checkMimeType('audio', mimeType, 'audio')
    return { type: 'audio', data: toBase64('audio', bytes), mimeType }
  },

  /** An embedded resource: its URI, optional media type, and its text or its bytes. */
  resource(resource: EmbeddedResourceInput): EmbeddedResource {
    checkUri('resource', resource.uri)
    if (resource.mimeType !== undefined) checkMimeType('resource', resource.mimeType)
    const head = {
      uri: resource.uri,
      ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
    }
    if ('text' in resource && typeof resource.text === 'string') {
      return { type: 'resource', resource: { ...head, text: resource.text } }
    }
    if ('blob' in resource) {
      return { type: 'resource', resource: { ...head, blob: toBase64('resource', resource.blob) } }
    }
    return fail('resource', 'give the resource either text (a string) or blob (bytes)')
  },

  /** A link to a resource: its URI and name, optional media type and description. */
  resourceLink(link: ResourceLinkInput): ResourceLink {
    checkUri('resourceLink', link.uri)
    if (typeof link.name !== 'string' || link.name === '') {
      fail('resourceLink', 'the name must be a non-empty string')
    }
    if (link.mimeType !== undefined) checkMimeType('resourceLink', link.mimeType)
    return {
      type: 'resource_link',
      uri: link.uri,
      name: link.name,
      ...(link.mimeType === undefined ? {} : { mimeType: link.mimeType }),
      ...(link.description === undefined ? {} : { description: link.description }),
    }
  },
}

function fail(helper: string, problem: string): never {
  // A bug in the tool, as a failed output contract is: its message is for dev mode and the log.
  throw new PorticoError('execution', `content.${helper}: ${problem}`, { expose: false })
}

function checkMimeType(helper: string, mimeType: unknown, topLevel?: string): void {
  if (typeof mimeType !== 'string' || !MIME_TYPE.test(mimeType)) {
    fail(helper, `${JSON.stringify(mimeType)} is not a media type (type/subtype, e.g. image/png)`)
  }
  if (topLevel !== undefined && !mimeType.toLowerCase().startsWith(`${topLevel}/`)) {
    fail(helper, `${JSON.stringify(mimeType)} is not an ${topLevel}/* media type`)
  }
}

function checkUri(helper: string, uri: unknown): void {
  if (typeof uri !== 'string' || !URL.canParse(uri)) {
    fail(helper, `${JSON.stringify(uri)} is not an absolute URI`)
  }
}

/** Base64 without `Buffer`, so the entry runs on every runtime; chunked for large inputs. */
function toBase64(helper: string, bytes: ContentBytes): string {
  const view =
    bytes instanceof ArrayBuffer
      ? new Uint8Array(bytes)
      : bytes instanceof Uint8Array
        ? bytes
        : undefined
  if (view === undefined) fail(helper, 'the bytes must be a Uint8Array or an ArrayBuffer')
  if (view.byteLength === 0) fail(helper, 'the bytes are empty')
  let binary = ''
  for (let start = 0; start < view.byteLength; start += 0x8000) {
    binary += String.fromCharCode(...view.subarray(start, start + 0x8000))
  }
  return btoa(binary)
}
