import { PorticoError } from '../core/portico-error.js'
import { isToolContent } from '../core/tool-content.js'
import type { OutputShaper } from './compile-output-shaper.js'

/**
 * The shaper of a tool that returns `ToolContent`: the result must come from `content.result`
 * (whose helpers checked every block), and leaves as plain JSON, `{ content: [...blocks] }`.
 */
export function createToolContentShaper(toolId: string): OutputShaper {
  return (result) => {
    if (!isToolContent(result)) {
      throw new PorticoError(
        'execution',
        `The output of ${toolId} does not match its declared type: ToolContent must be made by content.result(…)`,
        { expose: false },
      )
    }
    return { content: [...result.content] }
  }
}
