/** A text block of a rich tool result. */
export interface TextContent {
  type: 'text'
  text: string
}

/** An image block: the bytes base64-encoded, with an `image/*` media type. */
export interface ImageContent {
  type: 'image'
  /** Base64 (RFC 4648 §4, padded). */
  data: string
  mimeType: string
}

/** An audio block: the bytes base64-encoded, with an `audio/*` media type. */
export interface AudioContent {
  type: 'audio'
  /** Base64 (RFC 4648 §4, padded). */
  data: string
  mimeType: string
}

/** The contents of an embedded resource: text, or bytes as base64 `blob`. */
export type EmbeddedResourceContents =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string }

/** A resource carried inside the result. */
export interface EmbeddedResource {
  type: 'resource'
  resource: EmbeddedResourceContents
}

/** A link to a resource the client may read or fetch itself. */
export interface ResourceLink {
  type: 'resource_link'
  uri: string
  name: string
  mimeType?: string
  description?: string
}

/** One block of a rich tool result: the shape of an MCP content block. */
export type ContentBlock =
  | TextContent
  | ImageContent
  | AudioContent
  | EmbeddedResource
  | ResourceLink

/**
 * Marks results made by `content.result`, across copies of `portico` (as `PorticoError` is):
 * the runtime accepts no look-alike object, so a block always went through its helper's checks.
 */
export const toolContentBrand: unique symbol = Symbol.for('portico.toolContent')

/**
 * A rich tool result: content blocks instead of JSON. A tool method whose declared return type
 * is `ToolContent` (or `Promise<ToolContent>`) has no JSON output contract: MCP gets the blocks
 * as they are (no `structuredContent`), REST answers `{ "content": [ …blocks ] }`. Made by
 * `content.result` from `portico`.
 */
export interface ToolContent {
  readonly content: readonly ContentBlock[]
  readonly [toolContentBrand]: true
}

/** The type name the tool deriver recognises as a rich result, as `portico` exports it. */
export const TOOL_CONTENT_TYPE_NAME = 'ToolContent'

/** True when `value` was made by `content.result`, whichever copy of `portico` made it. */
export function isToolContent(value: unknown): value is ToolContent {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [toolContentBrand]?: unknown })[toolContentBrand] === true &&
    Array.isArray((value as { content?: unknown }).content)
  )
}
