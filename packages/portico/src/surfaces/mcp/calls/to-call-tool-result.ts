import type { CallToolResult } from '@modelcontextprotocol/server'
import { isPorticoError } from '../../../core/portico-error.js'
import { GENERIC_EXECUTION_DETAIL } from '../../../http/problem-response.js'
import type { McpResultForm } from '../catalog/to-mcp-tool.js'

/**
 * A tool's result as MCP wants it: `structuredContent` and the same JSON as a text block for
 * clients that read only text; a `ToolContent` result is already `{ content: [...blocks] }`.
 * The result is the runtime's, already shaped to plain JSON, so it is used as it is rather than
 * copied through a parse.
 */
export function toCallToolResult(result: unknown, form: McpResultForm): CallToolResult {
  if (form === 'content') return result as CallToolResult
  const structuredContent = (form === 'wrapped' ? { result } : result) as Record<string, unknown>
  return {
    content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
    structuredContent,
  }
}

/**
 * {@link toCallToolResult} written as JSON directly, for the hot path: the structured content is
 * serialised once and reused, where serialising the result object would write it twice.
 */
export function toCallToolResultJson(result: unknown, form: McpResultForm): string {
  if (form === 'content') return JSON.stringify(result)
  const json = JSON.stringify(form === 'wrapped' ? { result } : result)
  return `{"content":[{"type":"text","text":${JSON.stringify(json)}}],"structuredContent":${json}}`
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
  return { content: [{ type: 'text', text }], isError: true }
}
