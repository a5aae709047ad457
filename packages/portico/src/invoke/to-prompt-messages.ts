import type { ContentBlock } from '../core/tool-content.js'
import { createToolContentShaper } from './create-tool-content-shaper.js'

/** One message of a prompt, as `prompts/get` answers it: the user's, holding one block. */
export interface PromptMessage {
  role: 'user'
  content: ContentBlock
}

/**
 * What a prompt gives, as messages: a string is one text message, a `ToolContent` (made by
 * `content.result`) one message per block, in order. Anything else is an `execution` error
 * naming the prompt, as a tool's undeclared output is.
 *
 * @example
 * toPromptMessages('Notes_review', 'Review my notes.')
 * // [{ role: 'user', content: { type: 'text', text: 'Review my notes.' } }]
 */
export function toPromptMessages(promptName: string, result: unknown): PromptMessage[] {
  if (typeof result === 'string') return [{ role: 'user', content: { type: 'text', text: result } }]
  const { content } = createToolContentShaper(promptName)(result) as { content: ContentBlock[] }
  return content.map((block) => ({ role: 'user', content: block }))
}
