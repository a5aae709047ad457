import type { CallToolResult } from '@modelcontextprotocol/server'
import { isPorticoError } from '../../core/portico-error.js'
import { GENERIC_EXECUTION_DETAIL } from '../../http/problem-response.js'

/**
 * A tool's result as MCP wants it: `structuredContent` (plain JSON, so a `Date` becomes its ISO
 * string) and the same JSON as a text block for clients that read only text.
 */
export function toCallToolResult(result: unknown, wrapsOutput: boolean): CallToolResult {
  const text = JSON.stringify(wrapsOutput ? { result: result ?? null } : (result ?? null))
  return {
    content: [{ type: 'text', text }],
    structuredContent: JSON.parse(text) as Record<string, unknown>,
  }
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
