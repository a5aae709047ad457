import type { CallToolResult } from '@modelcontextprotocol/server'
import { isPorticoError } from '../../../core/portico-error.js'
import { requestIdOfError } from '../../../core/request-id.js'
import { GENERIC_EXECUTION_DETAIL } from '../../../http/problem-response.js'
import type { McpResultForm } from '../catalog/to-mcp-tool.js'

/**
 * A tool's result as MCP wants it: `structuredContent` and the same JSON as a text block for
 * clients that read only text; a `ToolContent` result is already `{ content: [...blocks] }`.
 * `resultJson` is the result as `createResultWriter` wrote it (and held to the limit): the text
 * block reuses it. The result is the runtime's, already shaped to plain JSON, so it is used as
 * it is rather than copied through a parse.
 */
export function toCallToolResult(
  result: unknown,
  resultJson: string,
  form: McpResultForm,
): CallToolResult {
  if (form === 'content') return result as CallToolResult
  if (form === 'wrapped') {
    return {
      content: [{ type: 'text', text: `{"result":${resultJson}}` }],
      structuredContent: { result },
    }
  }
  return {
    content: [{ type: 'text', text: resultJson }],
    structuredContent: result as Record<string, unknown>,
  }
}

/**
 * {@link toCallToolResult} written as JSON directly, for the hot path, from the result's JSON
 * alone: the structured content is that text, and the text block its escaped copy. Nothing is
 * serialised twice. `members`, when given, is JSON of more members of the result (`,"a":1`),
 * written in the same pass: cutting the closing brace off a finished result would copy it.
 */
export function toCallToolResultJson(
  resultJson: string,
  form: McpResultForm,
  members = '',
): string {
  if (form === 'content') return members ? `${resultJson.slice(0, -1)}${members}}` : resultJson
  const json = form === 'wrapped' ? `{"result":${resultJson}}` : resultJson
  return `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}${members}}`
}

/**
 * A failed call as a tool result with `isError: true`, so the model can read it and correct
 * itself: validation failures list each path; other failures keep their message only where
 * the REST surface would show it too.
 */
export function toToolErrorResult(error: unknown, dev: boolean): CallToolResult {
  let text: string
  if (!isPorticoError(error)) {
    text = dev && error instanceof Error ? error.message : GENERIC_EXECUTION_DETAIL
  } else if (error.kind === 'validation') {
    text = [
      `${error.message}:`,
      ...error.details.map((detail) => `- ${detail.path}: ${detail.message}`),
    ].join('\n')
  } else {
    text = error.expose || dev ? error.message : GENERIC_EXECUTION_DETAIL
  }
  // The id the server's log line of an unexpected failure carries, for the user to quote.
  const requestId = requestIdOfError(error)
  return {
    content: [{ type: 'text', text }],
    isError: true,
    ...(requestId === undefined ? {} : { _meta: { [META_REQUEST_ID]: requestId } }),
  }
}

/** The `_meta` key of a failed call's request id (see `requestIdOf`). */
export const META_REQUEST_ID = 'com.portico/requestId'
